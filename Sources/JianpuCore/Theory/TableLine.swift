/// One `name: entry, entry, …` line of a tunings or chord-formula file, with the place of each
/// part, so that problems are reported as `file:line:column`.
///
/// Blank lines and lines whose first non-space character is `#` are skipped (a `#` later in a
/// line is a sharp sign, not a comment).
struct TableLine: Sendable, Hashable {
    /// A piece of text and where it starts.
    struct Field: Sendable, Hashable {
        var text: String
        var location: SourceLocation
    }

    var name: Field
    var entries: [Field]

    /// Reads every table line of `text`; malformed lines become diagnostics and are left out.
    static func read(text: String, file: String) -> (lines: [TableLine], diagnostics: [Diagnostic]) {
        var lines: [TableLine] = []
        var diagnostics: [Diagnostic] = []
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            var characters = Array(rawLine)
            if lineNumber == 1, characters.first == "\u{FEFF}" { characters.removeFirst() }
            guard let first = characters.firstIndex(where: { !$0.isWhitespace }), characters[first] != "#"
            else { continue }
            let location = { (index: Int) in SourceLocation(file: file, line: lineNumber, column: index + 1) }
            guard let colon = characters.firstIndex(of: ":") else {
                let nameEnd = characters[first...].firstIndex { $0.isWhitespace || $0 == "," } ?? characters.count
                diagnostics.append(
                    .error(
                        at: location(nameEnd),
                        "expected ':' after '\(String(characters[first..<nameEnd]))'"))
                continue
            }
            let name = field(characters, from: first, to: colon, location: location)
            if name.text.isEmpty {
                diagnostics.append(.error(at: location(first), "missing name before ':'"))
                continue
            }
            if let problem = controlCharacterProblem(name) {
                diagnostics.append(problem)
                continue
            }
            var entries: [Field] = []
            var start = colon + 1
            var malformed = false
            while start <= characters.count {
                let end = characters[start...].firstIndex(of: ",") ?? characters.count
                let entry = field(characters, from: start, to: end, location: location)
                if entry.text.isEmpty {
                    let message =
                        end == characters.count && entries.isEmpty
                        ? "no entries after '\(name.text):'" : "empty entry (two commas, or a comma at the end)"
                    diagnostics.append(.error(at: entry.location, message))
                    malformed = true
                }
                entries.append(entry)
                start = end + 1
            }
            if !malformed { lines.append(TableLine(name: name, entries: entries)) }
        }
        return (lines, diagnostics)
    }

    /// The error for a name holding a control character (an escape would act on the terminal that
    /// shows the name), nil for a name without one.
    static func controlCharacterProblem(_ name: Field) -> Diagnostic? {
        let controls = Array(name.text.unicodeScalars.filter(TerminalText.isControl))
        guard !controls.isEmpty else { return nil }
        return .error(at: name.location, "the name '\(TerminalText.visible(name.text))' holds a control character (\(XMLText.describe(controls))): a name is letters, digits and signs")
    }

    /// The diagnostics sorted by place; those at one place keep the order they were found in.
    static func inSourceOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    /// The trimmed text of `characters[start..<end]` and where it starts; an empty field is
    /// placed at `start`, just after the colon or comma before it.
    private static func field(
        _ characters: [Character], from start: Int, to end: Int,
        location: (Int) -> SourceLocation
    ) -> Field {
        var lower = start
        var upper = end
        while lower < upper, characters[lower].isWhitespace { lower += 1 }
        while upper > lower, characters[upper - 1].isWhitespace { upper -= 1 }
        return Field(text: String(characters[lower..<upper]), location: location(lower < upper ? lower : start))
    }
}
