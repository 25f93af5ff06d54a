import CCairo
import Glibc
import JianpuEngraving

/// The font files typesetting reads: found as cairo finds them, through fontconfig.
///
/// They are inputs like the score: an output that is one of them would destroy a font in use
/// (`typeset -o /usr/share/fonts/…/DejaVuSans.ttf`), so they are checked before any work.
public enum FontFiles {
    /// The files of every family, weight and slant the engraving draws with (each once).
    ///
    /// The advance table's own files while it holds (`tableIsCurrent`): the files fontconfig gave where the table was
    /// made, found without loading fontconfig (its configuration and cache cost an SVG typeset milliseconds).
    public static func inUse() -> [String] { tableIsCurrent ? FontAdvances.files.map(\.path) : files }

    /// Whether every file the advance table was made from is installed at its path with its size: then the table
    /// measures as cairo would with them.
    static let tableIsCurrent: Bool = FontAdvances.files.allSatisfy { file in
        var status = stat()
        return stat(file.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && Int(status.st_size) == file.size
    }

    /// Looked up once, in fontconfig's current configuration: the one cairo reads fonts through, so its
    /// files are read once a process (a configuration of its own read them again: 4 ms of a typeset).
    private static let files: [String] = {
        guard let config = FcConfigGetCurrent() else { return [] }
        var files: [String] = []
        for family in [Font.latinFamily, Font.cjkFamily] {
            for bold in [false, true] {
                for italic in [false, true] {
                    if let file = match(family: family, bold: bold, italic: italic, config: config), !files.contains(file) {
                        files.append(file)
                    }
                }
            }
        }
        return files
    }()

    /// The file fontconfig gives for a family and style, as cairo's toy font face asks for it.
    private static func match(family: String, bold: Bool, italic: Bool, config: OpaquePointer) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        _ = FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_OBLIQUE : FC_SLANT_ROMAN)
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_MEDIUM)
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(found, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }
}
