import Foundation

/// Reads a score file from disk: jianpu text, or the seed app's OpenStep plist.
public enum ScoreLoader {
    /// The largest file read, so a wrong path to a huge file fails at once.
    public static let maximumBytes = 64 << 20

    /// The parsed score (nil when the file could not be read at all) and its diagnostics.
    public static func load(path: String) -> (score: Score?, diagnostics: [Diagnostic]) {
        let start = SourceLocation(file: path, line: 1, column: 1)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return (nil, [.error(at: start, "no such file: check the path")])
        }
        guard !isDirectory.boolValue else { return (nil, [.error(at: start, "is a folder: expected a score file")]) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, [.error(at: start, "cannot read the file: check its permissions")])
        }
        guard data.count <= maximumBytes else {
            return (nil, [.error(at: start, "the file is \(data.count >> 20) MB: expected a score of at most \(maximumBytes >> 20) MB")])
        }
        return parse(Array(data), path: path)
    }

    /// Parses bytes already read, choosing the format from the content.
    public static func parse(_ bytes: [UInt8], path: String) -> (score: Score?, diagnostics: [Diagnostic]) {
        let start = SourceLocation(file: path, line: 1, column: 1)
        if bytes.contains(0) {
            return (nil, [.error(at: start, "binary data (a NUL byte): expected a jianpu text file")])
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if SeedPlist.looksLikeSeedPlist(text) {
            return SeedPlist.parse(text, file: path)
        }
        if text.unicodeScalars.contains("\u{FFFD}") && !bytes.isEmpty && String(validating: bytes, as: UTF8.self) == nil {
            let line = 1 + text.prefix { $0 != "\u{FFFD}" }.filter { $0 == "\n" }.count
            return (nil, [.error(at: SourceLocation(file: path, line: line, column: 1), "the file is not UTF-8 text: save it as UTF-8")])
        }
        let (score, diagnostics) = ScoreParser.parse(text, file: path)
        return (score, diagnostics)
    }
}
