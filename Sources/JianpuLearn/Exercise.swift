import JianpuCore

/// The kinds of exercise of a lesson, in the order a lesson asks them; the raw value is what the log keeps.
public enum ExerciseKind: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    case scaleUp = "scale-up"
    case scaleDown = "scale-down"
    case degree
    case note
    case chord
    case chordTone = "chord-tone"
    case hearDegree = "hear-degree"
    case hearChord = "hear-chord"
    case nameDegree = "name-degree"
    case nameChord = "name-chord"

    /// `play the scale up`, `play a named chord`.
    public var title: String {
        switch self {
        case .scaleUp: "play the scale up"
        case .scaleDown: "play the scale down"
        case .degree: "play a degree"
        case .note: "play a note"
        case .chord: "play a chord"
        case .chordTone: "play a chord's third or seventh"
        case .hearDegree: "hear a degree, play it back"
        case .hearChord: "hear a chord, play it back"
        case .nameDegree: "hear a degree, name it"
        case .nameChord: "hear a chord, name it"
        }
    }

    /// The log's name.
    public var description: String { rawValue }

    /// Whether the question is only heard, nothing shown: without sound it cannot be asked.
    public var isHeard: Bool {
        switch self {
        case .hearDegree, .hearChord, .nameDegree, .nameChord: true
        default: false
        }
    }

    /// Whether the question asks for one note of the scale, so that its degree is the note's (a chord's degree
    /// is its root's, and a chord tone's the chord's: they say little about the note).
    public var asksForANote: Bool {
        switch self {
        case .scaleUp, .scaleDown, .degree, .note, .hearDegree, .nameDegree: true
        case .chord, .chordTone, .hearChord, .nameChord: false
        }
    }

    /// The exercises a lesson asks, in order: all of them, or without sound (`--mute`) those not heard, so that
    /// a silent lesson never marks a question wrong that could not be heard.
    public static func asked(muted: Bool) -> [ExerciseKind] { allCases.filter { !muted || !$0.isHeard } }
}

/// One question of an exercise: what is asked, what answers it, and what it sounds.
public struct ExerciseItem: Sendable, Hashable {
    /// What answers the question.
    public enum Target: Sendable, Hashable {
        /// One note, any octave: its pitch class.
        case note(pitchClass: Int)
        /// A chord, any voicing: all its pitch classes and no other.
        case chord(Chord)
        /// A typed name: a degree's jianpu number or letter name.
        case degreeName(degree: Int, note: NoteName)
        /// A typed chord name: its symbol or its Roman numeral.
        case chordName(DiatonicChord)
    }

    /// The exercise the question belongs to.
    public var kind: ExerciseKind
    /// `play 6`, `play F♯m`, `play the third of Bm`, `scale up: note 3 of 8`.
    public var prompt: String
    public var target: Target
    /// The right answer as shown after a miss: `F♯ (3)`, `Bm: B D F♯`.
    public var expected: String
    /// The scale degree asked about (the chord's root degree for chords), for the statistics.
    public var degree: Int?
    /// MIDI notes sounded when the question is asked (hear-items), together when `together`.
    public var sound: [Int]
    /// Whether `sound` is a chord (else its notes one after another).
    public var together: Bool

    /// A question.
    public init(
        kind: ExerciseKind, prompt: String, target: Target, expected: String, degree: Int?,
        sound: [Int] = [], together: Bool = false
    ) {
        self.kind = kind
        self.prompt = prompt
        self.target = target
        self.expected = expected
        self.degree = degree
        self.sound = sound
        self.together = together
    }

    /// Whether the question is answered by typing a name rather than by playing.
    public var isNamed: Bool {
        switch target {
        case .degreeName, .chordName: true
        case .note, .chord: false
        }
    }

    /// The pitch classes that answer a played question.
    public var pitchClasses: Set<Int> {
        switch target {
        case .note(let pitchClass): [pitchClass]
        case .chord(let chord): chord.pitchClasses
        case .degreeName, .chordName: []
        }
    }

    /// The MIDI notes shown on the piano as the right answer (in the drawn octaves).
    public func answerNotes(in scale: Scale) -> [Int] {
        switch target {
        case .note(let pitchClass): [scale.tonicMIDI + (pitchClass - scale.tonic.pitchClass + 12) % 12]
        case .chord(let chord): Scale.voicing(of: chord)
        case .degreeName(_, let note): [scale.tonicMIDI + (note.pitchClass - scale.tonic.pitchClass + 12) % 12]
        case .chordName(let diatonic): Scale.voicing(of: diatonic.chord)
        }
    }
}

/// The answer to one question, as logged.
public struct ExerciseAnswer: Sendable, Hashable {
    /// The question answered.
    public var item: ExerciseItem
    /// What was played or typed: `F♯4`, `D F♯ A (D)`, `Bm`.
    public var answered: String
    public var isCorrect: Bool
    /// Milliseconds from the question to its answer.
    public var responseMilliseconds: Int

    /// An answer to `item`.
    public init(item: ExerciseItem, answered: String, isCorrect: Bool, responseMilliseconds: Int) {
        self.item = item
        self.answered = answered
        self.isCorrect = isCorrect
        self.responseMilliseconds = responseMilliseconds
    }
}
