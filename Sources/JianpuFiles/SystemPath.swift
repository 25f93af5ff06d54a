#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path exactly as the system has it: bytes that are not UTF-8 kept one for one.
///
/// A file name on Linux is any bytes; a Swift string is UTF-8. Decoding a command-line argument the
/// usual way replaces each bad byte with U+FFFD, so `export -o $'out\xe9.mid'` would write another
/// file, `out\u{FFFD}.mid`. Here a byte that is not part of valid UTF-8 becomes one code point of a
/// private-use block (U+10FD80 to U+10FDFF, which no file name of ours holds), and every path goes
/// back to the system through `cString(_:)`, which turns those code points into their bytes again.
/// Messages show them as `\xE9` (`visible(_:)`).
public enum SystemPath {
    /// The first of the 128 code points that stand for the bytes 0x80 to 0xFF.
    static let base: UInt32 = 0x10FD00

    /// The string for `bytes`: valid UTF-8 as it is, every other byte as its stand-in code point.
    public static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
            if length > 0, index + length <= bytes.count,
                let text = String(validating: bytes[index..<(index + length)], as: UTF8.self)
            {
                scalars.append(contentsOf: text.unicodeScalars)
                index += length
            } else {
                scalars.append(Unicode.Scalar(base + UInt32(lead))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The byte a code point stands for, or nil for any other code point.
    public static func byte(for scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= base + 0x80 && scalar.value <= base + 0xFF ? UInt8(scalar.value - base) : nil
    }

    /// True when `path` holds a byte that is not UTF-8.
    public static func hasRawBytes(_ path: String) -> Bool {
        path.unicodeScalars.contains { byte(for: $0) != nil }
    }

    /// The bytes of `path` for the system, each stand-in turned back into its byte.
    public static func bytes(_ path: String) -> [UInt8] {
        guard hasRawBytes(path) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        for scalar in path.unicodeScalars {
            if let raw = byte(for: scalar) { bytes.append(raw) } else { bytes.append(contentsOf: String(scalar).utf8) }
        }
        return bytes
    }

    /// `path` as a C string for a system call (`open(SystemPath.cString(path), …)`).
    public static func cString(_ path: String) -> [CChar] {
        guard hasRawBytes(path) else { return path.utf8CString.map { $0 } }
        return bytes(path).map { CChar(bitPattern: $0) } + [0]
    }

    /// The string for a C string the system gave (a link's destination, a resolved path).
    public static func string(cString pointer: UnsafePointer<CChar>) -> String {
        string(UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) })
    }

    /// `text` with each stand-in shown as the byte it is (`\xE9`), for a message.
    public static func visible(_ text: String) -> String {
        guard hasRawBytes(text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if let raw = byte(for: scalar) {
                let digits = String(raw, radix: 16, uppercase: true)
                out += "\\x" + (digits.count == 1 ? "0" : "") + digits
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The program's arguments byte for byte (`CommandLine.arguments` replaces bytes that are not UTF-8).
    public static func arguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { index in
            CommandLine.unsafeArgv[index].map { string(cString: $0) } ?? ""
        }
    }
}
