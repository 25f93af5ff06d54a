import JianpuCore
import JianpuFiles

/// Reads a score file from disk: jianpu text, or the seed app's OpenStep plist.
public enum ScoreLoader {
    /// The largest score read: 1 MB, a hundred times a long song and several times a full
    /// orchestral score written in jianpu. It bounds the memory every command needs (played, a
    /// score takes up to about a hundred bytes per byte of text: `1234567` is seven notes),
    /// and a wrong path to a huge file fails at once.
    public static let maximumBytes = 1 << 20

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
        if let problem = ByteOrderMark.problem(bytes) { return (nil, [.error(at: start, problem)]) }
        if bytes.contains(0) {
            return (nil, [.error(at: start, "binary data (a NUL byte): expected a jianpu text file")])
        }
        if let line = firstLineNotUTF8(bytes) {
            return (nil, [.error(at: SourceLocation(file: path, line: line, column: 1), "the file is not UTF-8 text: save it as UTF-8")])
        }
        if mayBePropertyList(bytes) {
            let text = String(decoding: bytes, as: UTF8.self)
            if SeedPlist.looksLikeSeedPlist(text) { return SeedPlist.parse(text, file: path) }
        }
        return ScoreParser.parse(utf8: bytes, file: path)
    }

    /// The line of the first byte that is not UTF-8, nil when the text is valid (checked without a copy).
    static func firstLineNotUTF8(_ bytes: [UInt8]) -> Int? {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if scalar.count == 1 && scalar.first == UInt8(ascii: "\n") { line += 1 }
            case .emptyInput: return nil
            case .error: return line
            }
        }
    }

    /// Whether the text may be a property list (`PropertyList.looksLikePropertyList`): it opens,
    /// after spaces, with `{`, `(`, `<`, a comment or a byte-order mark. Only then is a String of
    /// it made to look further, so a jianpu score is never copied whole.
    static func mayBePropertyList(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first(where: { ![32, 9, 10, 13].contains($0) }) else { return false }
        return "{(</".utf8.contains(first) || first == 0xEF
    }
}
