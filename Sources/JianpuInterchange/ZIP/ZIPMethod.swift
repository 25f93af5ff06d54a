/// What an `.mxl` entry is stored with, and why jianpu cannot read it when it cannot.
///
/// ZIPFoundation reads stored and Deflate entries only; an encrypted entry (a password) or one compressed
/// with bzip2, LZMA, Zstandard or AES gave "invalidCompressionMethod", or "names no score" when the
/// container itself could not be read. Said here in words, naming the entry and the method.
enum ZIPMethod {
    /// The names of the compression methods an archive may declare (APPNOTE 4.4.5).
    static func name(_ method: UInt64) -> String {
        switch method {
        case 1: "Shrink"
        case 6: "Implode"
        case 9: "Deflate64"
        case 12: "bzip2"
        case 14: "LZMA"
        case 19: "LZ77"
        case 93: "Zstandard"
        case 95: "XZ"
        case 96: "JPEG"
        case 97: "WavPack"
        case 98: "PPMd"
        default: "method \(method)"
        }
    }

    /// Why the entry `path` cannot be read, nil when it can (stored or Deflate, not encrypted).
    static func problem(path: String, _ kind: (flags: UInt64, method: UInt64)?) -> String? {
        guard let kind else { return nil }
        // Bit 0 of the flags is encryption; method 99 is WinZip's AES encryption.
        if kind.flags & 1 != 0 || kind.method == 99 {
            return "the archive entry '\(path)' is encrypted (it needs a password): jianpu reads .mxl archives without one; save the score again without a password"
        }
        guard kind.method == 0 || kind.method == 8 else {
            return "the archive entry '\(path)' is compressed with \(name(kind.method)), which jianpu does not read (only Deflate, the .mxl standard): save the .mxl again with the usual compression"
        }
        return nil
    }
}
