/// The jianpu text of a score carried inside the pages `jianpu typeset` writes, so that `jianpu scan`
/// gives it back exactly, without recognition.
///
/// In SVG (and the HTML page, whose score is inline SVG) it is one element,
/// `<metadata id="jianpu-source" data-encoding="text" data-bytes="N">…</metadata>`: the text XML-escaped,
/// carriage returns as `&#13;` (an XML reader would turn a raw one into a newline). Text with a character
/// XML forbids even escaped (a control character) is carried as base64 (`data-encoding="base64"`).
/// `data-bytes` is the UTF-8 length, which catches a copy cut short. In a PDF it is an embedded file
/// named `attachmentName` (see `PDFAttachment` in JianpuPrint).
public enum EmbeddedSource {
    /// The `id` of the SVG element.
    public static let elementID = "jianpu-source"
    /// The name of the PDF's embedded file.
    public static let attachmentName = "jianpu-source.jp"
    /// What the PDF says the embedded file is.
    public static let attachmentDescription = "The jianpu-ly text of this score, embedded by jianpu typeset"
    /// The most text read back: the largest score a command reads (`ScoreLoader.maximumBytes`).
    public static let maximumBytes = 1 << 20

    /// The SVG element carrying `text`, with a newline after it.
    public static func svgElement(_ text: String) -> String {
        let bytes = text.utf8.count
        if text.unicodeScalars.allSatisfy(XMLText.isAllowed) {
            var out = "<metadata id=\"\(elementID)\" data-encoding=\"text\" data-bytes=\"\(bytes)\">"
            out.reserveCapacity(bytes + 100)
            XMLText.append(escaping: text, to: &out, carriageReturnAsReference: true)
            return out + "</metadata>\n"
        }
        return "<metadata id=\"\(elementID)\" data-encoding=\"base64\" data-bytes=\"\(bytes)\">\(Base64.encode(Array(text.utf8)))</metadata>\n"
    }

    /// Why an embedded text cannot be given back.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case malformed(String)
        case tooLarge(Int)
        case lengthMismatch(expected: Int, found: Int)
        case notUTF8

        public var description: String {
            switch self {
            case .malformed(let what): "the embedded jianpu text is damaged: \(what)"
            case .tooLarge(let bytes): "the embedded jianpu text is \(bytes) bytes, more than the \(maximumBytes) a score may have"
            case .lengthMismatch(let expected, let found):
                "the embedded jianpu text is cut short or altered: it says \(expected) bytes, \(found) are there"
            case .notUTF8: "the embedded jianpu text is not UTF-8"
            }
        }
    }

    /// The text embedded in SVG or HTML `markup`: nil when there is none, a `Problem` when it is damaged.
    public static func fromMarkup(_ markup: [UInt8]) throws(Problem) -> String? {
        let opening = Array("<metadata id=\"\(elementID)\"".utf8)
        guard let start = find(opening, in: markup, from: 0) else { return nil }
        guard let tagEnd = markup[start...].firstIndex(of: UInt8(ascii: ">")) else { throw .malformed("no end of its element") }
        let tag = String(decoding: markup[start..<tagEnd], as: UTF8.self)
        guard let close = find(Array("</metadata>".utf8), in: markup, from: tagEnd + 1) else { throw .malformed("no closing </metadata>") }
        guard let bytes = attribute("data-bytes", in: tag).flatMap({ Int($0) }) else { throw .malformed("no data-bytes") }
        guard bytes <= maximumBytes else { throw .tooLarge(bytes) }
        let body = markup[(tagEnd + 1)..<close]
        let decoded: [UInt8]
        switch attribute("data-encoding", in: tag) {
        case "text": decoded = try unescaped(body)
        case "base64":
            guard let raw = Base64.decode(body) else { throw .malformed("bad base64") }
            decoded = raw
        default: throw .malformed("unknown data-encoding")
        }
        guard decoded.count == bytes else { throw .lengthMismatch(expected: bytes, found: decoded.count) }
        return try text(decoded)
    }

    /// `bytes` as text, checked as UTF-8.
    public static func text(_ bytes: [UInt8]) throws(Problem) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return text
    }

    /// XML character data with its five entities and numeric references decoded.
    static func unescaped(_ body: ArraySlice<UInt8>) throws(Problem) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var index = body.startIndex
        while index < body.endIndex {
            let byte = body[index]
            guard byte == UInt8(ascii: "&") else { out.append(byte); index += 1; continue }
            guard let semicolon = body[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { throw .malformed("a stray &") }
            let name = String(decoding: body[(index + 1)..<semicolon], as: UTF8.self)
            let scalar: Unicode.Scalar?
            switch name {
            case "amp": scalar = "&"
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if name.hasPrefix("#x") {
                    scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if name.hasPrefix("#") {
                    scalar = UInt32(name.dropFirst(1)).flatMap(Unicode.Scalar.init)
                } else {
                    scalar = nil
                }
            }
            guard let scalar else { throw .malformed("an unknown entity &\(name);") }
            out.append(contentsOf: Array(String(scalar).utf8))
            index = semicolon + 1
        }
        return out
    }

    /// The value of `name="…"` in an opening tag.
    static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    /// Where `needle` first occurs in `haystack` at or after `from`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = from
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

/// Base64 (RFC 4648, with padding), for text that XML cannot carry.
public enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let a = bytes[index], b = index + 1 < bytes.count ? bytes[index + 1] : 0, c = index + 2 < bytes.count ? bytes[index + 2] : 0
            out.append(alphabet[Int(a >> 2)])
            out.append(alphabet[Int((a & 3) << 4 | b >> 4)])
            out.append(index + 1 < bytes.count ? alphabet[Int((b & 15) << 2 | c >> 6)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(c & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of base64 `text` (white space ignored), nil when it is not base64.
    public static func decode<Bytes: Collection<UInt8>>(_ text: Bytes) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(text.count)
        var padding = 0
        for byte in text {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): values.append(62)
            case UInt8(ascii: "/"): values.append(63)
            case UInt8(ascii: "="): padding += 1; values.append(0)
            case 9, 10, 13, 32: continue
            default: return nil
            }
        }
        guard values.count % 4 == 0, padding <= 2 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(values.count / 4 * 3)
        var index = 0
        while index < values.count {
            let a = values[index], b = values[index + 1], c = values[index + 2], d = values[index + 3]
            out.append(a << 2 | b >> 4)
            out.append((b & 15) << 4 | c >> 2)
            out.append((c & 3) << 6 | d)
            index += 4
        }
        out.removeLast(padding)
        return out
    }
}
