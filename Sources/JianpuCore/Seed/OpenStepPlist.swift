/// A value of an OpenStep-style property list (`{ key = value; }`, `( a, b )`, strings).
indirect enum OpenStepPlist: Sendable, Hashable {
    case string(String, SourceLocation)
    case array([OpenStepPlist], SourceLocation)
    case dictionary([(key: String, value: OpenStepPlist)], SourceLocation)

    static func == (a: OpenStepPlist, b: OpenStepPlist) -> Bool { a.hashValue == b.hashValue }
    func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let s, _): hasher.combine(s)
        case .array(let items, _): hasher.combine(items)
        case .dictionary(let pairs, _): for pair in pairs { hasher.combine(pair.key); hasher.combine(pair.value) }
        }
    }

    var location: SourceLocation {
        switch self {
        case .string(_, let l), .array(_, let l), .dictionary(_, let l): l
        }
    }

    subscript(key: String) -> OpenStepPlist? {
        if case .dictionary(let pairs, _) = self { return pairs.first { $0.key == key }?.value }
        return nil
    }

    var stringValue: String? {
        if case .string(let s, _) = self { return s }
        return nil
    }

    /// Reads a whole plist, or describes where it went wrong.
    static func parse(_ text: String, file: String) -> Result<OpenStepPlist, Diagnostic> {
        var reader = Reader(bytes: Array(text.utf8), file: file)
        do throws(Diagnostic) {
            let value = try reader.value(depth: 0)
            reader.skipSpace()
            if reader.index < reader.bytes.count { throw reader.problem("expected the end of the file after the top-level value") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        let file: String
        var index = 0, line = 1, column = 1

        init(bytes: [UInt8], file: String) {
            self.bytes = bytes
            self.file = file
        }

        var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

        func problem(_ message: String) -> Diagnostic { .error(at: location, message) }

        mutating func step() {
            if bytes[index] == UInt8(ascii: "\n") { line += 1; column = 1 } else if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }

        mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 32 || byte == 9 || byte == 10 || byte == 13 {
                    step()
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != 10 { step() }
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    step(); step()
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { step() }
                    if index + 1 < bytes.count { step(); step() } else { index = bytes.count }
                } else {
                    return
                }
            }
        }

        mutating func expect(_ character: Character) throws(Diagnostic) {
            skipSpace()
            guard index < bytes.count, bytes[index] == character.asciiValue else { throw problem("expected `\(character)`") }
            step()
        }

        mutating func value(depth: Int) throws(Diagnostic) -> OpenStepPlist {
            guard depth < 200 else { throw problem("nested too deeply: expected at most 200 levels") }
            skipSpace()
            guard index < bytes.count else { throw problem("unexpected end of file: expected a value") }
            let start = location
            switch bytes[index] {
            case UInt8(ascii: "{"):
                step()
                var pairs: [(key: String, value: OpenStepPlist)] = []
                while true {
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}") { step(); return .dictionary(pairs, start) }
                    guard case .string(let key, _) = try value(depth: depth + 1) else { throw problem("expected a key before `=`") }
                    try expect("=")
                    pairs.append((key, try value(depth: depth + 1)))
                    try expect(";")
                }
            case UInt8(ascii: "("):
                step()
                var items: [OpenStepPlist] = []
                while true {
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ")") { step(); return .array(items, start) }
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { step() } else if index < bytes.count, bytes[index] != UInt8(ascii: ")") {
                        throw problem("expected `,` or `)` in a list")
                    }
                }
            case UInt8(ascii: "\""):
                step()
                var scalars: [UInt8] = []
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { step() }
                    scalars.append(bytes[index])
                    step()
                }
                guard index < bytes.count else { throw .error(at: start, "unterminated string: expected a closing `\"`") }
                step()
                return .string(String(decoding: scalars, as: UTF8.self), start)
            default:
                let begin = index
                while index < bytes.count, Self.isBare(bytes[index]) { step() }
                guard index > begin else { throw problem("unexpected `\(Character(UnicodeScalar(bytes[index])))`: expected a value") }
                return .string(String(decoding: bytes[begin..<index], as: UTF8.self), start)
            }
        }

        static func isBare(_ byte: UInt8) -> Bool {
            Lexer.isLetter(byte) || (48...57).contains(byte) || "_.$:/-+".utf8.contains(byte)
        }
    }
}
