import Foundation
import JianpuCore
import JianpuPractice
import JianpuTerminal

/// A note to sound: when (seconds from now), how long, which key.
public struct SoundNote: Sendable, Hashable {
    /// Seconds from the start of the sound.
    public var onset: Double
    /// Seconds it lasts.
    public var duration: Double
    /// The key, as a MIDI note number.
    public var midi: Int
    /// A note of a sound.
    public init(onset: Double, duration: Double, midi: Int) {
        (self.onset, self.duration, self.midi) = (onset, duration, midi)
    }
}

/// What the lesson asks of the world.
public enum LearnEffect: Sendable, Hashable {
    /// Play these notes (cutting off what the previous sound still plays).
    case play([SoundNote])
    /// Sound a key pressed on the computer keyboard, and release it.
    case noteOn(Int)
    /// Release a key sounded by `noteOn`.
    case noteOff(Int)
    /// Log an answer.
    case log(ExerciseAnswer)
}

/// `jianpu learn` as a state machine: the scale page, the chords page, the exercises and the summary. Keys,
/// MIDI notes and typed lines in; sounds, logged answers and the screen (`LearnScreen`) out.
public struct LearnProgram: TerminalProgram {
    /// The lesson's pages, in order.
    public enum Page: Sendable, Hashable { case scale, chords, exercises, summary }

    /// How a key of the piano is marked.
    public enum Mark: Sendable, Hashable { case sounding, right, wrong, answer }

    /// The scale taught and the questions asked.
    public let lesson: Lesson
    /// The lesson's scale.
    public var scale: Scale { lesson.scale }
    /// The page shown.
    public private(set) var page = Page.scale
    /// The question being asked (an index into `lesson.items`).
    public private(set) var index = 0
    /// The answers given so far, in order.
    public private(set) var answers: [ExerciseAnswer] = []
    /// Marks of the last answer and of what is played; they stay until the next note after a new question.
    public private(set) var marks: [Int: Mark] = [:]
    /// Lines of feedback, newest last; `--plain` prints each once.
    public private(set) var transcript: [String] = []
    /// What the notes played last sound as: `G/B (V6)`, `F♯4 (3)`.
    public private(set) var heard: String?
    /// The answer typed to a named question.
    public private(set) var typed = ""
    /// The chord selected on the chords page: degree index 0…6 and whether the seventh chord.
    public private(set) var selectedChord = (index: 0, seventh: false)
    /// The lesson is over: its summary left, or Esc.
    public private(set) var isFinished = false

    private var lights: [(start: Double, end: Double, midi: Int)] = []
    private var releases: [(time: Double, midi: Int)] = []
    private var group: [(midi: Int, time: Double)] = []
    /// Every note played since the question was asked: a chord played a note at a time is named whole.
    private var questionNotes: [Int] = []
    private var collected: Set<Int> = []
    private var marksQuestion = -1
    private var askedAt = 0.0
    private var started = false
    private var now = 0.0
    let namer: ChordNamer

    /// Seconds a scale note sounds when the scale is played.
    public static let scaleNoteSeconds = 0.35
    /// Notes closer than this to the one before are one chord (the computer keyboard sends no releases).
    public static let chordWindow = 0.6
    /// How long a computer-keyboard note sounds.
    public static let keyNoteSeconds = 0.5

    /// A lesson starting on its scale page; with `startAtExercises` (for `--plain`) on its first question.
    public init(lesson: Lesson, formulas: [ChordFormula] = ChordFormula.standard, startAtExercises: Bool = false) {
        self.lesson = lesson
        namer = ChordNamer(formulas: formulas)
        if startAtExercises { page = lesson.items.isEmpty ? .summary : .exercises }
    }

    /// The question asked, or nil outside the exercises.
    public var item: ExerciseItem? { page == .exercises && lesson.items.indices.contains(index) ? lesson.items[index] : nil }

    /// The keys lit now: sounding notes of the scale or chord played.
    public var lit: Set<Int> { Set(lights.filter { $0.start <= now && now < $0.end }.map(\.midi)) }

    public var nextDeadline: Double? {
        let times = lights.flatMap { [$0.start, $0.end] }.filter { $0 > now } + releases.map(\.time)
        return times.min()
    }

    /// How many answers were right.
    public var correctCount: Int { answers.filter(\.isCorrect).count }

    // MARK: Input

    public mutating func handle(_ input: ProgramInput, at time: Double) -> [LearnEffect] {
        now = max(now, time)
        var effects = release(at: now)
        if !started {
            started = true
            effects += enter(page)
        }
        switch input {
        case .tick:
            break
        case .midi(.noteOn(_, let key, let velocity)) where velocity > 0:
            effects += played([Int(key)], sound: false)
        case .key(let event) where event.kind != .release:
            effects += key(event.key)
        case .midi, .key, .keyReleases, .midiStopped:
            break
        }
        return effects
    }

    /// A line typed in `--plain` mode: notes or a chord for a played question, a name for a named one.
    public mutating func handle(line: String, at time: Double) -> [LearnEffect] {
        now = max(now, time)
        var effects = release(at: now)
        if !started { started = true; effects += enter(page) }
        guard let item else { return effects }
        let text = line.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return effects }
        if ["q", "quit", "exit"].contains(text.lowercased()) { return effects + quit() }
        if item.isNamed { return effects + answerByName(text) }
        let isChord: Bool = if case .chord = item.target { true } else { false }
        guard let notes = AnswerText.notes(text, in: scale, preferringChord: isChord) else {
            say("? '\(text)' is not a note or a chord: type note names (F#, F#4), jianpu numbers (3, #5, 1') or a chord (Em, G/B)")
            return effects
        }
        if isChord { return effects + played(notes, sound: false, together: true) }
        for note in notes where page == .exercises { effects += played([note], sound: false) }
        return effects
    }

    private mutating func key(_ key: KeyEvent.Key) -> [LearnEffect] {
        if let item, item.isNamed {
            switch key {
            case .enter: let text = typed; typed = ""; return text.isEmpty ? [] : answerByName(text)
            case .backspace: if !typed.isEmpty { typed.removeLast() }; return []
            case .escape: if typed.isEmpty { return quit() }; typed = ""; return []
            case .character(" ") where typed.isEmpty: return sound(of: item)
            case .character(let character):
                if !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { typed.append(character) }
                return []
            default: return []
            }
        }
        switch key {
        case .escape: return quit()
        case .enter: return nextPage()
        case .character(" "): return replay()
        case .left, .right, .up, .down: return page == .chords ? select(key) : []
        case .character(let character):
            if let note = PianoKeys.note(for: character, root: 60) { return played([note], sound: true) }
            return []
        default: return []
        }
    }

    // MARK: Pages

    private mutating func nextPage() -> [LearnEffect] {
        switch page {
        case .scale: page = .chords
        case .chords: page = lesson.items.isEmpty ? .summary : .exercises
        case .exercises: return []
        case .summary: isFinished = true; return []
        }
        return enter(page)
    }

    private mutating func quit() -> [LearnEffect] {
        isFinished = true
        return []
    }

    private mutating func enter(_ page: Page) -> [LearnEffect] {
        lights = []
        switch page {
        case .scale:
            let up = scale.ascendingMIDI
            return show(sequence: (up + up.reversed().dropFirst()).map { [$0] }, seconds: Self.scaleNoteSeconds)
        case .chords:
            return show(sequence: scale.triads.map { Scale.voicing(of: $0.chord) }, seconds: 0.7)
        case .exercises:
            return ask()
        case .summary:
            summaryLines.forEach { say($0) }
            return []
        }
    }

    private mutating func replay() -> [LearnEffect] {
        switch page {
        case .scale, .summary: return enter(.scale)
        case .chords: return playSelected()
        case .exercises: return item.map { sound(of: $0) } ?? []
        }
    }

    private mutating func select(_ key: KeyEvent.Key) -> [LearnEffect] {
        switch key {
        case .left: selectedChord.index = (selectedChord.index + 6) % 7
        case .right: selectedChord.index = (selectedChord.index + 1) % 7
        default: selectedChord.seventh.toggle()
        }
        return playSelected()
    }

    private mutating func playSelected() -> [LearnEffect] {
        let chords = selectedChord.seventh ? scale.seventhChords : scale.triads
        return show(sequence: [Scale.voicing(of: chords[selectedChord.index].chord)], seconds: 1.2)
    }

    /// Plays groups of notes one after another, each lit while it sounds.
    private mutating func show(sequence: [[Int]], seconds: Double) -> [LearnEffect] {
        var notes: [SoundNote] = []
        lights = []
        for (step, chord) in sequence.enumerated() {
            for midi in chord {
                notes.append(SoundNote(onset: Double(step) * seconds, duration: seconds * 0.95, midi: midi))
                lights.append((now + Double(step) * seconds, now + Double(step + 1) * seconds - 0.01, midi))
            }
        }
        return [.play(notes)]
    }

    // MARK: Questions

    private mutating func ask() -> [LearnEffect] {
        guard let item else { return [] }
        askedAt = now
        collected = []
        group = []
        questionNotes = []
        typed = ""
        say("\(index + 1)/\(lesson.items.count) \(item.kind.title): \(item.prompt)")
        return sound(of: item)
    }

    private mutating func sound(of item: ExerciseItem) -> [LearnEffect] {
        guard !item.sound.isEmpty else { return [] }
        // Heard questions are not shown: the sound lights no key.
        let seconds = 0.7
        let notes =
            item.together
            ? item.sound.map { SoundNote(onset: 0, duration: seconds * 2, midi: $0) }
            : item.sound.enumerated().map { SoundNote(onset: Double($0.offset) * seconds, duration: seconds * 0.95, midi: $0.element) }
        return [.play(notes)]
    }

    /// Notes played on a key, a MIDI keyboard or a line: marked, named, and judged against the question.
    private mutating func played(_ notes: [Int], sound: Bool, together: Bool = false) -> [LearnEffect] {
        var effects: [LearnEffect] = []
        let newGroup = together || group.last.map({ now - $0.time > Self.chordWindow }) ?? true
        if newGroup { group = [] }
        if page == .exercises ? marksQuestion != index : newGroup { marks = [:]; marksQuestion = index }
        for note in notes {
            group.append((note, now))
            if sound {
                effects.append(.noteOn(note))
                releases.append((now + Self.keyNoteSeconds, note))
            }
        }
        questionNotes += notes
        heard = name(group.map(\.midi))
        guard let item, !item.isNamed else {
            for note in notes { marks[note] = .sounding }
            return effects
        }
        let wanted = item.pitchClasses
        // A chord asked for is named from every note played for it, however slowly: not from the last few alone.
        if case .chord = item.target { heard = name(questionNotes) }
        for note in notes {
            if wanted.contains(note % 12) {
                marks[note] = .right
                collected.insert(note % 12)
            } else {
                marks[note] = .wrong
                return effects + finish(item, answered: heard ?? "", correct: false)
            }
            if collected == wanted { return effects + finish(item, answered: heard ?? "", correct: true) }
        }
        return effects
    }

    private mutating func answerByName(_ text: String) -> [LearnEffect] {
        guard let item else { return [] }
        let correct: Bool
        switch item.target {
        case .degreeName(_, let note): correct = AnswerText.names(degree: note, text, in: scale)
        case .chordName(let chord): correct = AnswerText.names(chord: chord, text)
        case .note, .chord: correct = false
        }
        return finish(item, answered: text, correct: correct)
    }

    /// Logs the answer, shows the right one after a miss, and asks the next question.
    private mutating func finish(_ item: ExerciseItem, answered: String, correct: Bool) -> [LearnEffect] {
        let milliseconds = Int(max(0, min(now - askedAt, 86_400)) * 1000)
        let answer = ExerciseAnswer(item: item, answered: answered, isCorrect: correct, responseMilliseconds: milliseconds)
        answers.append(answer)
        if correct {
            say("right: \(item.expected)")
        } else {
            say("wrong: \(answered.isEmpty ? "?" : answered); the answer is \(item.expected)")
            for note in item.answerNotes(in: scale) where marks[note] == nil { marks[note] = .answer }
        }
        marksQuestion = index
        index += 1
        if index >= lesson.items.count || lesson.items[index].kind != item.kind { say(exerciseScore(item.kind)) }
        var effects: [LearnEffect] = [.log(answer)]
        if index >= lesson.items.count {
            page = .summary
            effects += enter(.summary)
        } else {
            effects += ask()
        }
        return effects
    }

    private mutating func release(at time: Double) -> [LearnEffect] {
        let due = releases.filter { $0.time <= time }
        releases.removeAll { $0.time <= time }
        lights.removeAll { $0.end <= time }
        return due.map { .noteOff($0.midi) }
    }

    /// Adds a line to the transcript; what was typed in it is shown, never obeyed, by the terminal.
    private mutating func say(_ line: String) { transcript.append(AnswerText.printable(line)) }
}
