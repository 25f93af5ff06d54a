/// A property list read with the place of every value: the OpenStep form (`{ key = value; }`,
/// `( a, b )`, strings) or the XML form (`<dict>`, `<key>`, `<array>`, `<string>`, numbers and
/// booleans as their text). The one reader of property lists: seed scores and tunings.
public indirect enum PropertyList: Sendable, Hashable {
    /// A string (or a number or boolean, as written); the place is where its text starts.
    case string(String, SourceLocation)
    case array([PropertyList], SourceLocation)
    /// Keys (with where each is written) and values, in the order written.
    case dictionary([(key: String, value: PropertyList, keyLocation: SourceLocation)], SourceLocation)

    /// Whether `text` is a property list rather than jianpu or table text: after spaces and `//` or
    /// `/* */` comments it opens with `{`, `(`, or XML's `<?xml`, `<!` or `<plist`.
    public static func looksLikePropertyList(_ text: some StringProtocol) -> Bool {
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
            if rest.hasPrefix("//") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*"), let end = rest.firstRange(of: "*/") {
                rest = rest[end.upperBound...]
            } else {
                break
            }
        }
        return rest.first == "{" || rest.first == "(" || rest.hasPrefix("<?xml") || rest.hasPrefix("<!") || rest.hasPrefix("<plist")
    }

    /// Equal when the same strings sit in the same structure; where they are written does not count.
    public static func == (a: PropertyList, b: PropertyList) -> Bool {
        switch (a, b) {
        case (.string(let x, _), .string(let y, _)): x == y
        case (.array(let x, _), .array(let y, _)): x == y
        case (.dictionary(let x, _), .dictionary(let y, _)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let s, _): hasher.combine(0); hasher.combine(s)
        case .array(let items, _): hasher.combine(1); hasher.combine(items)
        case .dictionary(let pairs, _):
            hasher.combine(2)
            for pair in pairs { hasher.combine(pair.key); hasher.combine(pair.value) }
        }
    }

    package var location: SourceLocation {
        switch self {
        case .string(_, let l), .array(_, let l), .dictionary(_, let l): l
        }
    }

    package subscript(key: String) -> PropertyList? {
        if case .dictionary(let pairs, _) = self { return pairs.first { $0.key == key }?.value }
        return nil
    }

    package var stringValue: String? {
        if case .string(let s, _) = self { return s }
        return nil
    }

    /// Reads a whole plist (XML when it opens with `<`), or describes where it went wrong.
    package static func parse(_ text: String, file: String) -> Result<PropertyList, Diagnostic> {
        var reader = Reader(bytes: Array(text.utf8), file: file)
        do throws(Diagnostic) {
            reader.skipSpace()
            let isXML = reader.index < reader.bytes.count && reader.bytes[reader.index] == UInt8(ascii: "<")
            let value = isXML ? try reader.xmlDocument() : try reader.value(depth: 0)
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

        mutating func value(depth: Int) throws(Diagnostic) -> PropertyList {
            guard depth < 200 else { throw problem("nested too deeply: expected at most 200 levels") }
            skipSpace()
            guard index < bytes.count else { throw problem("unexpected end of file: expected a value") }
            let start = location
            switch bytes[index] {
            case UInt8(ascii: "{"):
                step()
                var pairs: [(key: String, value: PropertyList, keyLocation: SourceLocation)] = []
                while true {
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}") { step(); return .dictionary(pairs, start) }
                    guard case .string(let key, let keyLocation) = try value(depth: depth + 1) else { throw problem("expected a key before `=`") }
                    try expect("=")
                    pairs.append((key, try value(depth: depth + 1), keyLocation))
                    try expect(";")
                }
            case UInt8(ascii: "("):
                step()
                var items: [PropertyList] = []
                while true {
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ")") { step(); return .array(items, start) }
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                        step()
                    } else if index < bytes.count, bytes[index] != UInt8(ascii: ")") {
                        throw problem("expected `,` or `)` in a list")
                    }
                }
            case UInt8(ascii: "\""):
                step()
                let content = location
                var scalars: [UInt8] = []
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { step() }
                    scalars.append(bytes[index])
                    step()
                }
                guard index < bytes.count else { throw .error(at: start, "unterminated string: expected a closing `\"`") }
                step()
                return .string(String(decoding: scalars, as: UTF8.self), content)
            default:
                let begin = index
                while index < bytes.count, Self.isBare(bytes[index]) { step() }
                guard index > begin else { throw problem("unexpected `\(Character(UnicodeScalar(bytes[index])))`: expected a value") }
                return .string(String(decoding: bytes[begin..<index], as: UTF8.self), start)
            }
        }

        // MARK: XML

        /// Whether the bytes at the cursor are `text`.
        func looking(at text: String) -> Bool {
            let utf8 = Array(text.utf8)
            return index + utf8.count <= bytes.count && Array(bytes[index..<(index + utf8.count)]) == utf8
        }

        /// Skips spaces, the `<?xml …?>` declaration, `<!DOCTYPE …>` and `<!-- … -->` comments.
        mutating func skipXMLProlog() {
            while true {
                skipSpace()
                if looking(at: "<!--") {
                    while index < bytes.count, !looking(at: "-->") { step() }
                    for _ in 0..<3 where index < bytes.count { step() }
                } else if looking(at: "<?") || looking(at: "<!") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: ">") { step() }
                    if index < bytes.count { step() }
                } else {
                    return
                }
            }
        }

        /// The next tag's name (`dict`, `/dict`, `true/`), the cursor after its `>`.
        mutating func tag() throws(Diagnostic) -> (name: String, location: SourceLocation) {
            skipXMLProlog()
            let start = location
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { throw problem("expected an XML tag such as <dict>") }
            step()
            let begin = index
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") { step() }
            guard index < bytes.count else { throw .error(at: start, "unterminated tag: expected `>`") }
            var name = String(decoding: bytes[begin..<index], as: UTF8.self)
            step()
            if let space = name.firstIndex(of: " ") { name = String(name[..<space]) + (name.hasSuffix("/") ? "/" : "") }
            return (name, start)
        }

        /// The text up to `</name>`, with the five XML entities decoded; the cursor after the closing tag.
        mutating func text(closing name: String) throws(Diagnostic) -> (String, SourceLocation) {
            let start = location
            let begin = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { step() }
            let raw = String(decoding: bytes[begin..<index], as: UTF8.self)
            let closing = try tag()
            guard closing.name == "/" + name else { throw .error(at: closing.location, "expected </\(name)>") }
            let text = raw.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
            return (text, start)
        }

        /// `<plist>` around one value (the `<plist>` tags may be left out).
        mutating func xmlDocument() throws(Diagnostic) -> PropertyList {
            skipXMLProlog()
            var wrapped = false
            if looking(at: "<plist") {
                _ = try tag()
                wrapped = true
            }
            let value = try xmlValue(try tag(), depth: 0)
            if wrapped {
                let closing = try tag()
                guard closing.name == "/plist" else { throw .error(at: closing.location, "expected </plist>") }
            }
            skipXMLProlog()
            return value
        }

        /// The value that the tag just read opens.
        mutating func xmlValue(_ opening: (name: String, location: SourceLocation), depth: Int) throws(Diagnostic) -> PropertyList {
            guard depth < 200 else { throw .error(at: opening.location, "nested too deeply: expected at most 200 levels") }
            switch opening.name {
            case "dict":
                var pairs: [(key: String, value: PropertyList, keyLocation: SourceLocation)] = []
                while true {
                    let next = try tag()
                    if next.name == "/dict" { return .dictionary(pairs, opening.location) }
                    guard next.name == "key" else { throw .error(at: next.location, "expected <key> or </dict> in a <dict>") }
                    let (key, keyLocation) = try text(closing: "key")
                    pairs.append((key, try xmlValue(try tag(), depth: depth + 1), keyLocation))
                }
            case "array":
                var items: [PropertyList] = []
                while true {
                    let next = try tag()
                    if next.name == "/array" { return .array(items, opening.location) }
                    items.append(try xmlValue(next, depth: depth + 1))
                }
            case "dict/", "array/":
                return opening.name == "dict/" ? .dictionary([], opening.location) : .array([], opening.location)
            case "true/", "false/":
                return .string(String(opening.name.dropLast()), opening.location)
            case "string", "integer", "real", "date", "data":
                let (value, location) = try text(closing: opening.name)
                return .string(value, location)
            case "string/":
                return .string("", opening.location)
            default:
                throw .error(at: opening.location, "unexpected <\(opening.name)>: expected <dict>, <array>, <string>, <integer>, <real> or <true/>")
            }
        }

        static func isBare(_ byte: UInt8) -> Bool {
            TextBytes.isLetter(byte) || (48...57).contains(byte) || "_.$:/-+".utf8.contains(byte)
        }
    }
}
