import JianpuCore

/// Splits jianpu text into words and header lines, dropping what only matters for layout.
///
/// Follows the reference's line rules: `%` comments, `LP:`…`:LP` LilyPond blocks,
/// `L:`/`H:` lyrics (a lone `L:` runs to the next blank line), `name=value` headers,
/// `%% tempo: 4=80`, full-width characters read as ASCII, and `(`, `)`, `~` written
/// against a note taken as words of their own.
///
/// The words go straight to a `WordSink` as they are read: the parser reads the whole text
/// once for its outline (parts, movements, headers), then each part again from where it starts,
/// so no list of words is ever kept.
struct Lexer<Sink: WordSink> {
    /// The text as UTF-8, full-width characters already read as ASCII.
    let bytes: [UInt8]
    var sink: Sink
    /// What was found wrong while splitting the text (only when `readsHeaders`).
    private(set) var diagnostics: [Diagnostic] = []
    /// Whether header values are read and checked; a part read again skips them.
    private let readsHeaders: Bool
    private let origin: SourceLocation
    /// Set when the sink asks to stop at a part boundary.
    private var stopped = false

    /// A lexer of `bytes` (already `normalised`) handing its words to `sink`.
    init(bytes: [UInt8], file: String, sink: Sink, readsHeaders: Bool = true) {
        self.bytes = bytes
        self.sink = sink
        self.readsHeaders = readsHeaders
        origin = SourceLocation(file: file, line: 1, column: 1)
    }

    /// Reads from `position` (the start of the text when nil) to the end, or until the sink stops it.
    mutating func scan(from position: LexerPosition? = nil) {
        if let position {
            if !position.rest.isEmpty { scanRestOfLine(position.rest, lineNumber: position.lineNumber, column: position.restColumn) }
            if !stopped { scanLines(from: position.nextLine, number: position.lineNumber + 1) }
        } else {
            scanLines(from: 0, number: 1)
        }
    }

    // Inlined: called on the lexer as a whole, it made the compiler copy the lexer and its sink for every word.
    @inline(__always)
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
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return Line(number: number, start: start, end: end)
    }

    private mutating func scanLines(from start: Int, number firstNumber: Int) {
        let count = bytes.count
        var lpBlockStart: Int? = nil
        var next = start, number = firstNumber
        while next < count && !stopped {
            let raw = line(startingAt: next, number: number)
            next = raw.end + 1
            number += 1
            let indent = leadingSpace(raw.start..<raw.end)
            let line = trimmed(raw.start..<raw.end)
            if lpBlockStart != nil {
                if starts(line, with: ":LP") {
                    lpBlockStart = nil
                } else if readsHeaders, let sound = LilyPondSetting.midiInstrument(in: string(line)) {
                    // The one LilyPond setting we act on: the part's MIDI sound, apart from its printed name.
                    sink.header(Header(name: "midiinstrument", value: sound), at: location(raw.number, indent + 1))
                }
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
                let isChords = header?.name == "chords"
                if isChords && readsHeaders { checkChords(valueRange, at: location(raw.number, indent + 1 + string(line.lowerBound..<valueRange.lowerBound).count)) }
                var collected: [String] = []
                // A lone `L:` or `chords=` runs on to the next blank line.
                if valueRange.isEmpty && (isLyrics || isChords) {
                    while next < count {
                        let following = self.line(startingAt: next, number: number)
                        let text = trimmed(following.start..<following.end)
                        if text.isEmpty { break }
                        if readsHeaders {
                            if isChords { checkChords(text, at: location(following.number, leadingSpace(following.start..<following.end) + 1)) }
                            collected.append(string(text))
                        }
                        next = following.end + 1
                        number += 1
                    }
                }
                guard readsHeaders else { continue }
                let value = valueRange.isEmpty ? collected.joined(separator: " ") : string(valueRange)
                // Lyrics travel as a header named `l:` or `h:`, so that they stay with the part they are written in.
                let name = header?.name ?? (bytes[line.lowerBound] == UInt8(ascii: "H") ? "h:" : "l:")
                sink.header(Header(name: name, value: value), at: location(raw.number, indent + 1))
                continue
            }
            // `%% tempo: 4=80`, an old way of writing a tempo.
            if let tempo = commentedTempo(line) {
                sink.music(tempo, at: location(raw.number, indent + tempo.lowerBound - line.lowerBound + 1))
                continue
            }
            splitWords(line, lineNumber: raw.number, columnOffset: indent)
        }
        if let block = lpBlockStart, readsHeaders {
            diagnostics.append(.error(at: location(block, 1), "unterminated LP: block: expected a line starting with :LP"))
        }
    }

    /// Warns about the words of a `chords=` value (starting at `start`) that are not LilyPond chords.
    private mutating func checkChords(_ range: Range<Int>, at start: SourceLocation) {
        for (offset, word) in ChordLine.unreadableWords(in: string(range)) {
            let place = SourceLocation(file: start.file, line: start.line, column: start.column + offset)
            diagnostics.append(.warning(at: place, "'\(word)' in chords= is not a chord: expected LilyPond chord names such as c2. g:7 a:m fis:dim or a rest r4, so it stays silent"))
        }
    }

    /// Splits a line of music into words; `NextPart`/`NextScore` start a fresh line.
    private mutating func splitWords(_ line: Range<Int>, lineNumber: Int, columnOffset: Int) {
        var position = line.lowerBound
        var column = columnOffset + 1
        while position < line.upperBound {
            guard let found = bytes.withUnsafeBufferPointer({ Self.nextWord(in: $0, from: position, column: column, end: line.upperBound) }) else { break }
            let start = found.start, startColumn = found.startColumn
            (position, column) = (found.end, found.endColumn)
            let word = start..<position
            if bytes[start] == UInt8(ascii: "%") { return }
            let isNextPart = equals(word, "NextPart")
            if isNextPart || equals(word, "NextScore") {
                // What follows on the line is read as a line of its own (`NextPart instrument=Alto`).
                let rest = trimmed(position..<line.upperBound)
                let resume = LexerPosition(
                    rest: rest, restColumn: column + string(position..<rest.lowerBound).count, lineNumber: lineNumber,
                    nextLine: self.line(startingAt: line.upperBound, number: lineNumber).end + 1)
                guard sink.boundary(isNextPart ? .nextPart : .nextScore, at: location(lineNumber, startColumn), resume: resume) else {
                    stopped = true
                    return
                }
                if !rest.isEmpty { scanRestOfLine(rest, lineNumber: lineNumber, column: resume.restColumn) }
                return
            }
            appendMusicWord(word, lineNumber: lineNumber, column: startColumn)
        }
    }

    /// The next word of a line from `position` (at `column`) to `end`, and where it ends: spaces
    /// skipped, quoted text (`"a b"`, `^"a b"`) held together; nil when only spaces are left.
    /// Read through a pointer: this loop sees every byte of the text, twice.
    @inline(__always)
    private static func nextWord(
        in bytes: UnsafeBufferPointer<UInt8>, from position: Int, column: Int, end: Int
    )
        -> (start: Int, startColumn: Int, end: Int, endColumn: Int)?
    {
        var position = position, column = column
        // Space, tab, carriage return, vertical tab and form feed, as one test against a mask of their bits.
        func isSpace(_ b: UInt8) -> Bool { b <= 32 && (UInt64(0x1_0000_3A00) >> UInt64(b)) & 1 == 1 }
        func advance() {
            // Columns count characters, not bytes: skip UTF-8 continuation bytes.
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        while position < end, isSpace(bytes[position]) { advance() }
        guard position < end else { return nil }
        let start = position, startColumn = column
        let quoted =
            bytes[position] == UInt8(ascii: "\"")
            || (position + 1 < end && (bytes[position] == UInt8(ascii: "^") || bytes[position] == UInt8(ascii: "_")) && bytes[position + 1] == UInt8(ascii: "\""))
        if quoted {
            // Text above or below the note may hold spaces: it runs to the closing quote.
            let quote = UInt8(ascii: "\"")
            var closing = (bytes[position] == quote ? position : position + 1) + 1
            while closing < end, bytes[closing] != quote { closing += 1 }
            while position < end, position <= closing { advance() }
        }
        while position < end, !isSpace(bytes[position]) { advance() }
        return (start, startColumn, position, column)
    }

    private mutating func scanRestOfLine(_ rest: Range<Int>, lineNumber: Int, column: Int) {
        if let header = headerName(rest) {
            guard readsHeaders else { return }
            let value = string(trimmed((rest.lowerBound + header.valueOffset)..<rest.upperBound))
            sink.header(Header(name: header.name, value: value), at: location(lineNumber, column))
        } else {
            splitWords(rest, lineNumber: lineNumber, columnOffset: column - 1)
        }
    }

    /// Adds a word, first splitting `(`, `)` and `~` off the end of a note (`5~` is `5 ~`).
    private mutating func appendMusicWord(_ word: Range<Int>, lineNumber: Int, column: Int) {
        var end = word.upperBound
        while end > word.lowerBound, bytes[end - 1] == UInt8(ascii: "(") || bytes[end - 1] == UInt8(ascii: ")") || bytes[end - 1] == UInt8(ascii: "~") {
            end -= 1
        }
        if end < word.upperBound, end > word.lowerBound, NoteWord.looksLikeNote(bytes[word.lowerBound..<end]) {
            // A note is ASCII, so its columns are its bytes.
            sink.music(word.lowerBound..<end, at: location(lineNumber, column))
            for index in end..<word.upperBound {
                sink.music(index..<(index + 1), at: location(lineNumber, column + index - word.lowerBound))
            }
            return
        }
        sink.music(word, at: location(lineNumber, column))
    }

    // MARK: - Line helpers

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func starts(_ range: Range<Int>, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard range.count >= count else { return false }
        return prefix.withUTF8Buffer { prefix in
            (0..<count).allSatisfy { bytes[range.lowerBound + $0] == prefix[$0] }
        }
    }

    private func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
        range.count == word.utf8CodeUnitCount && starts(range, with: word)
    }

    private func leadingSpace(_ range: Range<Int>) -> Int {
        var index = range.lowerBound
        while index < range.upperBound, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
        return index - range.lowerBound
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 }
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// The lower-cased name of a `name=value` line and where its value starts.
    private func headerName(_ line: Range<Int>) -> (name: String, valueOffset: Int)? {
        var index = line.lowerBound
        while index < line.upperBound, TextBytes.isLetter(bytes[index]) { index += 1 }
        guard index > line.lowerBound else { return nil }
        let nameEnd = index
        while index < line.upperBound, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
        guard index < line.upperBound, bytes[index] == UInt8(ascii: "=") else { return nil }
        return (string(line.lowerBound..<nameEnd).lowercased(), index + 1 - line.lowerBound)
    }

    /// Where the tempo of a `%% tempo: 4=80` line is, if the line is one.
    private func commentedTempo(_ line: Range<Int>) -> Range<Int>? {
        guard starts(line, with: "%%") else { return nil }
        let rest = trimmed((line.lowerBound + 2)..<line.upperBound)
        guard starts(rest, with: "tempo:") else { return nil }
        let value = trimmed((rest.lowerBound + 6)..<rest.upperBound)
        guard !value.isEmpty, !bytes[value].contains(32), !bytes[value].contains(9) else { return nil }
        return value
    }

}

/// Where a part starts: just after its `NextPart` or `NextScore`, from where the lexer reads it again.
struct LexerPosition: Sendable, Hashable {
    /// What follows the boundary word on its line, trimmed (`instrument=Alto` in `NextPart instrument=Alto`).
    var rest: Range<Int>
    var restColumn: Int
    var lineNumber: Int
    /// Where the line after it starts.
    var nextLine: Int
}

/// Counts words: the lexer alone, for measuring it.
package struct WordCounter: WordSink {
    package var count = 0

    mutating func music(_ bytes: Range<Int>, at location: SourceLocation) { count += 1 }
    mutating func header(_ header: Header, at location: SourceLocation) { count += 1 }
    mutating func boundary(_ boundary: PartBoundary, at location: SourceLocation, resume: LexerPosition) -> Bool {
        count += 1
        return true
    }

    /// How many words `text` splits into.
    package static func words(in text: String) -> Int {
        var lexer = Lexer(bytes: TextBytes.normalised(Array(text.utf8)), file: "", sink: WordCounter())
        lexer.scan()
        return lexer.sink.count
    }
}
