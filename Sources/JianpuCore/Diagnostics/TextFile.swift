import Foundation
import JianpuFiles

/// Reads a small text file (tunings, chord formulas), or says at `file:1:1` why it cannot: no such
/// file, a folder, unreadable, too big, or not UTF-8 (at the line of the first bad byte).
public enum TextFile {
    /// The largest file read: a tuning or chord file of every name there is takes a few kilobytes.
    public static let maximumBytes = 1 << 20

    /// The text, or the one diagnostic that stops it being read.
    public static func read(path: String) -> Result<String, Diagnostic> {
        let start = SourceLocation(file: path, line: 1, column: 1)
        // Through the project's file checks: a name that is not UTF-8 reaches the system byte for byte.
        // A pipe or a device is never read: it could block forever or never end. The size is checked before reading.
        guard let status = FileStatus(path) else {
            // A loop of links or a name too long is not a missing file: said as what it is.
            let code = errno
            return .failure(.error(at: start, code == ENOENT ? "no such file: check the path" : InputFile.missingReason(code)))
        }
        switch status.kind {
        case .directory: return .failure(.error(at: start, "is a folder: expected a text file"))
        case .other: return .failure(.error(at: start, "is not a regular file (a pipe or a device): expected a text file"))
        case .regular: break
        }
        if status.size > maximumBytes {
            return .failure(.error(at: start, "the file is \(InputFile.megabytes(status.size)): expected at most \(InputFile.megabytes(maximumBytes)) of text"))
        }
        guard let data = try? InputFile.read(path, maximumBytes: maximumBytes + 1) else {
            return .failure(.error(at: start, "cannot read the file: check its permissions"))
        }
        guard data.count <= maximumBytes else {
            return .failure(.error(at: start, "the file is \(InputFile.megabytes(data.count)): expected at most \(InputFile.megabytes(maximumBytes)) of text"))
        }
        var bytes = [UInt8](data)
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
