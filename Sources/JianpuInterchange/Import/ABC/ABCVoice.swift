import JianpuCore

/// How far an accidental written on a note holds (`%%propagate-accidentals`): to the bar line for the
/// letter in every octave (ABC 2.1), for the letter in its octave, or for the note alone (ABC 1.x).
enum ABCAccidentalScope: String {
    case pitch, octave
    case note = "not"
}

/// One ABC voice as it is read: its bars so far, the bar being filled, and what is in force
/// (key, meter, unit length, accidentals of the bar, an open tuplet, marks waiting for the next note).
struct ABCVoice {
    var name: String
    /// The `V:` line's `name=` (or its own words), when it has one.
    var printedName: String?
    var measures: [ImportedMeasure] = []
    var measure: ImportedMeasure
    var key: ABCKey
    var meter: ImportedMeter?
    var unitLength: WholeNotes
    /// Accidentals written earlier in the bar, by letter (and octave, when they hold in their octave only).
    var barAccidentals: [Int: Int] = [:]
    var accidentalScope = ABCAccidentalScope.pitch
    /// The accidentals of notes tied from the event before, by letter and octave: the tied note sounds the same.
    var tiedAccidentals: [Int: Int] = [:]
    var tuplet: (actual: Int, normal: Int, remaining: Int, first: Bool)?
    /// The factor `a>b` leaves for the note after it.
    var brokenFactor: WholeNotes?
    var slurStarts = 0
    /// The last note, chord or rest of the bar being filled: what a tie, `>` or `)` acts on.
    var lastEvent: Int?
    /// The first of the bars closed for being full, with no bar line written, since the last bar line.
    var unmarkedBarsStart: Int?
    var ending: ImportedEnding?
    var chordSymbol: String?
    var dynamic: String?
    /// Decorations a performer reads, waiting for the note they are written before (`!fermata!`, `.`, `!<(!`).
    var marks: [String] = []
    /// Words over the next note (`"^rit."`, `"Fife I"`).
    var wordsAbove: [String] = []
    var wordsBelow: [String] = []
    var tempo: ImportedTempo?
    /// A key or meter change written inside a bar, for the next bar's start.
    var pendingKey: ImportedKey?
    var pendingMeter: ImportedMeter?
    /// Indexes of bars read without a meter (`M:none`): each is given its own length as meter at the end.
    var freeMeasures: Set<Int> = []
    var lyrics = ABCLyricState()

    init(name: String, printedName: String? = nil, key: ABCKey, meter: ImportedMeter?, unitLength: WholeNotes, tempo: ImportedTempo?) {
        self.name = name
        self.printedName = printedName
        self.key = key
        self.meter = meter
        self.unitLength = unitLength
        measure = ImportedMeasure(label: "1", key: key.imported, meter: meter, tempo: tempo, length: .zero)
    }

    /// The sounding pitch of a letter with the bar's, or else the key's, accidental; `accidental` is one written on the note.
    mutating func pitch(letter: NoteName.Letter, octave: Int, accidental: Int?) -> ImportedPitch {
        let slot = letter.rawValue * 1000 + (accidentalScope == .octave ? octave + 500 : 0)
        let semitones: Int
        if let accidental {
            if accidentalScope != .note { barAccidentals[slot] = accidental }
            semitones = accidental
        } else if let tied = tiedAccidentals[letter.rawValue * 1000 + octave + 500] {
            semitones = tied
        } else {
            semitones = barAccidentals[slot] ?? key.accidentals[letter.rawValue]
        }
        let number = (octave + 1) * 12 + letter.naturalPitchClass + semitones
        return ImportedPitch(pitch: Pitch(midiNumber: number), spelling: Accidental(semitones: semitones).map { NoteName(letter, $0) })
    }

    /// Adds a note, chord or rest of `written` length, applying the open tuplet, broken rhythm and waiting marks.
    mutating func append(pitches: [ImportedPitch], written: WholeNotes, place: String) {
        closeIfFull()
        var event = ImportedEvent(pitches: pitches, length: written, place: place)
        if let factor = brokenFactor {
            event.length = event.length * factor
            brokenFactor = nil
        }
        if let open = tuplet {
            event.length = event.length * WholeNotes(Int64(open.normal), Int64(open.actual))
            event.tuplet = ImportedTuplet(actual: open.actual, normal: open.normal, isFirst: open.first, isLast: open.remaining <= 1)
            tuplet = open.remaining <= 1 ? nil : (open.actual, open.normal, open.remaining - 1, false)
        }
        if slurStarts > 0, !pitches.isEmpty {
            event.startsSlur = true
            slurStarts = 0
        }
        event.chordSymbol = chordSymbol
        event.dynamic = dynamic
        event.marks = marks
        (event.wordsAbove, event.wordsBelow) = (wordsAbove, wordsBelow)
        (marks, wordsAbove, wordsBelow) = ([], [], [])
        if let tempo, !measure.events.isEmpty { event.tempo = tempo } else if let tempo { measure.tempo = tempo }
        (chordSymbol, dynamic, tempo) = (nil, nil, nil)
        lastEvent = measure.events.count
        tiedAccidentals = [:]
        for pitch in pitches where pitch.tiedToNext { rememberTie(pitch) }
        if !pitches.isEmpty { lyrics.slots.append(.note(measure: measures.count, event: measure.events.count)) }
        measure.events.append(event)
    }

    /// Adds a grace note (it takes no time of the bar).
    mutating func appendGrace(pitches: [ImportedPitch], written: WholeNotes, place: String) {
        closeIfFull()
        measure.events.append(ImportedEvent(pitches: pitches, length: written, isGrace: true, place: place))
    }

    /// `>` (`longFirst`) or `<`, `count` times: the last note gains what the next one loses.
    mutating func applyBroken(count: Int, longFirst: Bool) {
        guard let lastEvent, measure.events.indices.contains(lastEvent) else { return }
        let short = WholeNotes(1, Int64(1) << Int64(min(count, 6)))
        let long = WholeNotes(2) - short
        measure.events[lastEvent].length = measure.events[lastEvent].length * (longFirst ? long : short)
        brokenFactor = longFirst ? short : long
    }

    /// Multiplies the last note's length: its length written at the start of the next line.
    mutating func stretchLast(by factor: WholeNotes) {
        guard let lastEvent, measure.events.indices.contains(lastEvent) else { return }
        measure.events[lastEvent].length = measure.events[lastEvent].length * factor
    }

    /// Ties every pitch of the last note or chord to the next.
    mutating func tieLast() {
        guard let lastEvent, measure.events.indices.contains(lastEvent) else { return }
        for index in measure.events[lastEvent].pitches.indices {
            measure.events[lastEvent].pitches[index].tiedToNext = true
            rememberTie(measure.events[lastEvent].pitches[index])
        }
    }

    private mutating func rememberTie(_ pitch: ImportedPitch) {
        guard let spelling = pitch.spelling else { return }
        let octave = (pitch.pitch.midiNumber - spelling.letter.naturalPitchClass - spelling.accidental.semitones) / 12 - 1
        tiedAccidentals[spelling.letter.rawValue * 1000 + octave + 500] = spelling.accidental.semitones
    }

    mutating func endSlur() {
        if let lastEvent, measure.events.indices.contains(lastEvent) {
            measure.events[lastEvent].endsSlur = true
        } else if let last = measures.indices.last, let event = measures[last].events.lastIndex(where: { !$0.isGrace }) {
            measures[last].events[event].endsSlur = true
        }
    }

    /// A bar line: closes the bar (an empty one is not a bar) and opens the next.
    mutating func bar(endsRepeat: Bool, startsRepeat: Bool, closesEnding: Bool, ending numbers: [Int]?) {
        settleUnmarkedBars()
        if endsRepeat {
            let times = max(2, (ending?.numbers.max() ?? 1) + 1)
            if measure.events.isEmpty, let last = measures.indices.last { measures[last].endsRepeatPlayingTimes = times } else { measure.endsRepeatPlayingTimes = times }
        }
        closeMeasure()
        if closesEnding || endsRepeat || startsRepeat {
            ending = nil
            measure.ending = nil
        }
        if startsRepeat { measure.startsRepeat = true }
        if let numbers { openEnding(numbers) }
        lyrics.slots.append(.bar)
    }

    mutating func openEnding(_ numbers: [Int]) {
        ending = ImportedEnding(numbers: numbers)
        measure.ending = ending
    }

    /// A bar already as long as its meter ends before more music is added, though no bar line was written:
    /// collections such as Essen's leave the bar line out at the end of a line. Accidentals are not reset, as no
    /// bar line was written to reset them. Such bars stand only if the next bar line closes a full bar too
    /// (`settleUnmarkedBars`).
    private mutating func closeIfFull() {
        // Grace notes last in the bar wait for the note they lead to: they open the next bar with it.
        guard let meter, let last = measure.events.last, !last.isGrace else { return }
        let filled = measure.events.reduce(WholeNotes.zero) { $1.isGrace ? $0 : $0 + $1.length }
        guard filled == meter.barLength else { return }
        let accidentals = barAccidentals
        if unmarkedBarsStart == nil { unmarkedBarsStart = measures.count }
        closeMeasure()
        barAccidentals = accidentals
    }

    /// At a bar line: of the music since the last one, longer than a bar, the first bar is a bar and the rest is
    /// one bar of its own length (an Essen phrase of five crotchets across a line end in 2/4), as music21 reads
    /// such a tune; two full bars stay two.
    private mutating func settleUnmarkedBars() {
        guard let first = unmarkedBarsStart else { return }
        unmarkedBarsStart = nil
        let start = first + 1
        guard start < measures.count else { return }
        var offsets: [Int: Int] = [:]
        var events: [ImportedEvent] = []
        for index in start..<measures.count {
            offsets[index] = events.count
            events += measures[index].events
        }
        offsets[measures.count] = events.count
        lyrics.slots = lyrics.slots.map { slot in
            guard case .note(let bar, let event) = slot, bar >= start, let offset = offsets[bar] else { return slot }
            return .note(measure: start, event: offset + event)
        }
        if let lastEvent { self.lastEvent = lastEvent + events.count }
        var merged = measures[start]
        merged.events = events + measure.events
        merged.jumpsAtEnd = measure.jumpsAtEnd
        merged.endsRepeatPlayingTimes = measure.endsRepeatPlayingTimes
        freeMeasures = freeMeasures.filter { $0 < start }
        measures.removeSubrange(start...)
        measure = merged
    }

    /// Ends the bar being filled when it holds anything, and starts the next with what changes there.
    mutating func closeMeasure() {
        barAccidentals = [:]
        lastEvent = nil
        guard !measure.events.isEmpty else { return }
        measure.length = measure.events.reduce(WholeNotes.zero) { $1.isGrace ? $0 : $0 + $1.length }
        if meter == nil { freeMeasures.insert(measures.count) }
        measures.append(measure)
        measure = ImportedMeasure(label: "\(measures.count + 1)", key: pendingKey, meter: pendingMeter, length: .zero, ending: ending)
        (pendingKey, pendingMeter) = (nil, nil)
    }

    mutating func changeKey(_ newKey: ABCKey) {
        key = newKey
        if measure.events.isEmpty { measure.key = newKey.imported } else { pendingKey = newKey.imported }
    }

    mutating func changeMeter(_ newMeter: ImportedMeter?) {
        meter = newMeter
        guard let newMeter else { return }
        if measure.events.isEmpty { measure.meter = newMeter } else { pendingMeter = newMeter }
    }

    /// A road-map sign: segno and coda where the bar starts, the jumps where it ends.
    mutating func addJump(_ jump: ImportedJump) {
        switch jump {
        case .segno, .coda:
            measure.jumpsAtStart.append(jump)
        default:
            // Written just after a bar line, it belongs to the bar that line ended.
            if measure.events.isEmpty, let last = measures.indices.last { measures[last].jumpsAtEnd.append(jump) } else { measure.jumpsAtEnd.append(jump) }
        }
    }

    /// `count` bars of rest (`Z4`): the first says how many; the bar line after closes the last.
    mutating func multibarRest(count: Int, place: String) {
        let length = meter?.barLength ?? unitLength * 8
        for index in 0..<count {
            if index > 0 { closeMeasure() }
            var rest = ImportedEvent(length: length, multibarRestCount: index == 0 && count > 1 ? count : nil, place: place)
            if index == 0 { rest.dynamic = dynamic; dynamic = nil }
            measure.events.append(rest)
        }
        lastEvent = nil
    }

    /// Closes the last bar, turns a first coda sign of two into "to coda", gives bars of free meter their own meter.
    mutating func finish() {
        settleUnmarkedBars()
        closeMeasure()
        let codas = measures.indices.filter { measures[$0].jumpsAtStart.contains(.coda) }
        if codas.count >= 2 {
            measures[codas[0]].jumpsAtStart.removeAll { $0 == .coda }
            measures[codas[0]].jumpsAtEnd.append(.toCoda)
        }
        var previous: ImportedMeter?
        for index in measures.indices {
            if let meter = measures[index].meter { previous = meter }
            guard freeMeasures.contains(index) else { continue }
            let length = measures[index].length
            // Within what a time signature can say (beats up to 10,000, a unit up to 128): a longer free bar keeps
            // the meter before it, and check says it is too long.
            guard length > .zero, length.denominator <= 64, length.numerator * max(1, 4 / length.denominator) <= 10_000 else { continue }
            let scale = length.denominator < 4 ? 4 / length.denominator : 1
            let meter = ImportedMeter(beats: Int(length.numerator * scale), beatType: Int(length.denominator * scale))
            if meter != previous { measures[index].meter = meter }
            previous = meter
        }
    }
}
