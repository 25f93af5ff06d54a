import JianpuCore
import JianpuNotation
import JianpuPerformance

/// Reads a part's items into the notes and marks MusicXML is written from, in written order
/// (repeats once, endings one after another), or in performed order when `performed` holds
/// the items already unfolded (`PerformedItems`).
struct ExportStreamReader: MusicWalker {
    private(set) var entries: [ExportEntry] = []
    private var tonic = 60
    private var keyLetter = NoteName.Letter.c
    private var barLength = WholeNotes(1)
    private var pendingTie = false
    private var pendingGrace: [GraceChord] = []
    private var pendingDynamic: String?
    /// The entry index of the last note written, and of the last note before the current ending.
    private var lastNote: Int?
    private var passageStartNote: Int?
    private var atPassageStart = false
    private var tupletCount = 0
    /// The tuplet being read (its whole scale as actual:normal notes) and the numbers of the tuplets it is in.
    private var tuplet: (actual: Int64, normal: Int64)?
    private var path: [Int] = []
    private let slurStarts: [SourceLocation: Int]
    private var pendingGraceSlurs = 0
    private let slurEnds: [SourceLocation: Int]
    private let annotations: [SourceLocation: [Annotation]]
    private let performerMarks: ExportPerformerMarks

    /// The part read whole: its entries with lyrics put on their notes.
    static func read(_ part: Part, items: [MusicItem]) -> [ExportEntry] {
        var reader = ExportStreamReader(part: part)
        reader.walk(items)
        reader.finish()
        ExportLyrics.place(part.lyrics, on: &reader.entries, at: part.location)
        return reader.entries
    }

    private init(part: Part) {
        slurStarts = Dictionary(part.slurs.map { ($0.start, 1) }, uniquingKeysWith: +)
        slurEnds = Dictionary(part.slurs.map { ($0.end, 1) }, uniquingKeysWith: +)
        annotations = Dictionary(grouping: part.annotations, by: \.note)
        performerMarks = ExportPerformerMarks(part)
    }

    mutating func visitNote(_ note: Note, ratio: WholeNotes) {
        var exported = ExportNote(pitches: spelled(note), length: note.length * ratio, location: note.location)
        exported.ratio = ratio
        exported.tuplet = tuplet
        exported.tupletPath = path
        exported.arpeggio = note.pitches.count > 1 ? note.arpeggio : nil
        add(exported)
    }

    mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) {
        extendLastNote(by: dash.length * ratio, ratio: ratio, tuplet: tuplet, path: path, at: dash.location)
        // A mark over a dash goes to the note it lengthens (or the note continuing it).
        if let last = lastNote, case .note(var note) = entries[last], note.location != dash.location {
            performerMarks.dress(&note, at: dash.location)
            entries[last] = .note(note)
        }
    }

    mutating func visitTie(at location: SourceLocation) { pendingTie = true }

    mutating func visitTuplet(_ group: Tuplet, ratio: WholeNotes) {
        if group.ratio == .whole { return walk(group.items, ratio: ratio) }
        tupletCount += 1
        let number = tupletCount
        let first = entries.count
        // Nested tuplets multiply: MusicXML's time modification is the whole scale of the note.
        let inner = Self.pair(of: group)
        let (outer, outerPath) = (tuplet, path)
        // Saturated past 64 bits (tuplets nested dozens deep): such lengths are refused as too fine for divisions.
        func times(_ a: Int64, _ b: Int64) -> Int64 {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? .max : product
        }
        tuplet = tuplet.map { (actual: times($0.actual, inner.actual), normal: times($0.normal, inner.normal)) } ?? inner
        path = outerPath + [number]
        descend(into: group, ratio: ratio)
        (tuplet, path) = (outer, outerPath)
        markTuplet(from: first, level: path.count + 1)
    }

    mutating func visitGrace(_ grace: GraceNotes) {
        let chords = grace.notes.filter { !$0.isRest }.map { GraceChord(pitches: spelled($0), written: $0.length) }
        // A slur opened on grace notes (`g[5] ( 1 2 )`) starts on the note they go with.
        if grace.placement == .before {
            pendingGrace += chords
            pendingGraceSlurs += slurStarts[grace.location] ?? 0
        } else if let last = lastNote, case .note(var note) = entries[last] {
            note.graceAfter += chords
            note.slurStarts += slurStarts[grace.location] ?? 0
            entries[last] = .note(note)
        }
    }

    mutating func visitRepeat(_ repeated: Repeat, ratio: WholeNotes) {
        entries.append(.mark(.repeatStart, repeated.location))
        walk(repeated.body, ratio: ratio)
        let times = max(repeated.times, 1)
        guard !repeated.endings.isEmpty else {
            entries.append(.mark(.repeatEnd(times: times), repeated.end))
            return
        }
        let bodyLast = lastNote
        let early = max(times - repeated.endings.count + 1, 1)
        for (index, ending) in repeated.endings.enumerated() {
            let numbers = index == 0 ? (1...early).map(String.init).joined(separator: ", ") : String(early + index)
            let isLast = index == repeated.endings.count - 1
            entries.append(.mark(.endingStart(numbers: numbers, index: index), ending.first?.location ?? repeated.end))
            passageStartNote = bodyLast
            atPassageStart = true
            walk(ending, ratio: ratio)
            atPassageStart = false
            entries.append(.mark(.endingStop(numbers: numbers, isLast: isLast), repeated.end))
            if !isLast { entries.append(.mark(.repeatEnd(times: times), repeated.end)) }
        }
    }

    mutating func visitJump(_ jump: Jump) { entries.append(.mark(.jump(jump), jump.location)) }

    mutating func visitMultibarRest(_ rest: MultibarRest) {
        var exported = ExportNote(pitches: [], length: barLength * Int64(max(rest.bars, 1)), location: rest.location)
        exported.multibarRest = max(rest.bars, 1)
        add(exported)
    }

    mutating func visitTempo(_ tempo: TempoMark) { entries.append(.mark(.tempo(tempo), tempo.location)) }

    mutating func visitKey(_ key: KeySignature) {
        tonic = key.tonicMIDINumber
        keyLetter = Self.degreeOneLetter(of: key)
        entries.append(.mark(.key(key), key.location))
    }

    mutating func visitTimeSignature(_ meter: TimeSignature) {
        barLength = meter.barLength
        entries.append(.mark(.meter(meter), meter.location))
    }

    mutating func visitDynamic(_ dynamic: Dynamic) {
        // As in LilyPond, `1 \p` marks the note before it; one written before any note waits for the first.
        if let last = lastNote, case .note(var note) = entries[last] {
            note.dynamic = dynamic.marking
            entries[last] = .note(note)
        } else {
            pendingDynamic = dynamic.marking
        }
    }

    private mutating func add(_ note: ExportNote) {
        var note = note
        note.graceBefore = pendingGrace
        pendingGrace = []
        if !note.isRest, let dynamic = pendingDynamic {
            note.dynamic = dynamic
            pendingDynamic = nil
        }
        if pendingTie, !note.isRest, let last = lastNote, case .note(var previous) = entries[last] {
            let common = Set(previous.pitches.map(\.midiNumber)).intersection(note.pitches.map(\.midiNumber))
            previous.tiedToNext.formUnion(common)
            entries[last] = .note(previous)
            note.tiedFromPrevious = common
            note.followsTie = true
        }
        pendingTie = false
        note.slurStarts = (slurStarts[note.location] ?? 0) + pendingGraceSlurs
        pendingGraceSlurs = 0
        note.slurStops = slurEnds[note.location] ?? 0
        for annotation in annotations[note.location] ?? [] {
            if annotation.isAbove { note.wordsAbove.append(annotation.text) } else { note.wordsBelow.append(annotation.text) }
        }
        performerMarks.dress(&note, at: note.location)
        atPassageStart = false
        lastNote = entries.count
        entries.append(.note(note))
    }

    /// A dash: the note before it lasts longer, or, where it cannot (another tuplet, a mark between,
    /// the start of an ending), a note of the same pitches tied to it.
    private mutating func extendLastNote(by length: WholeNotes, ratio: WholeNotes, tuplet: (actual: Int64, normal: Int64)?, path: [Int], at location: SourceLocation) {
        let source = atPassageStart ? passageStartNote : lastNote
        guard let source, case .note(var previous) = entries[source] else {
            var rest = ExportNote(pitches: [], length: length, location: location)
            rest.ratio = ratio
            rest.tuplet = tuplet
            rest.tupletPath = path
            add(rest)
            return
        }
        if !atPassageStart, source == entries.count - 1, previous.tupletPath == path, previous.multibarRest == nil, previous.graceAfter.isEmpty {
            previous.length += length
            entries[source] = .note(previous)
            return
        }
        var continuation = ExportNote(pitches: previous.pitches, length: length, location: location)
        continuation.ratio = ratio
        continuation.tuplet = tuplet
        continuation.tupletPath = path
        continuation.isContinuation = true
        if !previous.isRest {
            let all = Set(previous.pitches.map(\.midiNumber))
            previous.tiedToNext = all
            entries[source] = .note(previous)
            continuation.tiedFromPrevious = all
        }
        atPassageStart = false
        lastNote = entries.count
        entries.append(.note(continuation))
    }

    /// Marks the first and last note written since `first` as a tuplet bracket's ends.
    private mutating func markTuplet(from first: Int, level: Int) {
        let notes = entries.indices.dropFirst(first).filter { if case .note = entries[$0] { true } else { false } }
        guard let start = notes.first, let stop = notes.last,
            case .note(var opening) = entries[start]
        else { return }
        opening.tupletStarts.insert(level, at: 0)  // outer brackets open first
        entries[start] = .note(opening)
        if case .note(var closing) = entries[stop] {
            closing.tupletStops.append(level)
            entries[stop] = .note(closing)
        }
    }

    private mutating func finish() {
        // Grace notes after everything have no note to lead to: they follow the last one.
        if !pendingGrace.isEmpty, let last = lastNote, case .note(var note) = entries[last] {
            note.graceAfter += pendingGrace
            entries[last] = .note(note)
            pendingGrace = []
        }
    }

    /// The written (actual, normal) pair of `N[`: N notes in the time of N × ratio when that is whole.
    static func pair(of tuplet: Tuplet) -> (actual: Int64, normal: Int64) {
        let count = Int64(max(tuplet.count, 1))
        let normal = tuplet.ratio * count
        if normal.denominator == 1, normal.numerator > 0 { return (count, normal.numerator) }
        return (tuplet.ratio.denominator, tuplet.ratio.numerator)
    }

    /// The letter of degree 1 of a key: that of the major key its signature belongs to (`6=F#`: A).
    static func degreeOneLetter(of key: KeySignature) -> NoteName.Letter {
        let letters: [NoteName.Letter] = [.c, .g, .d, .a, .e, .b, .f, .c, .g, .d, .a, .e, .b, .f, .c]
        let index = key.sharps + 7
        guard letters.indices.contains(index) else { return NoteName.defaultSpelling(pitchClass: key.tonicMIDINumber).letter }
        // A signature of sharps whose tonic is not the one the table names (an unusual spelling): its own pitch.
        let letter = letters[index]
        return NoteName.spelling(pitchClass: key.tonicMIDINumber, on: letter) != nil ? letter : NoteName.defaultSpelling(pitchClass: key.tonicMIDINumber).letter
    }

    /// The note's pitches spelled as written: each figure's degree on the key's letters, its accidental kept.
    private func spelled(_ note: Note) -> [SpelledPitch] {
        guard !note.isRest else { return [] }
        let written = WrittenNote(note, tonic: tonic)
        var result: [SpelledPitch] = []
        for figure in written.figures {
            guard let pitch = figure.pitch else { continue }
            let degree = figure.digit.wholeNumberValue.flatMap { (1...7).contains($0) ? $0 : nil }
            result.append(Self.spell(pitch, degree: degree, keyLetter: keyLetter))
        }
        return result.sorted { $0.midiNumber < $1.midiNumber }
    }

    /// `pitch` on the letter of `degree` in the key, or its usual name when that needs more than a double accidental.
    static func spell(_ pitch: Pitch, degree: Int?, keyLetter: NoteName.Letter) -> SpelledPitch {
        let name =
            degree.flatMap { NoteName.spelling(pitchClass: pitch.pitchClass, on: keyLetter.advanced(by: $0 - 1)) }
            ?? NoteName.defaultSpelling(pitchClass: pitch.pitchClass)
        let octave = pitch.octave(spelledAs: name) ?? pitch.octave
        return SpelledPitch(step: name.letter, alter: name.accidental.semitones, octave: octave, midiNumber: pitch.midiNumber)
    }
}
