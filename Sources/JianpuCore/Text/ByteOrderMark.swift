/// The byte-order marks a text file may start with.
///
/// Editors on Windows start UTF-8 files with a mark, which is skipped; a UTF-16 or UTF-32 file
/// is named as such, so the message says how to fix it instead of calling it binary data.
public enum ByteOrderMark {
    /// The UTF-8 mark (EF BB BF).
    public static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The encoding a UTF-16 or UTF-32 mark at the start of `bytes` names, or nil.
    public static func otherEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32" }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
        return nil
    }

    /// What is wrong with a text file in UTF-16 or UTF-32, and the fix; nil for any other file.
    public static func problem(_ bytes: [UInt8]) -> String? {
        otherEncoding(bytes).map { "the file is \($0) text (it starts with a \($0) byte-order mark): save it as UTF-8" }
    }
}
