/// Splits jianpu text into words and header lines, dropping what only matters for layout.
///
/// Follows the reference's line rules: `%` comments, `LP:`…`:LP` LilyPond blocks,
/// `L:`/`H:` lyrics (a lone `L:` runs to the next blank line), `name=value` headers,
/// `%% tempo: 4=80`, full-width characters read as ASCII, and `(`, `)`, `~` written
/// against a note taken as words of their own.
public struct Lexer {
    public let file: String
    private let origin: SourceLocation
    private(set) var words: [Word] = []
    private(set) var diagnostics: [Diagnostic] = []

    public init(file: String) {
        self.file = file
        self.origin = SourceLocation(file: file, line: 1, column: 1)
    }

    /// The words of `text` in order, with the diagnostics found while splitting it.
    public static func words(in text: String, file: String) -> (words: [Word], diagnostics: [Diagnostic]) {
        var lexer = Lexer(file: file)
        lexer.scan(Array(text.utf8))
        return (lexer.words, lexer.diagnostics)
    }

    private func location(_ line: Int, _ column: Int) -> SourceLocation {
        origin.moved(line: line, column: column)
    }

    private mutating func scan(_ bytes: [UInt8]) {
        var lines: [(number: Int, bytes: ArraySlice<UInt8>)] = []
        var start = 0, number = 1
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            lines.append((number, bytes[start..<index]))
            start = index + 1
            number += 1
        }
        if start < bytes.count { lines.append((number, bytes[start...])) }

        var lpBlockStart: Int? = nil
        var index = 0
        while index < lines.count {
            let (lineNumber, raw) = lines[index]
            index += 1
            var line = Self.normalised(raw)
            let indent = Self.leadingSpace(line)
            line = Self.trimmed(line)
            if lpBlockStart != nil {
                if line.starts(with: Array(":LP".utf8)) { lpBlockStart = nil }
                continue
            }
            if line.isEmpty { continue }
            if line.starts(with: Array("LP:".utf8)) || line.starts(with: Array("LPH:".utf8)) {
                lpBlockStart = lineNumber
                continue
            }
            if line.starts(with: Array(":LP".utf8)) { continue }
            let isLyrics = line.starts(with: Array("L:".utf8)) || line.starts(with: Array("H:".utf8))
            let header = isLyrics ? nil : Self.headerName(line)
            if isLyrics || header != nil {
                var value = String(decoding: header.map { line[(line.startIndex + $0.valueOffset)...] } ?? line.dropFirst(2), as: UTF8.self)
                value = value.trimmingSpaces
                // A lone `L:` or `chords=` runs on to the next blank line.
                if value.isEmpty && (isLyrics || header?.name == "chords") {
                    var collected: [String] = []
                    while index < lines.count {
                        let next = Self.trimmed(Self.normalised(lines[index].bytes))
                        if next.isEmpty { break }
                        collected.append(String(decoding: next, as: UTF8.self))
                        index += 1
                    }
                    value = collected.joined(separator: " ")
                }
                if let header {
                    words.append(Word(kind: .header(name: header.name, value: value), text: String(decoding: line, as: UTF8.self), location: location(lineNumber, indent + 1)))
                }
                continue
            }
            // `%% tempo: 4=80`, an old way of writing a tempo.
            if let tempo = Self.commentedTempo(line) {
                words.append(Word(kind: .music, text: tempo.text, location: location(lineNumber, indent + tempo.column)))
                continue
            }
            splitWords(line, lineNumber: lineNumber, columnOffset: indent)
        }
        if let block = lpBlockStart {
            diagnostics.append(.error(at: location(block, 1), "unterminated LP: block: expected a line starting with :LP"))
        }
    }

    /// Splits a line of music into words; `NextPart`/`NextScore` start a fresh line.
    private mutating func splitWords(_ line: ArraySlice<UInt8>, lineNumber: Int, columnOffset: Int) {
        var position = line.startIndex
        var column = columnOffset + 1
        func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 || b == 11 || b == 12 }
        func advance() {
            // Columns count characters, not bytes: skip UTF-8 continuation bytes.
            if line[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        while position < line.endIndex {
            while position < line.endIndex, isSpace(line[position]) { advance() }
            guard position < line.endIndex else { break }
            let start = position, startColumn = column
            let quoted = line[position] == UInt8(ascii: "\"")
                || (position + 1 < line.endIndex && (line[position] == UInt8(ascii: "^") || line[position] == UInt8(ascii: "_")) && line[position + 1] == UInt8(ascii: "\""))
            if quoted {
                // Text above or below the note may hold spaces: it runs to the closing quote.
                let quote = UInt8(ascii: "\"")
                var closing = (line[position] == quote ? position : position + 1) + 1
                while closing < line.endIndex, line[closing] != quote { closing += 1 }
                while position < line.endIndex, position <= closing { advance() }
            }
            while position < line.endIndex, !isSpace(line[position]) { advance() }
            let word = line[start..<position]
            if word.first == UInt8(ascii: "%") { return }
            let text = String(decoding: word, as: UTF8.self)
            if text == "NextPart" || text == "NextScore" {
                words.append(Word(kind: text == "NextPart" ? .nextPart : .nextScore, text: text, location: location(lineNumber, startColumn)))
                let rest = Self.trimmed(line[position...])
                if !rest.isEmpty {
                    // What follows on the line is read as a line of its own (`NextPart instrument=Alto`).
                    let restColumn = column + String(decoding: line[position..<rest.startIndex], as: UTF8.self).count
                    scanRestOfLine(rest, lineNumber: lineNumber, column: restColumn)
                }
                return
            }
            appendMusicWord(word, text: text, lineNumber: lineNumber, column: startColumn)
        }
    }

    private mutating func scanRestOfLine(_ rest: ArraySlice<UInt8>, lineNumber: Int, column: Int) {
        if let header = Self.headerName(rest) {
            let value = String(decoding: rest[(rest.startIndex + header.valueOffset)...], as: UTF8.self).trimmingSpaces
            words.append(Word(kind: .header(name: header.name, value: value), text: String(decoding: rest, as: UTF8.self), location: location(lineNumber, column)))
        } else {
            splitWords(rest, lineNumber: lineNumber, columnOffset: column - 1)
        }
    }

    /// Adds a word, first splitting `(`, `)` and `~` off the end of a note (`5~` is `5 ~`).
    private mutating func appendMusicWord(_ word: ArraySlice<UInt8>, text: String, lineNumber: Int, column: Int) {
        var end = word.endIndex
        while end > word.startIndex, word[end - 1] == UInt8(ascii: "(") || word[end - 1] == UInt8(ascii: ")") || word[end - 1] == UInt8(ascii: "~") {
            end -= 1
        }
        if end < word.endIndex, end > word.startIndex, NoteWord.looksLikeNote(word[word.startIndex..<end]) {
            let noteText = String(decoding: word[word.startIndex..<end], as: UTF8.self)
            words.append(Word(kind: .music, text: noteText, location: location(lineNumber, column)))
            let noteLength = noteText.count
            for (offset, byte) in word[end...].enumerated() {
                words.append(Word(kind: .music, text: String(UnicodeScalar(byte)), location: location(lineNumber, column + noteLength + offset)))
            }
            return
        }
        words.append(Word(kind: .music, text: text, location: location(lineNumber, column)))
    }

    // MARK: - Line helpers

    /// Full-width ASCII (`１２３`) and the look-alike comma read as their ASCII forms.
    static func normalised(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var endIndex = line.endIndex
        if endIndex > line.startIndex, line[endIndex - 1] == 13 { endIndex -= 1 }
        let line = line[line.startIndex..<endIndex]
        guard line.contains(where: { $0 >= 0xE2 }) else { return line }
        var out: [UInt8] = []
        for scalar in String(decoding: line, as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0xFF01...0xFF5E: out.append(UInt8(scalar.value - 0xFEE0))
            case 0x201A: out.append(UInt8(ascii: ","))
            case 0xFF61: out.append(UInt8(ascii: "."))
            case 0x2019: out.append(UInt8(ascii: "'"))
            case 0x3000: out.append(32)
            default: out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out[...]
    }

    static func leadingSpace(_ line: ArraySlice<UInt8>) -> Int {
        line.prefix { $0 == 32 || $0 == 9 }.count
    }

    static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 }
        guard let first = line.firstIndex(where: { !isSpace($0) }), let last = line.lastIndex(where: { !isSpace($0) }) else { return [] }
        return line[first...last]
    }

    /// The lower-cased name of a `name=value` line and where its value starts.
    static func headerName(_ line: ArraySlice<UInt8>) -> (name: String, valueOffset: Int)? {
        var index = line.startIndex
        while index < line.endIndex, Self.isLetter(line[index]) { index += 1 }
        guard index > line.startIndex else { return nil }
        let nameEnd = index
        while index < line.endIndex, line[index] == 32 || line[index] == 9 { index += 1 }
        guard index < line.endIndex, line[index] == UInt8(ascii: "=") else { return nil }
        return (String(decoding: line[line.startIndex..<nameEnd], as: UTF8.self).lowercased(), index + 1 - line.startIndex)
    }

    static func isLetter(_ b: UInt8) -> Bool { (65...90).contains(b) || (97...122).contains(b) }

    static func commentedTempo(_ line: ArraySlice<UInt8>) -> (text: String, column: Int)? {
        guard line.starts(with: Array("%%".utf8)) else { return nil }
        let rest = Self.trimmed(line.dropFirst(2))
        guard rest.starts(with: Array("tempo:".utf8)) else { return nil }
        let value = Self.trimmed(rest.dropFirst(6))
        guard !value.isEmpty, !value.contains(32), !value.contains(9) else { return nil }
        return (String(decoding: value, as: UTF8.self), value.startIndex - line.startIndex + 1)
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
