import JianpuFiles

/// Reads a score file from disk: jianpu text, or the seed app's OpenStep plist.
public enum ScoreLoader {
    /// The largest file read, so a wrong path to a huge file fails at once.
    public static let maximumBytes = 64 << 20

    /// The parsed score (nil when the file could not be read at all) and its diagnostics.
    public static func load(path: String) -> (score: Score?, diagnostics: [Diagnostic]) {
        // The size and kind are checked before a byte is read: a huge file or a FIFO fails at once.
        do {
            return parse(try InputFile.read(path, maximumBytes: maximumBytes), path: path)
        } catch {
            return (nil, [.error(at: SourceLocation(file: path, line: 0, column: 0), error.message)])
        }
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
