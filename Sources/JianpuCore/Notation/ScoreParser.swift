/// Parses jianpu-ly text into a `Score`, collecting every problem instead of stopping at the first.
///
/// The reference keeps its reading state (key, octave, length, open groups) per part, so once
/// the words are split into movements and parts, each part is read on its own, large scores'
/// parts side by side.
public struct ScoreParser {
    /// The score and everything found wrong with it; the score is usable when there are no errors.
    public static func parse(_ text: String, file: String) -> (score: Score, diagnostics: [Diagnostic]) {
        var parser = ScoreParser(file: file)
        let lexed = Lexer.words(in: text, file: file)
        parser.diagnostics = lexed.diagnostics
        for (index, word) in lexed.words.enumerated() { parser.outline(word, at: index, headers: lexed.headers) }
        parser.finishMovement(at: lexed.words.count)
        let built = build(parser.movements.flatMap(\.parts), of: lexed)
        var movements: [Movement] = []
        var nextPart = 0
        for outline in parser.movements {
            let parts = built[nextPart..<(nextPart + outline.parts.count)]
            nextPart += outline.parts.count
            for part in parts { parser.diagnostics += part.log.diagnostics }
            let kept = parts.map(\.part).filter { !$0.items.isEmpty || $0.instrument != nil }
            guard !kept.isEmpty else { continue }
            let separateMIDI = parts.contains { $0.log.separateMIDIPerPart } && kept.count > 1
            movements.append(Movement(headers: outline.headers, parts: kept, separateMIDIPerPart: separateMIDI, location: outline.location))
        }
        if !movements.contains(where: { $0.parts.contains { $0.items.contains(where: \.isMusic) } }) {
            parser.diagnostics.append(.error(at: SourceLocation(file: file, line: 1, column: 1), "no music found: expected notes such as `1 2 3 4`"))
        }
        // Bounded here, for every caller: past a limit the score keeps no movements to unfold.
        let (score, limits) = PerformanceLimits.checked(Score(file: file, movements: movements))
        parser.diagnostics += limits
        let diagnostics = parser.diagnostics.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        return (score, diagnostics)
    }

    /// A part's place in the words, before it is read.
    struct PartOutline: Sendable {
        var location: SourceLocation
        var instrument: String?
        var words: Range<Int>
        /// The `L:`/`H:` lines written in the part, one verse each.
        var lyrics: [String] = []
    }

    /// A movement's headers and parts, before the parts are read.
    struct MovementOutline {
        var headers: [String: String] = [:]
        var parts: [PartOutline] = []
        var location: SourceLocation
    }

    var diagnostics: [Diagnostic] = []
    var movements: [MovementOutline] = []
    var movement: MovementOutline
    var part: PartOutline

    init(file: String) {
        let start = SourceLocation(file: file, line: 1, column: 1)
        movement = MovementOutline(location: start)
        part = PartOutline(location: start, words: 0..<0)
    }

    /// Takes in the word at `index`: the boundaries of parts and movements, and the headers.
    mutating func outline(_ word: Word, at index: Int, headers: [Header]) {
        switch word.kind {
        case .nextPart:
            finishPart(at: index)
            part = PartOutline(location: word.location, words: (index + 1)..<(index + 1))
        case .nextScore:
            finishMovement(at: index)
            movement = MovementOutline(location: word.location)
            part = PartOutline(location: word.location, words: (index + 1)..<(index + 1))
        case .header(let header):
            self.header(headers[header], at: word.location)
        case .music:
            break
        }
    }

    mutating func header(_ header: Header, at location: SourceLocation) {
        let (name, value) = (header.name, header.value)
        if name == "l:" || name == "h:" {
            part.lyrics.append(value)
            return
        }
        if name == "instrument" {
            if let previous = part.instrument, previous != value {
                diagnostics.append(.warning(at: location, "instrument changes from '\(previous)' to '\(value)' within a part: is a NextPart missing?"))
            }
            part.instrument = value
            if GeneralMIDI.program(named: value) == nil {
                let nearest = GeneralMIDI.nearestNames(to: value).map { "'\($0)'" }.joined(separator: ", ")
                diagnostics.append(.warning(at: location, "unknown instrument '\(value)': it plays as a piano; the nearest MIDI instrument names are \(nearest)"))
            }
            return
        }
        if let previous = movement.headers[name], previous != value {
            diagnostics.append(.warning(at: location, "header '\(name)' changes from '\(previous)' to '\(value)': is a NextScore missing?"))
            return
        }
        movement.headers[name] = value
    }

    mutating func finishPart(at end: Int) {
        part.words = part.words.lowerBound..<max(end, part.words.lowerBound)
        movement.parts.append(part)
    }

    mutating func finishMovement(at end: Int) {
        finishPart(at: end)
        movements.append(movement)
    }

    /// Reads each part from its words; large parts side by side.
    private static func build(_ parts: [PartOutline], of lexed: LexedText) -> [(part: Part, log: ParseLog)] {
        parts.parallelMap(inParallel: lexed.words.count > 20_000) { build($0, of: lexed) }
    }

    private static func build(_ outline: PartOutline, of lexed: LexedText) -> (part: Part, log: ParseLog) {
        var log = ParseLog()
        var builder = PartBuilder(location: outline.location, expectedItems: outline.words.count)
        builder.instrument = outline.instrument
        builder.lyrics = outline.lyrics
        lexed.bytes.withUnsafeBufferPointer { bytes in
            for word in lexed.words[outline.words] {
                guard case .music = word.kind else { continue }
                builder.consume(UnsafeBufferPointer(rebasing: bytes[Int(word.start)..<Int(word.end)]), at: word.location, parser: &log)
            }
        }
        return (builder.finish(parser: &log), log)
    }
}

/// What reading a part has found so far, and the flags that outlive the part.
struct ParseLog: Sendable {
    var diagnostics: [Diagnostic] = []
    /// `PartMidi` was written in the part.
    var separateMIDIPerPart = false

    mutating func error(_ location: SourceLocation, _ message: String) {
        diagnostics.append(.error(at: location, message))
    }

    mutating func warning(_ location: SourceLocation, _ message: String) {
        diagnostics.append(.warning(at: location, message))
    }

    mutating func note(_ location: SourceLocation, _ message: String) {
        diagnostics.append(.note(at: location, message))
    }
}
