/// Byte-level facts about jianpu text that the lexer and the other readers share.
package enum TextBytes {
    /// Whether `b` is an ASCII letter.
    package static func isLetter(_ b: UInt8) -> Bool { (65...90).contains(b) || (97...122).contains(b) }

    /// Full-width ASCII (`１２３`) and the look-alike comma read as their ASCII forms.
    package static func normalised(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(where: { $0 >= 0xE2 }) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0xFF01...0xFF5E: out.append(UInt8(scalar.value - 0xFEE0))
            case 0x201A: out.append(UInt8(ascii: ","))
            case 0xFF61: out.append(UInt8(ascii: "."))
            case 0x2019: out.append(UInt8(ascii: "'"))
            case 0x3000: out.append(32)
            default: out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }
}
