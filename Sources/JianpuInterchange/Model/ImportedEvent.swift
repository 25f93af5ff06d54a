import JianpuCore

/// A note, chord or rest of an imported part, with everything written on it.
public struct ImportedEvent: Sendable, Hashable {
    /// The sounding pitches; empty for a rest. A transposing instrument's pitches are already concert pitch.
    public var pitches: [ImportedPitch]
    /// How long it sounds, inside its tuplet (a triplet quaver is 1/12).
    public var length: WholeNotes
    /// The tuplet it belongs to: `actual` notes in the time of `normal` (3 in 2 for a triplet).
    public var tuplet: ImportedTuplet?
    /// A grace note: it takes no time of the bar. `isGraceAfter` marks one that ends the previous note.
    public var isGrace: Bool
    public var isGraceAfter: Bool
    /// A grace note's written value (a quaver grace is `g[q1]`), where the reader keeps its `length` zero.
    public var graceValue: WholeNotes?
    /// A slur starts or ends on this event (ties are per pitch: `ImportedPitch.tiedToNext`).
    public var startsSlur: Bool
    public var endsSlur: Bool
    public var isArpeggiated: Bool
    /// Whole bars of rest this event stands for (`R*8`), when it is a multi-bar rest; nil otherwise.
    public var multibarRestCount: Int?
    /// One entry per verse (index 0 is verse 1); nil where the verse has no syllable on this note.
    public var lyrics: [ImportedSyllable?]
    /// A chord symbol sounding from this event on (`Am7`, `G/B`), in the source's own spelling.
    public var chordSymbol: String?
    /// A dynamic mark from this event on (`p`, `mf`, `ff`).
    public var dynamic: String?
    /// A tempo change at this event (inside the bar).
    public var tempo: ImportedTempo?
    /// Marks a performer reads on this note, as the text writes them after it (`\\fermata`, `\\staccato`,
    /// `\\accent`, `\\tenuto`, `\\breathe`, a hairpin's `\\<` `\\>` and its end `\\!`).
    public var marks: [String] = []
    /// Words over (`rit.`) or under (`dolce`) the note.
    public var wordsAbove: [String] = []
    public var wordsBelow: [String] = []
    /// A rehearsal mark at this note (`A`, `12`).
    public var rehearsal: String?
    /// Where in the source the event is written, for warnings.
    public var place: String

    public init(
        pitches: [ImportedPitch] = [], length: WholeNotes, tuplet: ImportedTuplet? = nil, isGrace: Bool = false,
        isGraceAfter: Bool = false, startsSlur: Bool = false, endsSlur: Bool = false, isArpeggiated: Bool = false,
        multibarRestCount: Int? = nil, lyrics: [ImportedSyllable?] = [], chordSymbol: String? = nil,
        dynamic: String? = nil, tempo: ImportedTempo? = nil, place: String = ""
    ) {
        self.pitches = pitches
        self.length = length
        self.tuplet = tuplet
        self.isGrace = isGrace
        self.isGraceAfter = isGraceAfter
        self.startsSlur = startsSlur
        self.endsSlur = endsSlur
        self.isArpeggiated = isArpeggiated
        self.multibarRestCount = multibarRestCount
        self.lyrics = lyrics
        self.chordSymbol = chordSymbol
        self.dynamic = dynamic
        self.tempo = tempo
        self.place = place
    }

    public var isRest: Bool { pitches.isEmpty }

    /// Words over or under the music (a MusicXML direction, an ABC annotation) as one line for `^"…"`, without the
    /// quotes the word cannot hold; nil when empty or longer than a line.
    static func words(_ text: String) -> String? {
        let flat = text.split(whereSeparator: { $0.isWhitespace || $0 == "\"" }).joined(separator: " ")
        return flat.isEmpty || flat.count > 80 ? nil : flat
    }
}

/// One sounding pitch of an event, with its spelling when the source gives one.
public struct ImportedPitch: Sendable, Hashable {
    public var pitch: Pitch
    /// The written letter and alteration (`F#`, `Gb`), when known; the writer spells by the key otherwise.
    public var spelling: NoteName?
    public var tiedToNext: Bool
    /// The source marks this pitch as the end of a tie (MusicXML `<tie type="stop"/>`); a reader that
    /// knows it lets a tie whose next note does not say so be dropped, as other readers do.
    public var tiedFromPrevious: Bool

    public init(pitch: Pitch, spelling: NoteName? = nil, tiedToNext: Bool = false, tiedFromPrevious: Bool = false) {
        self.pitch = pitch
        self.spelling = spelling
        self.tiedToNext = tiedToNext
        self.tiedFromPrevious = tiedFromPrevious
    }
}

/// `actual` notes in the time of `normal`, and whether this event opens or closes the group.
public struct ImportedTuplet: Sendable, Hashable {
    public var actual: Int
    public var normal: Int
    public var isFirst: Bool
    public var isLast: Bool

    public init(actual: Int, normal: Int, isFirst: Bool = false, isLast: Bool = false) {
        self.actual = actual
        self.normal = normal
        self.isFirst = isFirst
        self.isLast = isLast
    }
}

/// A lyric syllable and how it joins its neighbours.
public struct ImportedSyllable: Sendable, Hashable {
    public enum Joining: String, Sendable, Hashable { case single, begin, middle, end }
    public var text: String
    public var joining: Joining
    /// The syllable is held over the following notes (MusicXML `<extend/>`, ABC `_`).
    public var extends: Bool

    public init(text: String, joining: Joining = .single, extends: Bool = false) {
        self.text = text
        self.joining = joining
        self.extends = extends
    }
}

/// Something jianpu text cannot say, with its place in the source (`measure 12, part Piano, voice 2`).
public struct ImportWarning: Sendable, Hashable, CustomStringConvertible {
    public var place: String
    public var message: String

    public init(place: String, message: String) {
        self.place = place
        self.message = message
    }

    public var description: String { "\(place): \(message)" }
}
