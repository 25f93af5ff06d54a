/// What comes before an XML document's root element, read as XML defines it, and the long values after.
///
/// The prolog is the XML declaration, then comments, processing instructions and white space in any
/// order, with at most one DOCTYPE among them. Entities can be declared only in the DOCTYPE's
/// internal subset, so that is where a declaration is looked for, outside quoted strings and comments.
enum XMLProlog {
    /// The place (line, column) of the first `<!ENTITY` of the DOCTYPE's internal subset, nil when there is none.
    static func entityDeclaration(in bytes: [UInt8]) -> (Int, Int)? {
        var reader = Reader(bytes: bytes)
        while !reader.atEnd {
            if reader.skipSpace() { continue }
            if reader.starts("<?") { reader.skip(past: "?>"); continue }
            if reader.starts("<!--") { reader.skip(past: "-->"); continue }
            if reader.starts("<!DOCTYPE") { return reader.entityInDoctype() }
            // The root element, or something that is no prolog (the parser says what).
            return nil
        }
        return nil
    }

    /// The encoding the XML declaration names (`encoding="..."`), nil when it names none.
    static func declaredEncoding(in bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let end = bytes.prefix(512).firstIndex(of: UInt8(ascii: ">")) ?? min(bytes.count, 512)
        let declaration = String(decoding: bytes[..<end], as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// The place and length of the first text or attribute value longer than `limit` bytes (the longest
    /// run without markup, or inside quotes within a tag), nil when there is none.
    static func longValue(in bytes: [UInt8], longerThan limit: Int) -> (Int, Int, Int)? {
        guard bytes.count > limit else { return nil }
        var line = 1, column = 1
        var start = 0, startLine = 1, startColumn = 1
        var inTag = false
        var quote: UInt8 = 0
        for index in bytes.indices {
            let byte = bytes[index]
            let boundary: Bool
            if inTag {
                if quote != 0 {
                    boundary = byte == quote
                    if byte == quote { quote = 0 }
                } else {
                    boundary = true
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte }
                    if byte == UInt8(ascii: ">") { inTag = false }
                }
            } else {
                boundary = byte == UInt8(ascii: "<")
                if boundary { inTag = true }
            }
            if boundary {
                if index - start > limit { return (startLine, startColumn, index - start) }
                start = index + 1
                startLine = line
                startColumn = column + 1
            }
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return bytes.count - start > limit ? (startLine, startColumn, bytes.count - start) : nil
    }

    /// A cursor over the bytes that counts lines and columns as it goes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var column = 1

        var atEnd: Bool { index >= bytes.count }

        func starts(_ text: String) -> Bool {
            let pattern = Array(text.utf8)
            return index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
        }

        mutating func advance() {
            guard index < bytes.count else { return }
            if bytes[index] == UInt8(ascii: "\n") { line += 1; column = 1 } else if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }

        /// Skips one white-space byte; false when there is none here.
        mutating func skipSpace() -> Bool {
            guard !atEnd, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) else { return false }
            advance()
            return true
        }

        /// Moves past the next `end` (or to the end of the bytes).
        mutating func skip(past end: String) {
            while !atEnd, !starts(end) { advance() }
            for _ in end.utf8 { advance() }
        }

        /// From `<!DOCTYPE`: the place of an `<!ENTITY` in its internal subset, nil when it has none.
        mutating func entityInDoctype() -> (Int, Int)? {
            var quote: UInt8 = 0
            var inSubset = false
            while !atEnd {
                let byte = bytes[index]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if inSubset && starts("<!--") {
                    skip(past: "-->")
                    continue
                } else if inSubset && starts("<?") {
                    skip(past: "?>")
                    continue
                } else if inSubset && starts("<!ENTITY") {
                    return (line, column)
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    inSubset = true
                } else if byte == UInt8(ascii: "]") {
                    inSubset = false
                } else if byte == UInt8(ascii: ">"), !inSubset {
                    return nil
                }
                advance()
            }
            return nil
        }
    }
}
