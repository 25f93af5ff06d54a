import JianpuCore
import JianpuNotation
import JianpuPerformance

/// A part's printed bars read as the notes and marks MusicXML is written from: a note's dashes
/// joined to it, ties per pitch, tuplet brackets, slurs, the verses' syllables as MusicXML says them.
struct WrittenEntries {
    private(set) var part = ExportPart()
    private var keyLetter = NoteName.Letter.c
    /// The index of the last note written, and of the note before each repeat's endings being read.
    private var lastNote: Int?
    private var notesBeforeEndings: [Int?] = []
    private var atEndingStart = false
    private var pendingGraceSlurs = 0
    /// Pitches spelled so far, by key letter, degree (0: none) and MIDI number (`spellOnce`); empty until the first.
    private var spellings: [SpelledPitch?] = []
    /// The notes in tuplets, in order: only they, and their neighbours' paths, have brackets to mark.
    private var notesInTuplets: [Int] = []
    private let slurStarts: [SourceLocation: Int]
    private let slurEnds: [SourceLocation: Int]
    /// The part's verses, set before its first note is read.
    private var lyrics: ExportedSyllables

    /// Every part of `movement` read from its bars as `written` hands them on, never holding them all, and the
    /// melody's bars as the measures are framed from them (their events left out, but for a lone one: a whole-bar rest).
    static func read(_ written: WrittenScore, of movement: Movement) -> (parts: [ExportPart], melody: [WrittenBar]) {
        // Each part is read on its own (its reader, its tuplet numbers, its syllables), so a large score's parts are read side by side.
        let events = written.parts.reduce(0) { $0 + $1.eventCount }
        let read = Array(movement.parts.indices).parallelMap(inParallel: events > workWorthSharing && movement.parts.count > 1) { index in
            readPart(index, of: movement, in: written)
        }
        return (read.map(\.part), read.first?.melody ?? [])
    }

    /// Part `index` of `movement` read from its bars as `written` hands them on, never holding them all, and, for the
    /// melody (part 0), its bars as the measures are framed from them (their events left out, but for a lone one: a whole-bar rest).
    private static func readPart(_ index: Int, of movement: Movement, in written: WrittenScore) -> (part: ExportPart, melody: [WrittenBar]) {
        var reader = WrittenEntries(movement.parts[index])
        if written.parts.indices.contains(index) {
            // Notes are large: grown by doubling, a long part's would be copied whole again and again.
            reader.part.notes.reserveCapacity(written.parts[index].eventCount + 16)
            reader.part.entries.reserveCapacity(written.parts[index].eventCount + 16)
        }
        func splitVerses() -> [LyricVerse] {
            let verses = movement.parts[index].lyrics.map(LyricSyllables.verse)
            reader.lyrics = ExportedSyllables(verses, at: movement.parts[index].location)
            // At most a syllable per verse's slot: grown by doubling, a long song's would be copied again and again.
            reader.part.syllables.reserveCapacity(verses.reduce(0) { $0 + $1.syllables.count })
            return verses
        }
        var melody: [WrittenBar] = []
        if index == 0 { melody.reserveCapacity(written.barStarts.count + 16) }
        func take(_ bar: WrittenBar) {
            // Read in the bar's storage: an event copied out of it (as indexing the bar's list did) costs a retain and a release of each reference it holds.
            bar.events.withUnsafeBufferPointer { events in
                guard let first = events.baseAddress else { return }
                for event in events.indices { reader.take(first + event) }
            }
            guard index == 0 else { return }
            var outline = bar
            if outline.events.count != 1 { outline.events = [] }
            melody.append(outline)
        }
        if index == 0, written.parts.first.map({ $0.eventCount > workWorthSharing }) ?? false {
            // The melody, the longest to read: its written bars are read on a core of their own as they are read here.
            // The verses, needed here alone, are split as its first bars are read.
            WrittenBarPipeline.readBars(ofPart: index, of: movement, in: written, meanwhile: { _ = splitVerses() }, take: take)
        } else {
            // Split once, for the written score's syllable slots and for the syllables written here.
            written.readBars(ofPart: index, of: movement, movementIndex: 0, verses: splitVerses(), syllableTexts: false, take: take)
        }
        reader.markTuplets()
        return (reader.part, melody)
    }

    /// A reader of `part`, its verses not yet split (`lyrics`).
    private init(_ part: Part) {
        slurStarts = part.slurs.reduce(into: [:]) { $0[$1.start, default: 0] += 1 }
        slurEnds = part.slurs.reduce(into: [:]) { $0[$1.end, default: 0] += 1 }
        lyrics = ExportedSyllables([], at: part.location)
    }

    /// The event at `held`, read where its bar holds it: passed by value from there to a reader that changes, it was
    /// copied whole (a value-witness call and a retain and release of each reference it holds) for every event.
    private mutating func take(_ held: UnsafePointer<WrittenEvent>) {
        // Most events: a note with none of the rarer things, its few fields read in place.
        guard !held.pointee.hasExtras else { return take(held.pointee) }
        guard case .note(let note, let written) = held.pointee.kind else {
            if case .dash = held.pointee.kind { return extendLastNote(with: held) }
            return take(held.pointee)
        }
        var exported = ExportNote(pitches: spelled(written), length: held.pointee.length, location: held.pointee.location)
        exported.arpeggio = note.pitchCount > 1 ? note.arpeggio : nil
        let location = held.pointee.location
        if held.pointee.tiedFromPrevious, let last = lastNote { tie(last, to: &exported) }
        if !slurStarts.isEmpty { exported.slurStarts = slurStarts[location] ?? 0 }
        if !slurEnds.isEmpty { exported.slurStops = slurEnds[location] ?? 0 }
        add(exported, slot: held.pointee.syllableSlot)
    }

    /// Ties the pitches `note` shares with note `last`, the one before it, from there.
    private mutating func tie(_ last: Int, to note: inout ExportNote) {
        let before = part.notes[last].pitches
        let common: Set<Int>
        if before.count == 1, note.pitches.count == 1 {
            // Two single notes, nearly every tie: no lists to make and intersect.
            let midi = note.pitches[0].midiNumber
            common = before[0].midiNumber == midi ? [midi] : []
        } else {
            common = Set(before.map(\.midiNumber)).intersection(note.pitches.map(\.midiNumber))
        }
        part.notes[last].tiedToNext.formUnion(common)
        note.tiedFromPrevious = common
        note.followsTie = true
    }

    private mutating func take(_ event: WrittenEvent) {
        // Most events carry none of the rarer things: theirs are then not asked for one by one.
        let hasExtras = event.hasExtras
        if hasExtras { for sign in event.signsBefore { mark(sign, at: event.location) } }
        switch event.kind {
        case .note(let note, let written):
            var exported = ExportNote(pitches: spelled(written), length: event.length, location: event.location)
            exported.arpeggio = note.pitchCount > 1 ? note.arpeggio : nil
            if event.tiedFromPrevious, let last = lastNote { tie(last, to: &exported) }
            if !slurStarts.isEmpty { exported.slurStarts = slurStarts[event.location] ?? 0 }
            if !slurEnds.isEmpty { exported.slurStops = slurEnds[event.location] ?? 0 }
            guard hasExtras else {
                add(exported, slot: event.syllableSlot)
                return
            }
            if let nest = event.tupletNest {
                exported.ratio = nest.ratio
                exported.tuplet = (nest.actual, nest.normal)
                exported.tupletPath = nest.ids
            }
            let (graceBefore, graceAfter) = (event.graceBefore, event.graceAfter)
            exported.graceBefore = graces(graceBefore)
            exported.dynamic = event.dynamic
            // A slur opened on grace notes (`g[5] ( 1 2 )`) starts on the note they go with, as one opened on those after it.
            if !slurStarts.isEmpty { exported.slurStarts += slurs(startingOn: graceBefore) + slurs(startingOn: graceAfter) }
            exported.graceAfter = graces(graceAfter)
            exported.wordsAbove = event.wordsAbove
            exported.wordsBelow = event.wordsBelow
            Self.dress(&exported, with: event)
            add(exported, slot: event.syllableSlot)
        case .dash:
            withUnsafePointer(to: event) { extendLastNote(with: $0) }
        case .multibarRest(let bars):
            var rest = ExportNote(pitches: .none, length: event.length, location: event.location)
            rest.multibarRest = max(bars, 1)
            if hasExtras { Self.dress(&rest, with: event) }
            add(rest, slot: nil)
        }
        if hasExtras { for sign in event.signsAfter { mark(sign, at: event.location) } }
    }

    private mutating func mark(_ sign: WrittenSign, at location: SourceLocation) {
        switch sign {
        case .key(let key): keyLetter = Self.degreeOneLetter(of: key)
        case .endingStart(_, let index):
            if index == 0 { notesBeforeEndings.append(lastNote) }
            atEndingStart = true
        case .endingStop(_, let isLast):
            atEndingStart = false
            if isLast { notesBeforeEndings.removeLast() }
        default: break
        }
        let place: SourceLocation
        switch sign {
        case .jump(let jump): place = jump.location
        case .key(let key): place = key.location
        case .meter(let meter): place = meter.location
        case .tempo(let tempo): place = tempo.location
        default: place = location
        }
        part.entries.append(.mark(sign, place))
    }

    private mutating func add(_ note: consuming ExportNote, slot: Int?) {
        var note = note
        if note.multibarRest == nil { lyrics.sing(on: &note, slot: slot, syllables: &part.syllables) }
        append(consume note)
    }

    private mutating func append(_ note: consuming ExportNote) {
        atEndingStart = false
        // A note in a tuplet has its pair and its path set together: the pair, held in place, says so without opening the box.
        if note.tuplet != nil { notesInTuplets.append(part.notes.count) }
        lastNote = part.notes.count
        part.entries.append(.note(part.notes.count))
        part.notes.append(consume note)
    }

    /// A dash: the note before it lasts longer, or, where it cannot (another tuplet, a mark between,
    /// the start of an ending), a note of the same pitches tied to it.
    private mutating func extendLastNote(with held: UnsafePointer<WrittenEvent>) {
        // Read in place, the dash and the note it lengthens: copies of either would retain and release all they hold.
        let nest = held.pointee.tupletNest
        let path = nest?.ids ?? []
        let (length, location) = (held.pointee.length, held.pointee.location)
        let source = atEndingStart ? notesBeforeEndings.last ?? nil : lastNote
        guard let source else {
            var rest = ExportNote(pitches: .none, length: length, location: location)
            rest.ratio = nest?.ratio ?? .whole
            rest.tuplet = nest.map { ($0.actual, $0.normal) }
            rest.tupletPath = path
            add(rest, slot: nil)
            return
        }
        let isLastEntry: Bool
        if case .note(source) = part.entries.last { isLastEntry = true } else { isLastEntry = false }
        if !atEndingStart, isLastEntry, part.notes[source].tupletPath == path, part.notes[source].multibarRest == nil, part.notes[source].graceAfter.isEmpty {
            part.notes[source].length += length
            // A mark over a dash goes to the note it lengthens: only a dash with extras has one.
            if held.pointee.hasExtras {
                let dash = held.pointee
                Self.dress(&part.notes[source], with: dash)
                if let dynamic = dash.dynamic { part.notes[source].dynamic = dynamic }
            }
            return
        }
        let pitches = part.notes[source].pitches
        var continuation = ExportNote(pitches: pitches, length: length, location: location)
        continuation.ratio = nest?.ratio ?? .whole
        continuation.tuplet = nest.map { ($0.actual, $0.normal) }
        continuation.tupletPath = path
        continuation.isContinuation = true
        continuation.dynamic = held.pointee.dynamic
        if !part.notes[source].isRest {
            let all = Set(pitches.map(\.midiNumber))
            part.notes[source].tiedToNext = all
            continuation.tiedFromPrevious = all
        }
        append(continuation)
    }

    /// Fermatas, articulations, rehearsal marks and hairpins printed at `event`, on `note`.
    private static func dress(_ note: inout ExportNote, with event: WrittenEvent) {
        for articulation in event.articulations where !note.articulations.contains(articulation) { note.articulations.append(articulation) }
        note.rehearsalMarks += event.rehearsalMarks
        if let hairpin = event.hairpin {
            if hairpin.ends { note.hairpinStops += 1 }
            if let isCrescendo = hairpin.startsCrescendo { note.hairpinStart = isCrescendo }
        }
    }

    /// Opens and closes the tuplet brackets (1 the outermost) on the first and last note of each tuplet.
    private mutating func markTuplets() {
        func shared(_ a: [Int], _ b: [Int]) -> Int {
            var count = 0
            while count < a.count, count < b.count, a[count] == b[count] { count += 1 }
            return count
        }
        // A note next to one in no tuplet shares no tuplet with it: only the notes in tuplets are looked at.
        // Each note's path read from its box once, not again as each neighbour's: a read retains the box and the path.
        let paths = notesInTuplets.map { part.notes[$0].tupletPath }
        for (i, k) in notesInTuplets.enumerated() {
            let path = paths[i]
            guard !path.isEmpty else { continue }
            let before = i > 0 && notesInTuplets[i - 1] == k - 1 ? shared(path, paths[i - 1]) : 0
            let after = i + 1 < notesInTuplets.count && notesInTuplets[i + 1] == k + 1 ? shared(path, paths[i + 1]) : 0
            part.notes[k].setTupletBrackets(levels: path.count, startFrom: before < path.count ? before + 1 : 0, stopFrom: after < path.count ? after + 1 : 0)
        }
    }

    /// `spell(_:degree:keyLetter:)` in the key being read, worked out once per pitch, degree and key letter: a part
    /// sounds few pitches, each many times.
    private mutating func spellOnce(_ pitch: Pitch, degree: Int?) -> SpelledPitch {
        let midi = pitch.midiNumber
        let row = degree ?? 0
        guard (0..<128).contains(midi), (0..<8).contains(row) else { return Self.spell(pitch, degree: degree, keyLetter: keyLetter) }
        if spellings.isEmpty { spellings = Array(repeating: nil, count: 7 * 8 * 128) }
        let slot = (keyLetter.rawValue * 8 + row) * 128 + midi
        if let known = spellings[slot] { return known }
        let spelled = Self.spell(pitch, degree: degree, keyLetter: keyLetter)
        spellings[slot] = spelled
        return spelled
    }

    private mutating func graces(_ notes: [(Note, WrittenNote)]) -> [GraceChord] {
        notes.filter { !$0.0.isRest }.map { GraceChord(pitches: Array(spelled($0.1)), written: $0.0.length) }
    }

    /// The slurs opened on grace notes: a group's notes share its place.
    private func slurs(startingOn notes: [(Note, WrittenNote)]) -> Int {
        var seen: Set<SourceLocation> = []
        var count = 0
        for (note, _) in notes where seen.insert(note.location).inserted { count += slurStarts[note.location] ?? 0 }
        return count
    }

    /// The note's pitches spelled as written: each figure's degree on the key's letters, its accidental kept.
    private mutating func spelled(_ written: WrittenNote) -> SpelledPitches {
        let figures = written.figures
        if figures.count == 1 {
            let figure = figures[0]
            guard let pitch = figure.pitch else { return .none }
            return SpelledPitches(single: spellOnce(pitch, degree: Self.degree(of: figure)))
        }
        var result: [SpelledPitch] = []
        result.reserveCapacity(written.figures.count)
        for figure in written.figures {
            guard let pitch = figure.pitch else { continue }
            result.append(Self.spell(pitch, degree: Self.degree(of: figure), keyLetter: keyLetter))
        }
        return SpelledPitches(result.count > 1 ? result.sorted { $0.midiNumber < $1.midiNumber } : result)
    }

    /// The figure's digit as a degree, read without Unicode's tables: only 1 to 7 are degrees.
    private static func degree(of figure: WrittenNote.Figure) -> Int? {
        let digit = Int(figure.digit.asciiValue ?? 0) - Int(UInt8(ascii: "0"))
        return (1...7).contains(digit) ? digit : nil
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

    /// `pitch` on the letter of `degree` in the key, or its usual name when that needs more than a double accidental.
    static func spell(_ pitch: Pitch, degree: Int?, keyLetter: NoteName.Letter) -> SpelledPitch {
        let name =
            degree.flatMap { NoteName.spelling(pitchClass: pitch.pitchClass, on: keyLetter.advanced(by: $0 - 1)) }
            ?? NoteName.defaultSpelling(pitchClass: pitch.pitchClass)
        let octave = pitch.octave(spelledAs: name) ?? pitch.octave
        return SpelledPitch(step: name.letter, alter: name.accidental.semitones, octave: octave, midiNumber: pitch.midiNumber)
    }
}

/// The verses' syllables as MusicXML says them, on the notes the page sings them on (`WrittenEvent.syllableSlot`):
/// a hyphen makes a syllable begin, go on or end a word, and a note sung on no syllable of its own
/// (`_`, or under a slur after its first) holds the syllable before it (an extender).
struct ExportedSyllables {
    private let verses: [[String?]]
    private let location: SourceLocation
    /// Per verse: where the last syllable sung is in the part's syllables, and whether it ended in a hyphen.
    private var lastSung: [Int?]
    private var hyphenOpen: [Bool]

    /// The syllables of `verses` (a part's `LyricSyllables.verse`s), written as of `location`.
    init(_ verses: [LyricVerse], at location: SourceLocation) {
        self.verses = verses.map(\.syllables)
        self.location = location
        lastSung = Array(repeating: nil, count: verses.count)
        hyphenOpen = Array(repeating: false, count: verses.count)
    }

    /// Sings the syllables of `slot` on `note`, adding them to its part's `syllables`; a struck note with no slot extends the syllables before.
    mutating func sing(on note: inout ExportNote, slot: Int?, syllables: inout [ExportSyllable]) {
        guard !verses.isEmpty, !note.isRest else { return }
        guard let slot else {
            if !note.followsTie { for verse in verses.indices { extend(verse, in: &syllables) } }
            return
        }
        let start = syllables.count
        defer { if syllables.count > start { note.lyrics = start..<syllables.count } }
        for verse in verses.indices where slot < verses[verse].count {
            guard let text = verses[verse][slot] else {
                // `_`: the syllable before is held over this note.
                extend(verse, in: &syllables)
                continue
            }
            let joins = text.count > 1 && text.hasSuffix("-")
            let shown = joins ? String(text.dropLast()) : text
            let syllabic: ExportSyllable.Syllabic = hyphenOpen[verse] ? (joins ? .middle : .end) : (joins ? .begin : .single)
            hyphenOpen[verse] = joins
            lastSung[verse] = syllables.count
            syllables.append(ExportSyllable(verse: verse, text: shown, syllabic: syllabic, location: location))
        }
    }

    private func extend(_ verse: Int, in syllables: inout [ExportSyllable]) {
        guard let last = lastSung[verse] else { return }
        syllables[last].extend = true
    }
}
