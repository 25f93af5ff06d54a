import JianpuCore
import JianpuTerminal

/// The chord instrument's logic, with no terminal and no synthesizer: input events in, MIDI
/// messages out, and the state the screen shows. Time is seconds on any monotonic clock, passed in.
///
/// Sections: the chord section (chord keys, chord tones, strums) plays on `chordChannel`, the melody
/// (melody keys and MIDI input) on `melodyChannel`; each has its own program. A new chord (or a strum,
/// or a new tuning) silences the chord section; the melody is not affected.
public struct ChordPad: Sendable {
    /// Which part of the instrument a note belongs to.
    public enum Section: Sendable, Hashable { case chord, melody, midiInput }

    /// One sounding note and what holds it.
    public struct Voice: Sendable, Hashable {
        public var section: Section
        public var channel: UInt8
        public var key: UInt8
        /// The computer key that started it (nil for MIDI input).
        public var trigger: KeyEvent.Key?
        /// The MIDI input note that started it.
        public var midiKey: UInt8?
        /// When it ends by itself (note-length mode), or nil.
        public var expires: Double?
        /// False once its key is let go while sustain holds it.
        public var held: Bool
    }

    struct StrumStep: Sendable, Hashable {
        var time: Double
        var key: UInt8
    }

    // Configuration.
    public let tunings: [Tuning]
    public let namer: ChordNamer
    public var melodyChannel: UInt8 = 0
    public var chordChannel: UInt8 = 1
    public var velocity: UInt8 = 100
    /// Two presses of one key closer than this (seconds) count as the terminal's auto-repeat when
    /// the terminal does not report repeats itself (note-length mode).
    public var repeatGuard: Double = 0.5

    // State.
    public private(set) var tuningIndex: Int
    public var releaseMode: ReleaseMode
    public private(set) var currentDegree: Int = 1
    /// The current chord is its column's seventh chord (Shift with the digit), not the triad.
    public private(set) var currentIsSeventh = false
    public private(set) var melodyProgram: UInt8
    public private(set) var chordProgram: UInt8
    public private(set) var sustain = false
    /// Strum from the lowest tone up (true) or from the highest down.
    public private(set) var strumUpward = true
    /// Seconds between the tones of a strum.
    public private(set) var strumInterval: Double = 0.04
    public private(set) var voices: [Voice] = []
    public private(set) var quitRequested = false
    /// What the letter keys play now.
    public private(set) var layout: PadLayout = .columns
    /// Esc (or `q` in the melody layout) was pressed: the next one quits, any other key plays on.
    public private(set) var quitAsked = false
    /// The MIDI input notes held now (for the screen).
    public private(set) var lastMIDINotes: [UInt8] = []
    private var pendingStrum: [StrumStep] = []
    private var lastPress: [KeyEvent.Key: Double] = [:]
    private var keysDown: Set<KeyEvent.Key> = []

    /// A pad over `tunings`, starting in `tunings[tuningIndex]`.
    public init(
        tunings: [Tuning], tuningIndex: Int = 0, formulas: [ChordFormula] = ChordFormula.standard,
        releaseMode: ReleaseMode = .noteLength(0.8), melodyProgram: UInt8 = 0, chordProgram: UInt8 = 0,
        layout: PadLayout = .columns
    ) {
        precondition(!tunings.isEmpty, "a chord pad needs at least one tuning")
        self.tunings = tunings
        self.tuningIndex = min(max(tuningIndex, 0), tunings.count - 1)
        self.namer = ChordNamer(formulas: formulas)
        self.releaseMode = releaseMode
        self.melodyProgram = melodyProgram
        self.chordProgram = chordProgram
        self.layout = layout
    }

    /// The most notes that sound at once: past it the oldest is let go, so a flood of MIDI input stays bounded.
    public static let maximumVoices = 128

    /// The messages that set both sections' instruments (send them once at the start).
    public var initialCommands: [MIDIMessage] {
        [.programChange(channel: melodyChannel, program: melodyProgram), .programChange(channel: chordChannel, program: chordProgram)]
    }

    // MARK: What the screen shows

    public var tuning: Tuning { tunings[tuningIndex] }
    public var key: Key { tuning.key }

    /// The seven chord columns: the key's triads I…VII.
    public var chords: [DiatonicChord] { key.triads }

    /// The columns' seventh chords: the key's chords of four notes stacked in thirds (`Imaj7` … `V7` … `viiø7`).
    public var seventhChords: [DiatonicChord] { key.seventhChords }

    /// The chord sounding or last played: its column's triad or seventh chord.
    public var currentChord: DiatonicChord {
        (currentIsSeventh ? seventhChords : chords)[currentDegree - 1]
    }

    /// The tones a chord column plays as a chord: root, third and fifth in close position from octave 3,
    /// then the upper root, or for its seventh chord (`seventh`) the seventh above the fifth.
    public func chordTones(degree: Int, seventh: Bool = false) -> [UInt8] {
        let tones = columnTones(degree: degree)
        return seventh ? tones : tones.prefix(3) + [tones[0] + 12]
    }

    /// A column's single tones: root, third, fifth and seventh of its seventh chord in close position
    /// from octave 3 (the first three are its triad's).
    public func columnTones(degree: Int) -> [UInt8] {
        let chord = seventhChords[min(max(degree, 1), 7) - 1].chord
        return chord.voicing(bassOctave: 3).map { UInt8(clamping: $0.midiNumber) }
    }

    /// The 15 melody notes: the scale over two octaves from the tonic in octave 4, with their names
    /// and degrees (1…7) and octave (0 lower, 1 upper, 2 the top tonic).
    public var melodyNotes: [(key: UInt8, name: NoteName, degree: Int, octave: Int)] {
        let tonic = key.tonic
        let base = Pitch(tonic, octave: 4).midiNumber
        return (0..<15).map { index in
            let degree = index % 7 + 1
            let name = key.note(atDegree: degree)
            let above = (name.pitchClass - tonic.pitchClass + 12) % 12
            return (UInt8(clamping: base + above + 12 * (index / 7)), name, degree, index / 7)
        }
    }

    /// Every distinct sounding MIDI note, low to high (chord section, melody and MIDI input).
    public var soundingKeys: [Int] { Array(Set(voices.map { Int($0.key) })).sorted() }

    /// What sounds now, named in the current key: a chord symbol (`F#m`, `A/C#`) and its numeral,
    /// a single note's name, or the notes when no chord type fits. Nil when nothing sounds.
    public var soundingName: (symbol: String, numeral: String?)? {
        let keys = soundingKeys
        guard !keys.isEmpty else { return nil }
        let classes = Set(keys.map { $0 % 12 })
        if classes.count == 1 {
            let name = key.spelling(of: keys[0] % 12)
            return (name.description, key.degree(of: keys[0] % 12).map(String.init))
        }
        if let name = namer.name(midiNumbers: keys, in: key) {
            return (name.symbol, name.romanNumeral)
        }
        let names = keys.map { key.spelling(of: $0 % 12).description }
        var seen = Set<String>()
        return (names.filter { seen.insert($0).inserted }.joined(separator: " "), nil)
    }

    /// When `handle(.tick, at:)` must next be called (a note ends or a strum tone is due), or nil.
    public var nextDeadline: Double? {
        let strum = pendingStrum.map(\.time).min()
        let expiry = voices.compactMap(\.expires).min()
        switch (strum, expiry) {
        case let (a?, b?): return min(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return nil
        }
    }

    // MARK: Input

    /// Applies one input at `time` (seconds) and returns the MIDI messages it causes, in order.
    public mutating func handle(_ input: PadInput, at time: Double) -> [MIDIMessage] {
        var out: [MIDIMessage] = []
        switch input {
        case .tick:
            break
        case .key(let event):
            handleKey(event, at: time, into: &out)
        case .midi(let message):
            handleMIDI(message, at: time, into: &out)
        }
        advance(to: time, into: &out)
        return out
    }

    /// Performs an action as if its key was pressed (for tests and scripted use).
    public mutating func perform(_ action: PadAction, at time: Double) -> [MIDIMessage] {
        var out: [MIDIMessage] = []
        perform(action, trigger: nil, at: time, into: &out)
        advance(to: time, into: &out)
        return out
    }

    private var noteLength: Double? {
        if case .noteLength(let length) = releaseMode { return length }
        return nil
    }

    private mutating func handleKey(_ event: KeyEvent, at time: Double, into out: inout [MIDIMessage]) {
        switch event.kind {
        case .repeat:
            return  // auto-repeat never retriggers
        case .release:
            // Whatever the key means in the layout now: the notes it started end.
            let physicalKey = KeyLayout.physicalKey(of: event.key)
            keysDown.remove(physicalKey)
            release(trigger: physicalKey, at: time, into: &out)
            return
        case .press:
            break
        }
        guard let action = KeyLayout.action(for: event.key, layout: layout) else { return }
        // With key releases, a shifted key's notes belong to its key, so they end when it is let go with or
        // without Shift. Without them, `t` then `T` are two presses (an auto-repeat sends one character again).
        let physicalKey = noteLength == nil ? KeyLayout.physicalKey(of: event.key) : event.key
        if action != .escape && action != .askQuit { quitAsked = false }
        if action.playsNotes {
            if let length = noteLength {
                // No release events: a press soon after the same key's last one is the terminal's auto-repeat.
                // It keeps the key's notes sounding but never retriggers them.
                if let last = lastPress[physicalKey], time - last < repeatGuard {
                    lastPress[physicalKey] = time
                    for index in voices.indices where voices[index].trigger == physicalKey {
                        if let expires = voices[index].expires { voices[index].expires = max(expires, time + length) }
                    }
                    return
                }
                lastPress[physicalKey] = time
            } else {
                guard keysDown.insert(physicalKey).inserted else {
                    return  // still held: a press without a release in between is a repeat
                }
            }
        }
        perform(action, trigger: physicalKey, at: time, into: &out)
    }

    private mutating func perform(_ action: PadAction, trigger: KeyEvent.Key?, at time: Double, into out: inout [MIDIMessage]) {
        switch action {
        case .chord(let degree), .seventhChord(let degree):
            silenceChordSection(into: &out)
            currentDegree = min(max(degree, 1), 7)
            currentIsSeventh = action == .seventhChord(degree: degree)
            for key in chordTones(degree: currentDegree, seventh: currentIsSeventh) {
                start(section: .chord, channel: chordChannel, key: key, trigger: trigger, at: time, into: &out)
            }
        case .columnTone(let degree, let index):
            // Another column's tone changes the chord: the previous chord stops, as a new chord would.
            if degree != currentDegree {
                silenceChordSection(into: &out)
                currentDegree = min(max(degree, 1), 7)
                currentIsSeventh = false
            }
            let tones = columnTones(degree: currentDegree)
            guard tones.indices.contains(index) else { return }
            start(section: .chord, channel: chordChannel, key: tones[index], trigger: trigger, at: time, into: &out)
        case .toggleLayout:
            layout = layout == .columns ? .melody : .columns
        case .escape, .askQuit:
            if quitAsked {
                panic(into: &out)
                quitRequested = true
            } else {
                if action == .escape { panic(into: &out) }
                quitAsked = true
            }
        case .chordTone(let index):
            let tones = chordTones(degree: currentDegree, seventh: currentIsSeventh)
            guard tones.indices.contains(index) else { return }
            start(section: .chord, channel: chordChannel, key: tones[index], trigger: trigger, at: time, into: &out)
        case .melody(let index):
            let notes = melodyNotes
            guard notes.indices.contains(index) else { return }
            start(section: .melody, channel: melodyChannel, key: notes[index].key, trigger: trigger, at: time, into: &out)
        case .strum:
            silenceChordSection(into: &out)
            var tones = chordTones(degree: currentDegree, seventh: currentIsSeventh)
            if !strumUpward { tones.reverse() }
            pendingStrum = tones.enumerated().map { StrumStep(time: time + Double($0.offset) * strumInterval, key: $0.element) }
            strumTrigger = trigger
        case .toggleStrumDirection:
            strumUpward.toggle()
        case .strumSlower:
            strumInterval = min(0.3, ((strumInterval + 0.01) * 1000).rounded() / 1000)
        case .strumFaster:
            strumInterval = max(0.0, ((strumInterval - 0.01) * 1000).rounded() / 1000)
        case .melodyProgram(let delta):
            melodyProgram = UInt8((Int(melodyProgram) + delta + 128) % 128)
            out.append(.programChange(channel: melodyChannel, program: melodyProgram))
        case .chordProgram(let delta):
            chordProgram = UInt8((Int(chordProgram) + delta + 128) % 128)
            out.append(.programChange(channel: chordChannel, program: chordProgram))
        case .nextTuning, .previousTuning:
            // The chord columns change meaning: the chord section stops; the melody rings on.
            silenceChordSection(into: &out)
            let step = action == .nextTuning ? 1 : -1
            tuningIndex = (tuningIndex + step + tunings.count) % tunings.count
        case .sustain:
            sustain.toggle()
            if !sustain { releaseUnheld(at: time, into: &out) }
        case .panic:
            panic(into: &out)
        case .quit:
            panic(into: &out)
            quitRequested = true
        }
    }

    private var strumTrigger: KeyEvent.Key?

    private mutating func handleMIDI(_ message: MIDIMessage, at time: Double, into out: inout [MIDIMessage]) {
        switch message {
        case .noteOn(_, let key, let velocity) where velocity > 0:
            // A key that already sounds is struck again: its voice is replaced, not doubled.
            for index in voices.indices.reversed() where voices[index].section == .midiInput && voices[index].midiKey == key {
                remove(at: index, into: &out)
            }
            start(section: .midiInput, channel: melodyChannel, key: key, trigger: nil, midiKey: key, velocity: velocity, expires: .some(nil), at: time, into: &out)
        case .noteOn(_, let key, _), .noteOff(_, let key, _):
            for index in voices.indices.reversed() where voices[index].section == .midiInput && voices[index].midiKey == key {
                if sustain { voices[index].held = false } else { remove(at: index, into: &out) }
            }
        case .controlChange(_, 64, let value):
            // The sustain pedal of a MIDI keyboard.
            let down = value >= 64
            if down != sustain { sustain = down; if !down { releaseUnheld(at: time, into: &out) } }
        case .controlChange(_, 123, _):
            panic(into: &out)
        default:
            break
        }
        lastMIDINotes = voices.filter { $0.section == .midiInput }.map(\.key).sorted()
    }

    /// Starts a note. `expires` overrides the note-length rule (`.some(nil)`: never by itself).
    private mutating func start(
        section: Section, channel: UInt8, key: UInt8, trigger: KeyEvent.Key?, midiKey: UInt8? = nil,
        velocity: UInt8? = nil, expires: Double?? = nil, at time: Double, into out: inout [MIDIMessage]
    ) {
        let ending: Double?
        if let expires { ending = expires } else if sustain { ending = nil } else { ending = noteLength.map { time + $0 } }
        // With key releases, a note whose key is already up (a late strum tone) rings briefly.
        let isHeld = trigger.map { noteLength != nil || keysDown.contains($0) } ?? true
        let end = !isHeld && !sustain && ending == nil ? time + max(0.3, strumInterval) : ending
        if voices.count >= Self.maximumVoices { remove(at: 0, into: &out) }
        out.append(.noteOn(channel: channel, key: min(key, 127), velocity: velocity ?? self.velocity))
        voices.append(Voice(section: section, channel: channel, key: min(key, 127), trigger: trigger, midiKey: midiKey, expires: end, held: true))
    }

    /// Removes a voice; the note-off is sent only when no other voice sounds the same key on the channel.
    private mutating func remove(at index: Int, into out: inout [MIDIMessage]) {
        let voice = voices.remove(at: index)
        if !voices.contains(where: { $0.channel == voice.channel && $0.key == voice.key }) {
            out.append(.noteOff(channel: voice.channel, key: voice.key))
        }
    }

    private mutating func release(trigger: KeyEvent.Key, at time: Double, into out: inout [MIDIMessage]) {
        guard noteLength == nil else { return }
        for index in voices.indices.reversed() where voices[index].trigger == trigger {
            if sustain { voices[index].held = false } else { remove(at: index, into: &out) }
        }
    }

    private mutating func silenceChordSection(into out: inout [MIDIMessage]) {
        pendingStrum = []
        for index in voices.indices.reversed() where voices[index].section == .chord {
            remove(at: index, into: &out)
        }
    }

    /// Sustain let go: notes whose key is up (or whose time has run out) end.
    private mutating func releaseUnheld(at time: Double, into out: inout [MIDIMessage]) {
        for index in voices.indices.reversed() {
            let voice = voices[index]
            if !voice.held {
                remove(at: index, into: &out)
            } else if let length = noteLength, voice.expires == nil, voice.section != .midiInput {
                voices[index].expires = time + min(length, 0.05)
            }
        }
    }

    private mutating func panic(into out: inout [MIDIMessage]) {
        pendingStrum = []
        voices = []
        sustain = false
        lastMIDINotes = []
        out.append(.allNotesOff(channel: melodyChannel))
        if chordChannel != melodyChannel { out.append(.allNotesOff(channel: chordChannel)) }
    }

    /// Plays due strum tones and ends notes whose time has run out.
    private mutating func advance(to time: Double, into out: inout [MIDIMessage]) {
        while let next = pendingStrum.first, next.time <= time + 1e-9 {
            pendingStrum.removeFirst()
            start(section: .chord, channel: chordChannel, key: next.key, trigger: strumTrigger, at: max(time, next.time), into: &out)
        }
        for index in voices.indices.reversed() {
            if let expires = voices[index].expires, expires <= time + 1e-9 { remove(at: index, into: &out) }
        }
    }
}
