/// Parses jianpu-ly text into a `Score`, collecting every problem instead of stopping at the first.
public struct ScoreParser {
    /// The score and everything found wrong with it; the score is usable when there are no errors.
    public static func parse(_ text: String, file: String) -> (score: Score, diagnostics: [Diagnostic]) {
        var parser = ScoreParser(file: file)
        let (words, lexerDiagnostics) = Lexer.words(in: text, file: file)
        parser.log.diagnostics = lexerDiagnostics
        for word in words { parser.consume(word) }
        parser.finishMovement()
        if !parser.movements.contains(where: { $0.parts.contains { $0.items.contains(where: \.isMusic) } }) {
            parser.log.error(SourceLocation(file: file, line: 1, column: 1), "no music found: expected notes such as `1 2 3 4`")
        }
        let diagnostics = parser.log.diagnostics.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        return (Score(file: file, movements: parser.movements), diagnostics)
    }

    let file: String
    var log = ParseLog()
    var movements: [Movement] = []
    var headers: [String: String] = [:]
    var parts: [Part] = []
    var movementLocation: SourceLocation
    var part: PartBuilder

    init(file: String) {
        self.file = file
        let start = SourceLocation(file: file, line: 1, column: 1)
        movementLocation = start
        part = PartBuilder(location: start)
    }

    mutating func consume(_ word: Word) {
        switch word.kind {
        case .nextPart:
            finishPart(next: word.location)
        case .nextScore:
            finishMovement()
            movementLocation = word.location
            part = PartBuilder(location: word.location)
        case .header(let name, let value):
            header(name, value, at: word.location)
        case .music:
            part.consume(word.text, at: word.location, parser: &log)
        }
    }

    mutating func header(_ name: String, _ value: String, at location: SourceLocation) {
        if name == "instrument" {
            if let previous = part.instrument, previous != value {
                log.warning(location, "instrument changes from '\(previous)' to '\(value)' within a part: is a NextPart missing?")
            }
            part.instrument = value
            return
        }
        if let previous = headers[name], previous != value {
            log.warning(location, "header '\(name)' changes from '\(previous)' to '\(value)': is a NextScore missing?")
            return
        }
        headers[name] = value
    }

    mutating func finishPart(next: SourceLocation) {
        let built = part.finish(parser: &log)
        if !built.items.isEmpty || built.instrument != nil { parts.append(built) }
        part = PartBuilder(location: next)
    }

    mutating func finishMovement() {
        finishPart(next: part.location)
        if !parts.isEmpty {
            movements.append(Movement(headers: headers, parts: parts, separateMIDIPerPart: log.separateMIDIPerPart && parts.count > 1, location: movementLocation))
        }
        headers = [:]
        parts = []
        log.separateMIDIPerPart = false
    }
}

/// What reading a score has found so far, and the flags that outlive one part.
struct ParseLog {
    var diagnostics: [Diagnostic] = []
    /// `PartMidi` was written in the current movement.
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
