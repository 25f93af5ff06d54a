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

    /// Whether every file the advance table was made from is installed at its path with its size, and fontconfig
    /// reads only the system's configuration: then cairo would draw with those files, and the table measures as it would.
    static let tableIsCurrent: Bool =
        configurationIsTheSystems
        && FontAdvances.files.allSatisfy { file in
            var status = stat()
            return stat(file.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && Int(status.st_size) == file.size
        }

    /// Whether no configuration or fonts of the user's own could give fontconfig other files: none of its variables
    /// set (`FONTCONFIG_FILE` names another configuration), no personal configuration file or font folder.
    private static var configurationIsTheSystems: Bool {
        let variables: [String] = ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"]
        if variables.contains(where: { getenv($0) != nil }) { return false }
        let home = getenv("HOME").map { String(cString: $0) }
        let configuration = getenv("XDG_CONFIG_HOME").map { String(cString: $0) } ?? home.map { $0 + "/.config" }
        let data = getenv("XDG_DATA_HOME").map { String(cString: $0) } ?? home.map { $0 + "/.local/share" }
        var personal: [String] = []
        if let configuration { personal += [configuration + "/fontconfig"] }
        if let data { personal += [data + "/fonts"] }
        if let home { personal += [home + "/.fonts.conf", home + "/.fonts.conf.d", home + "/.fonts"] }
        return !personal.contains { access($0, F_OK) == 0 }
    }

    /// The files fontconfig gives, looked up whether or not the table holds (what the table is checked against).
    static var fontconfigFiles: [String] { files }

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
