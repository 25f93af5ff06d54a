import JianpuCore

/// Parses jianpu-ly text into a `Score`, collecting every problem instead of stopping at the first.
///
/// The reference keeps its reading state (key, octave, length, open groups) per part, so once
/// the words are split into movements and parts, each part is read on its own, large scores'
/// parts side by side.
public struct ScoreParser {
    /// The score and everything found wrong with it; the score is usable when there are no errors.
    public static func parse(_ text: String, file: String) -> (score: Score, diagnostics: [Diagnostic]) {
        parse(utf8: Array(text.utf8), file: file)
    }

    /// Parses UTF-8 text already checked to be valid (no String of it is made).
    public static func parse(utf8 text: [UInt8], file: String) -> (score: Score, diagnostics: [Diagnostic]) {
        // A byte-order mark, which editors on Windows write first, is no word: skipped, as the plist reader does.
        let bytes = TextBytes.normalised(text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(text.dropFirst(3)) : text)
        // The outline: where parts and movements start, and the headers; the words are only counted.
        var lexer = Lexer(bytes: bytes, file: file, sink: ScoreParser(file: file))
        lexer.scan()
        var parser = lexer.sink
        parser.diagnostics = lexer.diagnostics + parser.diagnostics + ControlCharacters.warnings(in: bytes, file: file)
        parser.finishMovement()
        let built = build(parser.movements.flatMap(\.parts), bytes: bytes, file: file)
        var movements: [Movement] = []
        var measures: [[PerformanceLimits.PartMeasure]] = []
        var nextPart = 0
        for outline in parser.movements {
            let parts = built[nextPart..<(nextPart + outline.parts.count)]
            nextPart += outline.parts.count
            for part in parts { parser.diagnostics += part.log.diagnostics }
            let keptParts = parts.filter { !$0.part.items.isEmpty || $0.part.instrument != nil }
            let kept = keptParts.map(\.part)
            guard !kept.isEmpty else { continue }
            measures.append(keptParts.map(\.measure))
            let separateMIDI = parts.contains { $0.log.separateMIDIPerPart } && kept.count > 1
            var movement = Movement(headers: outline.headers, parts: kept, separateMIDIPerPart: separateMIDI, location: outline.location)
            movement.headerLocations = outline.headerLocations
            movements.append(movement)
        }
        if !movements.contains(where: { $0.parts.contains { $0.items.contains(where: \.isMusic) } }) {
            parser.diagnostics.append(.error(at: SourceLocation(file: file, line: 1, column: 1), "no music found: expected notes such as `1 2 3 4`"))
        }
        // Bounded here, for every caller: past a limit the score keeps no movements to unfold.
        let (score, limits) = PerformanceLimits.checked(Score(file: file, movements: movements), measures: measures)
        parser.diagnostics += limits
        let diagnostics = parser.diagnostics.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        return (score, diagnostics)
    }

    /// A part's place in the text, before it is read.
    struct PartOutline: Sendable {
        var location: SourceLocation
        var instrument: String?
        var instrumentLocation: SourceLocation?
        /// The LilyPond MIDI instrument of an `LP:` block, the part's sound apart from its printed name.
        var sound: String?
        var soundLocation: SourceLocation?
        /// Where the lexer reads the part from: just after its `NextPart`, or the start of the text.
        var start: LexerPosition?
        /// How many words of music the part has (room is made for its items at once).
        var musicWords = 0
        /// The `L:`/`H:` lines written in the part, one verse each.
        var lyrics: [String] = []
        var lyricLocations: [SourceLocation] = []
    }

    /// A movement's headers and parts, before the parts are read.
    struct MovementOutline {
        var headers: [String: String] = [:]
        var headerLocations: [String: SourceLocation] = [:]
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
        part = PartOutline(location: start)
    }

    mutating func header(_ header: Header, at location: SourceLocation) {
        let (name, value) = (header.name, header.value)
        if name == "l:" || name == "h:" {
            // An `H:` line is kept as jianpu-ly hands it to LilyPond, a Han character a word: from here on a
            // verse is read alike, whichever way it was written.
            part.lyrics.append(name == "h:" ? LyricSyllables.hanziSpaced(value) : value)
            part.lyricLocations.append(location)
            return
        }
        if name == "instrument" {
            if let previous = part.instrument, previous != value {
                diagnostics.append(.warning(at: location, "instrument changes from '\(previous)' to '\(value)' within a part: is a NextPart missing?"))
            }
            part.instrument = value
            part.instrumentLocation = location
            return
        }
        if name == "midiinstrument" {
            part.sound = value
            part.soundLocation = location
            return
        }
        // Any other header goes to LilyPond's \header, as jianpu-ly hands it on; one a letter or two from a known
        // header is a slip of the keyboard (`titel=`).
        if !Self.knownHeaders.contains(name) {
            let close = Wording.suggestions(for: name, among: Self.knownHeaders.sorted()).filter { Wording.editDistance(name, $0) <= max(1, name.count / 3) }
            if !close.isEmpty {
                diagnostics.append(.warning(at: location, "unknown header '\(name)='" + Wording.didYouMean(close.map { $0 + "=" })))
            }
        }
        if let previous = movement.headers[name], previous != value {
            diagnostics.append(.warning(at: location, "header '\(name)' changes from '\(previous)' to '\(value)': is a NextScore missing?"))
            return
        }
        movement.headers[name] = value
        movement.headerLocations[name] = location
    }

    /// The headers jianpu-ly and LilyPond's `\header` know, and those read here (a misspelling of one is said).
    static let knownHeaders: Set<String> = [
        "title", "subtitle", "subsubtitle", "composer", "arranger", "poet", "lyricist", "meter", "piece", "opus", "instrument",
        "dedication", "copyright", "tagline", "book", "transposer", "chords", "frets", "midiinstrument", "l:", "h:",
    ]

    mutating func finishPart() {
        // An instrument is known by its printed name, or by the MIDI instrument written beside it.
        if let (value, location) = part.sound.flatMap({ sound in part.soundLocation.map { (sound, $0) } })
            ?? part.instrument.flatMap({ name in part.instrumentLocation.map { (name, $0) } }),
            GeneralMIDI.program(named: value) == nil
        {
            let nearest = GeneralMIDI.nearestNames(to: value).map { "'\($0)'" }.joined(separator: ", ")
            let shown = value.count > 60 ? value.prefix(60) + "…" : value
            diagnostics.append(.warning(at: location, "unknown instrument '\(shown)': it plays as a piano; the nearest MIDI instrument names are \(nearest)"))
        }
        movement.parts.append(part)
    }

    mutating func finishMovement() {
        finishPart()
        movements.append(movement)
    }

    /// Reads each part from its place in the text, and measures it for `PerformanceLimits` (on the bar check's
    /// walk); large parts side by side.
    private static func build(_ parts: [PartOutline], bytes: [UInt8], file: String) -> [(part: Part, log: ParseLog, measure: PerformanceLimits.PartMeasure)] {
        let words = parts.reduce(0) { $0 + $1.musicWords }
        return parts.parallelMap(inParallel: words > workWorthSharing) { outline in
            // The builder goes straight into the lexer, its only owner: a copy held here as well would make
            // the first note copy the items' reserved room (a part's worth of memory mapped twice).
            var lexer = Lexer(bytes: bytes, file: file, sink: PartReader(bytes: bytes, builder: builder(for: outline)), readsHeaders: false)
            lexer.scan(from: outline.start)
            var reader = lexer.sink
            let part = reader.builder.finish(parser: &reader.log)
            return (part, reader.log, reader.builder.measure ?? PerformanceLimits.PartMeasure(part))
        }
    }

    /// A builder for the part `outline` describes, with room for its items.
    private static func builder(for outline: PartOutline) -> PartBuilder {
        var builder = PartBuilder(location: outline.location, expectedItems: outline.musicWords)
        builder.instrument = outline.instrument
        builder.sound = outline.sound
        builder.lyrics = outline.lyrics
        builder.lyricLocations = outline.lyricLocations
        return builder
    }
}

extension ScoreParser: WordSink {
    mutating func music(_ bytes: Range<Int>, at location: SourceLocation) {
        part.musicWords += 1
    }

    mutating func boundary(_ boundary: PartBoundary, at location: SourceLocation, resume: LexerPosition) -> Bool {
        switch boundary {
        case .nextPart:
            finishPart()
        case .nextScore:
            finishMovement()
            movement = MovementOutline(location: location)
        }
        part = PartOutline(location: location, start: resume)
        return true
    }
}

/// Reads one part's words into its builder, stopping at the part's end.
private struct PartReader: WordSink {
    let bytes: [UInt8]
    var builder: PartBuilder
    var log = ParseLog()

    mutating func music(_ word: Range<Int>, at location: SourceLocation) {
        bytes.withUnsafeBufferPointer { bytes in
            builder.consume(UnsafeBufferPointer(rebasing: bytes[word]), at: location, parser: &log)
        }
    }

    mutating func header(_ header: Header, at location: SourceLocation) {}

    mutating func boundary(_ boundary: PartBoundary, at location: SourceLocation, resume: LexerPosition) -> Bool { false }
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
