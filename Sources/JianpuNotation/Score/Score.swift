import JianpuCore

/// A parsed jianpu file: headers and one or more movements (`NextScore` separates them).
public struct Score: Sendable, Hashable {
    /// The file the score was read from, as given.
    public var file: String
    public var movements: [Movement]

    public init(file: String, movements: [Movement]) {
        self.file = file
        self.movements = movements
    }

    /// The title of the first movement that has one.
    public var title: String? { movements.lazy.compactMap { $0.headers["title"] }.first }
}

/// One movement: simultaneous parts (`NextPart` separates them) and the headers given in them.
public struct Movement: Sendable, Hashable {
    /// Header lines (`title=…`, `composer=…`), names lower-cased, first value kept.
    public var headers: [String: String]
    /// Where each header was given, for messages about its value.
    public var headerLocations: [String: SourceLocation] = [:]
    public var parts: [Part]
    /// `PartMidi`: the reference writes one MIDI file of all parts, then one per part.
    public var separateMIDIPerPart: Bool
    public var location: SourceLocation

    public init(headers: [String: String] = [:], parts: [Part], separateMIDIPerPart: Bool = false, location: SourceLocation) {
        self.headers = headers
        self.parts = parts
        self.separateMIDIPerPart = separateMIDIPerPart
        self.location = location
    }
}

/// One voice of a movement: its instrument and its music in written order.
public struct Part: Sendable, Hashable {
    /// The `instrument=` header of the part, if any.
    public var instrument: String?
    /// The MIDI instrument it sounds as, when written apart from the printed name (an `LP:` block's
    /// `\set Staff.midiInstrument = #"flute"`, as LilyPond says it); nil when the name says it.
    public var sound: String?
    public var items: [MusicItem]
    /// The `L:`/`H:` lines written in the part, one verse each: an `L:` line as written, an `H:` line spaced a
    /// Han character a word (`LyricSyllables.hanziSpaced`).
    public var lyrics: [String]
    /// Slurs and words over or under notes: printed, not played.
    public var slurs: [Slur]
    public var annotations: [Annotation]
    /// Fermatas, breath marks and articulations over notes, hairpins under them, rehearsal marks over the
    /// system: printed, not played.
    public var marks: [PerformerMark] = []
    public var hairpins: [Hairpin] = []
    public var rehearsalMarks: [RehearsalMark] = []
    public var location: SourceLocation

    public init(
        instrument: String? = nil, sound: String? = nil, items: [MusicItem], lyrics: [String] = [], slurs: [Slur] = [],
        annotations: [Annotation] = [], location: SourceLocation
    ) {
        self.instrument = instrument
        self.sound = sound
        self.items = items
        self.lyrics = lyrics
        self.slurs = slurs
        self.annotations = annotations
        self.location = location
    }
}

extension Score {
    /// Where each note, rest, dash, grace-note word and whole-bar rest is written, by where it starts.
    public var wordRanges: [SourceLocation: SourceRange] {
        struct Collector: MusicWalker {
            var ranges: [SourceLocation: SourceRange] = [:]
            mutating func visitNote(_ note: Note, ratio: WholeNotes) { ranges[note.location] = note.range }
            mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) { ranges[dash.location] = dash.range }
            mutating func visitGrace(_ grace: GraceNotes) { ranges[grace.location] = grace.range }
            mutating func visitMultibarRest(_ rest: MultibarRest) { ranges[rest.location] = rest.range }
        }
        var collector = Collector()
        for movement in movements {
            for part in movement.parts { collector.walk(part.items) }
        }
        return collector.ranges
    }
}
