import JianpuCore
import JianpuPerformance
import JianpuPractice

/// One drill: a lower note, an interval above it, how it is played and on what.
public struct Question: Sendable, Hashable {
    /// The lower note (MIDI), shown red on the keyboard.
    public var root: Int
    public var interval: Interval
    public var kind: PlaybackKind
    /// General MIDI program (0-based).
    public var program: UInt8

    public init(root: Int, interval: Interval, kind: PlaybackKind, program: UInt8) {
        self.root = root
        self.interval = interval
        self.kind = kind
        self.program = program
    }

    /// The upper note (MIDI).
    public var upper: Int { root + interval.semitones }
    /// The notes in the order they sound (`first_note`, `second_note` in the log; lower first for harmonic).
    public var playedNotes: (first: Int, second: Int) {
        kind == .melodicDown ? (upper, root) : (root, upper)
    }
    /// The instrument's General MIDI name.
    public var instrumentName: String { QuizSounds.instrumentName(program) }
}

/// Questions as music: each becomes a small Timeline played by the same scheduler and synth as `jianpu play`.
public enum QuizSounds {
    /// ♩ = 80: each melodic note lasts 0.75 s, a harmonic interval 1.5 s.
    public static let tempo = 80.0
    /// One note of a melodic interval: a quarter.
    public static let noteLength = WholeNotes(1, 4)
    /// The velocity of quiz notes.
    public static let velocity = PromptPlayer.velocity

    /// A key's name as the screen prints it, its accidental as in print: `A♯4`, `C4`.
    public static func noteName(_ midi: Int) -> String {
        Pitch(midiNumber: midi).description.replacingOccurrences(of: "#", with: "♯")
    }

    /// The General MIDI name of a program, e.g. `Acoustic Grand Piano`.
    public static func instrumentName(_ program: UInt8) -> String {
        GeneralMIDI.programNames.indices.contains(Int(program)) ? GeneralMIDI.programNames[Int(program)] : "program \(program)"
    }

    /// The notes of one interval starting at `offset`: (onset, duration, MIDI) triples.
    static func notes(root: Int, semitones: Int, kind: PlaybackKind, at offset: WholeNotes, length: WholeNotes = noteLength) -> [(WholeNotes, WholeNotes, Int)] {
        let upper = root + semitones
        switch kind {
        case .harmonic: return [(offset, length + length, root), (offset, length + length, upper)]
        case .melodicUp: return [(offset, length, root), (offset + length, length, upper)]
        case .melodicDown: return [(offset, length, upper), (offset + length, length, root)]
        }
    }

    static func timeline(_ notes: [(WholeNotes, WholeNotes, Int)], program: UInt8, length: WholeNotes) -> Timeline {
        let timed =
            notes
            .map { TimedNote(onset: $0.0, duration: $0.1, pitch: Pitch(midiNumber: $0.2), velocity: velocity, part: 0) }
            .sorted { ($0.onset, $0.pitch.midiNumber) < ($1.onset, $1.pitch.midiNumber) }
        return Timeline(
            title: "quiz", parts: [TimelinePart(name: "quiz", channel: 0, program: program)], notes: timed,
            tempoMap: TempoMap(quarterNotesPerMinute: tempo), length: length)
    }

    /// The question as it is asked: harmonic = both notes at once; melodic up = lower then upper; melodic down = upper then lower.
    public static func timeline(for question: Question) -> Timeline {
        interval(question.interval, like: question)
    }

    /// Any interval played as the question is (same root, kind and instrument): your answer, or the right one.
    public static func interval(_ interval: Interval, like question: Question) -> Timeline {
        timeline(
            notes(root: question.root, semitones: interval.semitones, kind: question.kind, at: .zero),
            program: question.program, length: noteLength + noteLength)
    }

    /// The question's interval broken into an arpeggio: lower note, upper note, then both together.
    public static func arpeggio(for question: Question) -> Timeline {
        let semitones = question.interval.semitones
        let notes =
            self.notes(root: question.root, semitones: semitones, kind: .melodicUp, at: .zero)
            + self.notes(root: question.root, semitones: semitones, kind: .harmonic, at: noteLength + noteLength)
        return timeline(notes, program: question.program, length: noteLength * 4)
    }

    /// After a miss: the answered interval, a pause, then the right one (same root, kind and instrument).
    public static func correction(for question: Question, answered: Interval) -> Timeline {
        let gap = WholeNotes(3, 4)
        let notes =
            self.notes(root: question.root, semitones: answered.semitones, kind: question.kind, at: .zero)
            + self.notes(root: question.root, semitones: question.interval.semitones, kind: question.kind, at: gap)
        return timeline(notes, program: question.program, length: gap + noteLength + noteLength)
    }

    /// Samples of every interval (melodic up from the question's root), one after another.
    public static func samples(of intervals: [Interval], root: Int, program: UInt8) -> Timeline {
        let short = WholeNotes(1, 8)
        var notes: [(WholeNotes, WholeNotes, Int)] = []
        var at = WholeNotes.zero
        for interval in intervals {
            notes += self.notes(root: root, semitones: interval.semitones, kind: .melodicUp, at: at, length: short)
            at += WholeNotes(3, 8)
        }
        return timeline(notes, program: program, length: at)
    }
}
