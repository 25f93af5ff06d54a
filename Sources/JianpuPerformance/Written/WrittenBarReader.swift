import JianpuCore
import JianpuNotation

/// Reads a part's items into bars, as written: repeats once, endings side by side.
struct WrittenBarReader: MusicWalker {
    /// The bars closed and not yet handed on.
    private(set) var bars: [WrittenBar] = []
    private var open: WrittenBar
    private var position = WholeNotes.zero
    private var barLength: WholeNotes
    private var tonic: Int
    /// The note words read so far, by their text (nil: not a note word).
    private var wordsByText: [String: NoteWord?] = [:]
    /// How far `<` and `>` have moved the unmarked octave, as last seen on a single note.
    private var baseOctave = 0
    private var pendingGrace: [(Note, WrittenNote)] = []
    private var pendingTie = false
    private var pendingDynamic: String?
    private var pendingMarks: [String] = []
    /// Signs written since the last event, for the next one (`WrittenEvent.signsBefore`).
    private var pendingSigns: [WrittenSign] = []
    private var tupletCount = 0
    /// The tuplet being read: its number in the part and its count; and every tuplet around it.
    private var tuplet: (id: Int, count: Int)?
    private var tupletNest: WrittenTupletNest?
    private var voltaGroups = 0
    private var volta: (group: Int, label: String?)?
    private let movement: Int
    private let part: Int
    /// Each verse's syllables, sung on the struck notes in written order; how many notes have had theirs.
    private let syllables: [[String?]]
    private let stanzas: [String?]
    private var syllablesSung = 0
    /// Where slurs start and end (by the note written there, with how many): a note under a slur after its
    /// first carries the syllable on (a melisma), as LilyPond sings lyrics to a melody (`LyricPlacement`).
    private let slurStarts: [SourceLocation: Int]
    private let slurEnds: [SourceLocation: Int]
    private var placement = LyricPlacement()
    /// The verses, the longest first: those still sung at a note are the first few.
    private let versesByLength: [Int]
    /// The words written over or under each note.
    private let annotationsByNote: [SourceLocation: [Annotation]]
    /// Fermatas, articulations, rehearsal marks and hairpins, put on the events as they are dressed.
    var performerMarks = PerformerMarkDresser(marks: [], hairpins: [], rehearsalMarks: [])
    /// Whether the open bar has a note or rest, and where in `bars` the last closed one with one is:
    /// kept as bars close, so that handing bars on never searches the ones held.
    private var openHasNote = false
    private var lastBarWithNote: Int?
    /// Events a wide open bar keeps when it hands the ones before on as a piece (nil: bars come whole).
    var piece: Int?
    /// Whether the sung notes get their syllables' texts (`WrittenEvent.lyrics`), or only their slots: a reader
    /// that says the syllables its own way (MusicXML export) makes no list of them per note.
    var syllableTexts = true
    /// Takes each bar, dressed, once nothing read later can change it (`handOnFinished()`), also from inside
    /// a repeat or tuplet: a group as long as the score would otherwise be held whole until it ends.
    /// The bar is lent in place (`inout`), so that numbering it on the way costs no copy of it.
    var hand: (inout WrittenBar) -> Void = { _ in }

    /// A reader of part `part` of movement `movement` (both 0-based, for the events' ids), with the part's verses, slurs and words.
    init(part: Int, movement: Int, lyrics: [String], slurs: [Slur], annotations: [Annotation]) {
        self.init(part: part, movement: movement, verses: lyrics.map(LyricSyllables.verse), slurs: slurs, annotations: annotations)
    }

    /// A reader whose part's verses are already split into syllables (`LyricSyllables.verse`).
    init(part: Int, movement: Int, verses written: [LyricVerse], slurs: [Slur], annotations: [Annotation]) {
        let verses = written.map(\.syllables)
        syllables = verses
        stanzas = written.map(\.stanza)
        slurStarts = slurs.reduce(into: [:]) { $0[$1.start, default: 0] += 1 }
        slurEnds = slurs.reduce(into: [:]) { $0[$1.end, default: 0] += 1 }
        versesByLength = verses.indices.sorted { verses[$0].count > verses[$1].count }
        annotationsByNote = Dictionary(grouping: annotations, by: \.note)
        // C major in 4/4 until the part says otherwise.
        tonic = 60
        self.part = part
        self.movement = movement
        barLength = WholeNotes(1)
        open = WrittenBar(start: .zero, length: barLength)
    }

    mutating func visitNote(_ note: Note, ratio: WholeNotes) {
        // The note's word read once, for its octave and its figure.
        let word = note.pitchCount == 1 ? word(note.text) : nil
        if let base = WrittenNote.baseOctave(of: note, tonic: tonic, word: word) { baseOctave = base }
        let written = WrittenNote(note, tonic: tonic, baseOctave: baseOctave, word: word)
        if note.isRest { pendingTie = false }
        var event = event(.note(note, written), length: note.length * ratio, at: note.location)
        event.tiedFromPrevious = pendingTie && !note.isRest
        if pendingGrace.isEmpty {
            event.setGroup(tuplet: tuplet, nest: tupletNest, after: open.events)
        } else {
            event.setGroup(graceBefore: pendingGrace, tuplet: tuplet, nest: tupletNest)
        }
        add(consume event)
        pendingGrace = []
        pendingTie = false
    }

    mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) {
        var event = event(.dash, length: dash.length * ratio, at: dash.location)
        event.setGroup(tuplet: tuplet, nest: tupletNest, after: open.events)
        add(consume event)
    }

    mutating func visitTie(at location: SourceLocation) {
        pendingTie = true
        // `1 - ~ 1`: the arc starts at the note head, not at the dash written before the tie.
        markLastNote(headOnly: true) { $0.tiedToNext = true }
    }

    mutating func visitTuplet(_ group: Tuplet, ratio: WholeNotes) {
        // A plain division of a beat (the seed app's): no number to print.
        if group.ratio == .whole { return walk(group.items, ratio: ratio) }
        let (outer, outerNest) = (tuplet, tupletNest)
        tupletCount += 1
        tuplet = (tupletCount, group.count)
        tupletNest = WrittenTupletNest(group, id: tupletCount, in: outerNest, ratio: ratio)
        descend(into: group, ratio: ratio)
        (tuplet, tupletNest) = (outer, outerNest)
    }

    mutating func visitGrace(_ grace: GraceNotes) {
        let notes = grace.notes.map { ($0, WrittenNote($0, tonic: tonic, baseOctave: baseOctave)) }
        // Grace notes after a note go with it, past its dashes (`5 - [67]g`): a dash draws none.
        if grace.placement == .before { pendingGrace += notes } else { markLastNote(headOnly: true) { $0.graceAfter += notes } }
    }

    mutating func visitJump(_ jump: Jump) {
        pendingSigns.append(.jump(jump))
        // A segno marks where the music after it starts; the others end the music before them.
        if jump.kind == .segno || !hasEvents { pendingMarks.append(Self.words(for: jump.kind)) } else { markLastNote { $0.marks.append(Self.words(for: jump.kind)) } }
    }

    mutating func visitMultibarRest(_ rest: MultibarRest) {
        closeIfStarted()
        let length = barLength * Int64(max(rest.bars, 1))
        open.length = length
        add(event(.multibarRest(rest.bars), length: length, at: rest.location))
    }

    mutating func visitTempo(_ tempo: TempoMark) {
        pendingSigns.append(.tempo(tempo))
        if position > .zero { pendingMarks.append(TempoText.text(of: tempo)) }
    }

    mutating func visitKey(_ key: KeySignature) {
        pendingSigns.append(.key(key))
        if position > .zero || bars.count > 0 {
            pendingMarks.append(key.text)
            markChangeBefore()
        }
        tonic = key.tonicMIDINumber
    }

    mutating func visitTimeSignature(_ meter: TimeSignature) {
        pendingSigns.append(.meter(meter))
        // A meter between bar lines is a bar line: the new meter's bars start there.
        cut()
        barLength = meter.barLength
        open.length = bars.isEmpty ? meter.pickup ?? barLength : barLength
        open.meter = meter
        if position > .zero {
            pendingMarks.append("\(meter.beats)/\(meter.beatUnit)")
            markChangeBefore()
        }
    }

    mutating func visitDynamic(_ dynamic: Dynamic) {
        // As in LilyPond, `1 \p` marks the note before it; one written before any note waits for the first.
        if hasEvents { markLastNote { $0.dynamic = dynamic.marking } } else { pendingDynamic = dynamic.marking }
    }

    mutating func visitRepeat(_ repeated: Repeat, ratio: WholeNotes) {
        // A repeat sign is a bar line: a repeat starting or ending between bar lines cuts the bar there.
        cut()
        open.repeatStart = true
        pendingSigns.append(.repeatStart)
        walk(repeated.body, ratio: ratio)
        let times = max(repeated.times, 1)
        if repeated.endings.isEmpty {
            cut()
            pendingSigns.append(.repeatEnd(times: times))
            markRepeatEnd(times: repeated.times, playing: times)
            return
        }
        // Each later ending starts as far into its bar as the first one did.
        var phase = WholeNotes.zero
        let early = max(times - repeated.endings.count + 1, 1)
        for (index, ending) in repeated.endings.enumerated() {
            voltaGroups += 1
            let isLast = index == repeated.endings.count - 1
            let passes = repeated.times - repeated.endings.count + 1
            let label = index == 0 && passes > 1 ? "1.–\(passes)." : "\(index + passes)."
            let numbers = index == 0 ? (1...early).map(String.init).joined(separator: ", ") : String(early + index)
            cut()
            if index == 0 {
                phase = open.length < barLength ? barLength - open.length : .zero
            } else {
                open.length = barLength - phase
            }
            open.endingStart = numbers
            pendingSigns.append(.endingStart(numbers: numbers, index: index))
            volta = (voltaGroups, label)
            walk(ending, ratio: ratio)
            cut()
            pendingSigns.append(.endingStop(numbers: numbers, isLast: isLast))
            if open.events.isEmpty, !bars.isEmpty { bars[bars.count - 1].endingStop = (numbers, isLast) }
            if !isLast {
                pendingSigns.append(.repeatEnd(times: times))
                markRepeatEnd(times: nil, playing: times)
                if !open.events.isEmpty {
                    open.voltaEndsWithHook = true
                } else if !bars.isEmpty, bars[bars.count - 1].volta?.group == voltaGroups {
                    bars[bars.count - 1].voltaEndsWithHook = true
                }
            }
            if open.events.isEmpty { volta = nil } else { open.volta = open.volta ?? volta; volta = nil }
        }
    }

    private mutating func markRepeatEnd(times: Int?, playing: Int) {
        if open.events.isEmpty, !bars.isEmpty {
            bars[bars.count - 1].repeatEnd = true
            bars[bars.count - 1].repeatEndTimes = playing
            if let times, times > 2 { bars[bars.count - 1].repeatTimes = times }
        } else {
            open.repeatEnd = true
            open.repeatEndTimes = playing
            if let times, times > 2 { open.repeatTimes = times }
        }
    }

    /// Ends the open bar here when it has begun (a repeat sign or a meter between bar lines); the bar
    /// after it ends where the cut one would have, so the bar lines after it stay where they were.
    private mutating func cut() {
        guard !open.events.isEmpty else { return }
        let line = open.start + open.length
        open.length = position - open.start
        close()
        if line > position { open.length = line - position }
    }

    /// A key or meter change at a bar line: the bar before it ends with a double line.
    private mutating func markChangeBefore() {
        if open.events.isEmpty, !bars.isEmpty { bars[bars.count - 1].isDouble = true }
    }

    private var hasEvents: Bool { !open.events.isEmpty || !bars.isEmpty }

    /// Changes the last event written (with `headOnly`, the last note or rest, passing over its dashes).
    private mutating func markLastNote(headOnly: Bool = false, _ change: (inout WrittenEvent) -> Void) {
        func isTarget(_ event: WrittenEvent) -> Bool { !headOnly || event.isNote }
        if let index = open.events.lastIndex(where: isTarget) {
            change(&open.events[index])
            return
        }
        for b in bars.indices.reversed() {
            if let index = bars[b].events.lastIndex(where: isTarget) {
                change(&bars[b].events[index])
                return
            }
        }
    }

    private mutating func add(_ event: consuming WrittenEvent) {
        var event = event
        if pendingDynamic != nil, case .note(let note, _) = event.kind, !note.isRest, let dynamic = pendingDynamic {
            event.dynamic = dynamic
            pendingDynamic = nil
        }
        if !pendingMarks.isEmpty {
            event.marks = pendingMarks
            pendingMarks = []
        }
        if !pendingSigns.isEmpty {
            event.signsBefore = pendingSigns
            pendingSigns = []
        }
        if open.events.isEmpty, let volta { open.volta = (volta.group, volta.label); self.volta?.label = nil }
        if event.isNote { openHasNote = true }
        // Only an event with extras has a box to share; the last event is read where it is, not copied out.
        if event.hasExtras { event.shareExtras(after: open.events) }
        // Its length read first: the event is then moved into the bar, not copied.
        let length = event.length
        open.events.append(consume event)
        if let piece, open.events.count / 2 >= piece { handOnPiece(keeping: piece) }
        position += length
        if position >= open.start + open.length { close() }
    }

    /// Closes the open bar's events but the last `keeping` as a piece of it: what is read later reaches
    /// back no further than the last note, kept as `release` keeps the bar with it; the bar's end goes on.
    private mutating func handOnPiece(keeping: Int) {
        var front = open
        front.events = Array(open.events.dropLast(keeping))
        (front.continues, front.repeatEnd, front.repeatTimes, front.isDouble, front.voltaEndsWithHook) = (true, false, nil, false, false)
        (front.repeatEndTimes, front.endingStop) = (nil, nil)
        open.events.removeFirst(front.events.count)
        (open.continued, open.repeatStart, open.endingStart, open.meter) = (true, false, nil, nil)
        open.volta?.label = nil
        if front.events.contains(where: \.isNote) { lastBarWithNote = bars.count }
        openHasNote = open.events.contains(where: \.isNote)
        bars.append(front)
        if bars.count >= 16 { handOnFinished() }
    }

    private mutating func closeIfStarted() {
        if !open.events.isEmpty { close() }
    }

    private mutating func close() {
        if openHasNote { lastBarWithNote = bars.count }
        openHasNote = false
        bars.append(open)
        open = WrittenBar(start: position, length: barLength)
        if bars.count >= 16 { handOnFinished() }
    }

    /// Hands the bars nothing read later can change to `hand`, dressed.
    mutating func handOnFinished() {
        handOn(release())
    }

    /// Dresses and hands on `finished`, which holds its bars alone: dressing changes each bar's events in
    /// place, where a bar still shared with the list it came from would copy all of its events first.
    private mutating func handOn(_ finished: consuming [WrittenBar]) {
        var finished = finished
        for index in finished.indices {
            dress(&finished[index])
            hand(&finished[index])
        }
    }

    /// Takes out the closed bars nothing read later can change. A tie, a dynamic or a grace note
    /// after reaches back to the last note or rest, past its dashes; a repeat's end, a change of
    /// key or meter and the marks at the end reach the last bar. Those are kept.
    mutating func release() -> [WrittenBar] {
        var kept = bars.count - 1
        if !openHasNote, let last = lastBarWithNote { kept = min(kept, last) }
        guard kept > 0 else { return [] }
        // The list itself is handed on and only the few bars kept are copied, so each bar has one holder.
        var finished = bars
        bars = Array(finished[kept...])
        finished.removeLast(finished.count - kept)
        lastBarWithNote = lastBarWithNote.flatMap { $0 >= kept ? $0 - kept : nil }
        return finished
    }

    /// Closes the part and hands on every bar left.
    mutating func finish() {
        closeIfStarted()
        if !pendingMarks.isEmpty, !bars.isEmpty {
            // Marks after the last note (`Fine`, `DC`) go over the last one.
            let last = bars.count - 1
            if !bars[last].events.isEmpty { bars[last].events[bars[last].events.count - 1].marks += pendingMarks }
        }
        if !pendingSigns.isEmpty, let last = bars.indices.last, !bars[last].events.isEmpty {
            bars[last].events[bars[last].events.count - 1].signsAfter = pendingSigns
        }
        if !bars.isEmpty { bars[bars.count - 1].isFinal = true }
        let left = bars
        bars = []
        handOn(left)
    }

    /// Puts each verse's syllable on the bar's struck notes, and the words written over and under its notes.
    mutating func dress(_ bar: inout WrittenBar) {
        // Most parts have no slurs, no words or no verses: their tables are then not looked in for every event.
        let hasSlurs = !slurStarts.isEmpty || !slurEnds.isEmpty
        for e in bar.events.indices {
            let location = bar.events[e].location
            var sings = false
            // Only the verses' syllables follow the slurs: with none, there is nothing to place.
            if !syllables.isEmpty, bar.events[e].isNote {
                if hasSlurs {
                    let slursAt = { (grace: (Note, WrittenNote)) in (starts: slurStarts[grace.0.location] ?? 0, ends: slurEnds[grace.0.location] ?? 0) }
                    sings = placement.takesSyllable(
                        isStruck: bar.events[e].isStruckNote, slurStarts: slurStarts[location] ?? 0, slurEnds: slurEnds[location] ?? 0,
                        graceBefore: bar.events[e].graceBefore.map(slursAt), graceAfter: bar.events[e].graceAfter.map(slursAt))
                } else {
                    // No slur starts or ends anywhere: the graces change nothing.
                    sings = placement.takesSyllable(isStruck: bar.events[e].isStruckNote, slurStarts: 0, slurEnds: 0)
                }
            }
            if sings, !syllableTexts {
                bar.events[e].syllableSlot = syllablesSung
                syllablesSung += 1
            } else if sings {
                var sung: [SungSyllable] = []
                for verse in versesByLength {
                    guard syllablesSung < syllables[verse].count else { break }
                    if let text = syllables[verse][syllablesSung] {
                        sung.append(SungSyllable(verse: verse, text: text, stanza: syllablesSung == 0 ? stanzas[verse] : nil))
                    }
                }
                bar.events[e].setSung(sung.count > 1 ? sung.sorted { $0.verse < $1.verse } : sung, slot: syllablesSung)
                syllablesSung += 1
            }
            if !performerMarks.isEmpty { performerMarks.dress(&bar.events[e]) }
            for annotation in annotationsByNote.isEmpty ? [] : annotationsByNote[bar.events[e].location] ?? [] {
                if annotation.isAbove { bar.events[e].wordsAbove.append(annotation.text) } else { bar.events[e].wordsBelow.append(annotation.text) }
            }
        }
    }

    /// The note word of `text` (`WrittenNote.word(_:)`), read once per distinct word: a part writes few, each many times.
    private mutating func word(_ text: String) -> NoteWord? {
        if let known = wordsByText[text] { return known }
        let word = WrittenNote.word(text)
        // Bounded, so that a part of ever new words does not keep them all.
        if wordsByText.count < 4096 { wordsByText[text] = .some(word) }
        return word
    }

    private func event(_ kind: consuming WrittenEvent.Kind, length: WholeNotes, at location: SourceLocation) -> WrittenEvent {
        WrittenEvent(kind: kind, onset: position, length: length, location: location, part: part, movement: movement)
    }

    static func words(for jump: Jump.Kind) -> String {
        switch jump {
        case .segno: "Segno"
        case .toCoda: "To Coda ⊕"
        case .fine: "Fine"
        case .daCapo: "D.C."
        case .dalSegno: "D.S."
        }
    }
}
