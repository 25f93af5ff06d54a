import JianpuFiles

/// Reads a small text file (tunings, chord formulas), or says at `file:1:1` why it cannot: no such
/// file, a folder, unreadable, too big (the checks of `InputFile`, the one way every file is read), or not
/// UTF-8 (at the line of the first bad byte).
public enum TextFile {
    /// The largest file read: a tuning or chord file of every name there is takes a few kilobytes.
    public static let maximumBytes = 1 << 20

    /// The text, or the one diagnostic that stops it being read.
    public static func read(path: String) -> Result<String, Diagnostic> {
        let start = SourceLocation(file: path, line: 1, column: 1)
        var bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, maximumBytes: maximumBytes, expected: "a text file")
        } catch {
            return .failure(.error(at: start, error.isMissingFile ? "no such file: check the path" : error.message))
        }
        if let problem = ByteOrderMark.problem(bytes) { return .failure(.error(at: start, problem)) }
        if bytes.starts(with: ByteOrderMark.utf8) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let decoded = String(decoding: bytes, as: UTF8.self)
            let line = 1 + decoded.prefix { $0 != "\u{FFFD}" }.filter { $0 == "\n" }.count
            return .failure(.error(at: SourceLocation(file: path, line: line, column: 1), "the file is not UTF-8 text: save it as UTF-8"))
        }
        return .success(text)
    }
}
