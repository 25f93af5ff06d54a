/// Splits jianpu text into words and header lines, dropping what only matters for layout.
///
/// Follows the reference's line rules: `%` comments, `LP:`…`:LP` LilyPond blocks,
/// `L:`/`H:` lyrics (a lone `L:` runs to the next blank line), `name=value` headers,
/// `%% tempo: 4=80`, full-width characters read as ASCII, and `(`, `)`, `~` written
/// against a note taken as words of their own.
public struct Lexer {
    private var output: LexedText
    private let origin: SourceLocation

    /// The words of `text` in order, with the diagnostics found while splitting it.
    static func words(in text: String, file: String) -> LexedText {
        var lexer = Lexer(bytes: normalised(Array(text.utf8)), file: file)
        lexer.scan()
        return lexer.output
    }

    /// How many words `text` splits into (for measuring the lexer alone).
    package static func wordCount(in text: String, file: String) -> Int {
        words(in: text, file: file).words.count
    }

    private init(bytes: [UInt8], file: String) {
        output = LexedText(bytes: bytes)
        origin = SourceLocation(file: file, line: 1, column: 1)
        // Room for a word every two bytes: memory not written to costs nothing.
        output.words.reserveCapacity(bytes.count / 2)
    }

    private func location(_ line: Int, _ column: Int) -> SourceLocation {
        origin.moved(line: line, column: column)
    }

    /// A line of the text: its number and where its bytes are.
    private struct Line {
        var number: Int
        var start: Int
        var end: Int
    }

    private func line(startingAt start: Int, number: Int) -> Line {
        let bytes = output.bytes
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return Line(number: number, start: start, end: end)
    }

    private mutating func scan() {
        let count = output.bytes.count
        var lpBlockStart: Int? = nil
        var next = 0, number = 1
        while next < count {
            let raw = line(startingAt: next, number: number)
            next = raw.end + 1
            number += 1
            let indent = leadingSpace(raw.start..<raw.end)
            let line = trimmed(raw.start..<raw.end)
            if lpBlockStart != nil {
                if starts(line, with: ":LP") { lpBlockStart = nil }
                continue
            }
            if line.isEmpty { continue }
            if starts(line, with: "LP:") || starts(line, with: "LPH:") {
                lpBlockStart = raw.number
                continue
            }
            if starts(line, with: ":LP") { continue }
            let isLyrics = starts(line, with: "L:") || starts(line, with: "H:")
            let header = isLyrics ? nil : headerName(line)
            if isLyrics || header != nil {
                let valueRange = trimmed(header.map { (line.lowerBound + $0.valueOffset)..<line.upperBound } ?? (line.lowerBound + 2)..<line.upperBound)
                var value = string(valueRange)
                let isChords = header?.name == "chords"
                if isChords { checkChords(valueRange, at: location(raw.number, indent + 1 + string(line.lowerBound..<valueRange.lowerBound).count)) }
                // A lone `L:` or `chords=` runs on to the next blank line.
                if value.isEmpty && (isLyrics || isChords) {
                    var collected: [String] = []
                    while next < count {
                        let following = self.line(startingAt: next, number: number)
                        let text = trimmed(following.start..<following.end)
                        if text.isEmpty { break }
                        if isChords { checkChords(text, at: location(following.number, leadingSpace(following.start..<following.end) + 1)) }
                        collected.append(string(text))
                        next = following.end + 1
                        number += 1
                    }
                    value = collected.joined(separator: " ")
                }
                // Lyrics travel as a header named `l:` or `h:`, so that they stay with the part they are written in.
                let name = header?.name ?? (output.bytes[line.lowerBound] == UInt8(ascii: "H") ? "h:" : "l:")
                appendHeader(name: name, value: value, bytes: line, at: location(raw.number, indent + 1))
                continue
            }
            // `%% tempo: 4=80`, an old way of writing a tempo.
            if let tempo = commentedTempo(line) {
                append(.music, tempo, at: location(raw.number, indent + tempo.lowerBound - line.lowerBound + 1))
                continue
            }
            splitWords(line, lineNumber: raw.number, columnOffset: indent)
        }
        if let block = lpBlockStart {
            output.diagnostics.append(.error(at: location(block, 1), "unterminated LP: block: expected a line starting with :LP"))
        }
    }

    private mutating func append(_ kind: Word.Kind, _ bytes: Range<Int>, at location: SourceLocation) {
        output.words.append(Word(kind: kind, start: Int32(truncatingIfNeeded: bytes.lowerBound), end: Int32(truncatingIfNeeded: bytes.upperBound), location: location))
    }

    private mutating func appendHeader(name: String, value: String, bytes: Range<Int>, at location: SourceLocation) {
        output.headers.append(Header(name: name, value: value))
        append(.header(output.headers.count - 1), bytes, at: location)
    }

    /// Warns about the words of a `chords=` value (starting at `start`) that are not LilyPond chords.
    private mutating func checkChords(_ range: Range<Int>, at start: SourceLocation) {
        for (offset, word) in ChordAccompaniment.unreadableWords(in: string(range)) {
            let place = SourceLocation(file: start.file, line: start.line, column: start.column + offset)
            output.diagnostics.append(.warning(at: place, "'\(word)' in chords= is not a chord: expected LilyPond chord names such as c2. g:7 a:m fis:dim or a rest r4, so it stays silent"))
        }
    }

    /// Splits a line of music into words; `NextPart`/`NextScore` start a fresh line.
    private mutating func splitWords(_ line: Range<Int>, lineNumber: Int, columnOffset: Int) {
        let bytes = output.bytes
        var position = line.lowerBound
        var column = columnOffset + 1
        func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 || b == 11 || b == 12 }
        func advance() {
            // Columns count characters, not bytes: skip UTF-8 continuation bytes.
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        while position < line.upperBound {
            while position < line.upperBound, isSpace(bytes[position]) { advance() }
            guard position < line.upperBound else { break }
            let start = position, startColumn = column
            let quoted = bytes[position] == UInt8(ascii: "\"")
                || (position + 1 < line.upperBound && (bytes[position] == UInt8(ascii: "^") || bytes[position] == UInt8(ascii: "_")) && bytes[position + 1] == UInt8(ascii: "\""))
            if quoted {
                // Text above or below the note may hold spaces: it runs to the closing quote.
                let quote = UInt8(ascii: "\"")
                var closing = (bytes[position] == quote ? position : position + 1) + 1
                while closing < line.upperBound, bytes[closing] != quote { closing += 1 }
                while position < line.upperBound, position <= closing { advance() }
            }
            while position < line.upperBound, !isSpace(bytes[position]) { advance() }
            let word = start..<position
            if bytes[start] == UInt8(ascii: "%") { return }
            let isNextPart = equals(word, "NextPart")
            if isNextPart || equals(word, "NextScore") {
                append(isNextPart ? .nextPart : .nextScore, word, at: location(lineNumber, startColumn))
                let rest = trimmed(position..<line.upperBound)
                if !rest.isEmpty {
                    // What follows on the line is read as a line of its own (`NextPart instrument=Alto`).
                    let restColumn = column + string(position..<rest.lowerBound).count
                    scanRestOfLine(rest, lineNumber: lineNumber, column: restColumn)
                }
                return
            }
            appendMusicWord(word, lineNumber: lineNumber, column: startColumn)
        }
    }

    private mutating func scanRestOfLine(_ rest: Range<Int>, lineNumber: Int, column: Int) {
        if let header = headerName(rest) {
            let value = string(trimmed((rest.lowerBound + header.valueOffset)..<rest.upperBound))
            appendHeader(name: header.name, value: value, bytes: rest, at: location(lineNumber, column))
        } else {
            splitWords(rest, lineNumber: lineNumber, columnOffset: column - 1)
        }
    }

    /// Adds a word, first splitting `(`, `)` and `~` off the end of a note (`5~` is `5 ~`).
    private mutating func appendMusicWord(_ word: Range<Int>, lineNumber: Int, column: Int) {
        let bytes = output.bytes
        var end = word.upperBound
        while end > word.lowerBound, bytes[end - 1] == UInt8(ascii: "(") || bytes[end - 1] == UInt8(ascii: ")") || bytes[end - 1] == UInt8(ascii: "~") {
            end -= 1
        }
        if end < word.upperBound, end > word.lowerBound, NoteWord.looksLikeNote(bytes[word.lowerBound..<end]) {
            // A note is ASCII, so its columns are its bytes.
            append(.music, word.lowerBound..<end, at: location(lineNumber, column))
            for index in end..<word.upperBound {
                append(.music, index..<(index + 1), at: location(lineNumber, column + index - word.lowerBound))
            }
            return
        }
        append(.music, word, at: location(lineNumber, column))
    }

    // MARK: - Line helpers

    private func string(_ range: Range<Int>) -> String {
        String(decoding: output.bytes[range], as: UTF8.self)
    }

    private func starts(_ range: Range<Int>, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard range.count >= count else { return false }
        return prefix.withUTF8Buffer { prefix in
            (0..<count).allSatisfy { output.bytes[range.lowerBound + $0] == prefix[$0] }
        }
    }

    private func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
        range.count == word.utf8CodeUnitCount && starts(range, with: word)
    }

    private func leadingSpace(_ range: Range<Int>) -> Int {
        var index = range.lowerBound
        while index < range.upperBound, output.bytes[index] == 32 || output.bytes[index] == 9 { index += 1 }
        return index - range.lowerBound
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 }
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isSpace(output.bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(output.bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// The lower-cased name of a `name=value` line and where its value starts.
    private func headerName(_ line: Range<Int>) -> (name: String, valueOffset: Int)? {
        let bytes = output.bytes
        var index = line.lowerBound
        while index < line.upperBound, Self.isLetter(bytes[index]) { index += 1 }
        guard index > line.lowerBound else { return nil }
        let nameEnd = index
        while index < line.upperBound, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
        guard index < line.upperBound, bytes[index] == UInt8(ascii: "=") else { return nil }
        return (string(line.lowerBound..<nameEnd).lowercased(), index + 1 - line.lowerBound)
    }

    static func isLetter(_ b: UInt8) -> Bool { (65...90).contains(b) || (97...122).contains(b) }

    /// Where the tempo of a `%% tempo: 4=80` line is, if the line is one.
    private func commentedTempo(_ line: Range<Int>) -> Range<Int>? {
        guard starts(line, with: "%%") else { return nil }
        let rest = trimmed((line.lowerBound + 2)..<line.upperBound)
        guard starts(rest, with: "tempo:") else { return nil }
        let value = trimmed((rest.lowerBound + 6)..<rest.upperBound)
        guard !value.isEmpty, !output.bytes[value].contains(32), !output.bytes[value].contains(9) else { return nil }
        return value
    }

    /// Full-width ASCII (`１２３`) and the look-alike comma read as their ASCII forms.
    static func normalised(_ bytes: [UInt8]) -> [UInt8] {
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
