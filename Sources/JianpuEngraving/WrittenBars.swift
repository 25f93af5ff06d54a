import JianpuCore

/// One thing printed in a column of a bar: a note, chord, rest, dash or bars of rest.
struct WrittenEvent {
    enum Kind {
        // Boxed: the event is copied into the block's and the system's placed events, and a wide
        // bar holds many; the box is shared by the copies instead of copied with each.
        indirect case note(Note, WrittenNote)
        case dash
        case multibarRest(Int)
    }
    var kind: Kind
    /// Written position from the start of the part (repeats counted once).
    var onset: WholeNotes
    /// The time it takes: its written length scaled by the tuplets around it.
    var length: WholeNotes
    /// Where it was written, and its part: what the timeline knows it by.
    var location: SourceLocation
    var part: Int
    /// The id of the written event on the page.
    var id: String
    /// This note is the end of a tie: printed, not struck again.
    var tiedFromPrevious = false
    var tiedToNext = false
    /// What few events have, boxed: a wide bar's events are held by its bars, its block and its
    /// systems, and most have none of it, so each costs a pointer instead of room for all of it.
    fileprivate var extras: Box?

    var graceBefore: [(Note, WrittenNote)] {
        get { extras?.value.graceBefore ?? [] }
        set { change { $0.graceBefore = newValue } }
    }
    var graceAfter: [(Note, WrittenNote)] {
        get { extras?.value.graceAfter ?? [] }
        set { change { $0.graceAfter = newValue } }
    }
    /// The tuplet the event is in: a number per tuplet of the part, and its count.
    var tuplet: (id: Int, count: Int)? {
        get { extras?.value.tuplet }
        set { change { $0.tuplet = newValue } }
    }
    var dynamic: String? {
        get { extras?.value.dynamic }
        set { change { $0.dynamic = newValue } }
    }
    /// Words printed above: jumps, later tempos and keys.
    var marks: [String] {
        get { extras?.value.marks ?? [] }
        set { change { $0.marks = newValue } }
    }
    /// Words printed over and under the music: `^"…"`, `_"…"`.
    var wordsAbove: [String] {
        get { extras?.value.wordsAbove ?? [] }
        set { change { $0.wordsAbove = newValue } }
    }
    var wordsBelow: [String] {
        get { extras?.value.wordsBelow ?? [] }
        set { change { $0.wordsBelow = newValue } }
    }
    /// The syllables sung on this note, by verse: only the verses that have one here, so a note
    /// costs as much as the syllables it carries, however many verses there are.
    var lyrics: [SungSyllable] {
        get { extras?.value.lyrics ?? [] }
        set { change { $0.lyrics = newValue } }
    }

    fileprivate struct Extras {
        var graceBefore: [(Note, WrittenNote)] = []
        var graceAfter: [(Note, WrittenNote)] = []
        var tuplet: (id: Int, count: Int)?
        var dynamic: String?
        var marks: [String] = []
        var wordsAbove: [String] = []
        var wordsBelow: [String] = []
        var lyrics: [SungSyllable] = []

        var isEmpty: Bool {
            graceBefore.isEmpty && graceAfter.isEmpty && tuplet == nil && dynamic == nil && marks.isEmpty
                && wordsAbove.isEmpty && wordsBelow.isEmpty && lyrics.isEmpty
        }
    }

    /// Shared by an event's copies, never changed: a change boxes a new value.
    fileprivate final class Box: Sendable {
        let value: Extras
        init(_ value: Extras) { self.value = value }
    }

    private mutating func change(_ body: (inout Extras) -> Void) {
        var value = extras?.value ?? Extras()
        body(&value)
        extras = value.isEmpty ? nil : Box(value)
    }

    /// The page id of the event written at `location` in `part` of the movement with id `prefix`.
    static func id(prefix: String, part: Int, location: SourceLocation) -> String {
        "\(prefix)p\(part)l\(location.line)c\(location.column)"
    }

    var isStruckNote: Bool {
        if case .note(let note, _) = kind { return !note.isRest && !tiedFromPrevious }
        return false
    }
}

/// One bar as written, with the signs at its ends.
struct WrittenBar {
    var start: WholeNotes
    var length: WholeNotes
    /// The printed number (0 for a pickup), from the written score (`WrittenScore.printedNumber(atWritten:)`).
    var number: PrintedBarNumber = 0
    var events: [WrittenEvent] = []
    var repeatStart = false
    var repeatEnd = false
    var isFinal = false
    /// Ends with a double bar line: the key or meter changes after it.
    var isDouble = false
    /// Played this many times, printed when more than twice.
    var repeatTimes: Int?
    /// The volta bracket over this bar: its group and its label when the bracket starts here.
    var volta: (group: Int, label: String?)?
    /// The volta bracket ends over this bar with a hook down: every ending but the last closes so.
    var voltaEndsWithHook = false
    /// A piece of a wide bar (`WrittenBars.read(…, piece:)`): more of the bar follows, or this goes on from the piece before.
    var continues = false, continued = false
}

/// Reads a part's items into bars, as written: repeats once, endings side by side.
struct WrittenBars: MusicWalker {
    private(set) var bars: [WrittenBar] = []
    private var open: WrittenBar
    private var position = WholeNotes.zero
    private var barLength: WholeNotes
    private var tonic: Int
    /// How far `<` and `>` have moved the unmarked octave, as last seen on a single note.
    private var baseOctave = 0
    private var pendingGrace: [(Note, WrittenNote)] = []
    private var pendingTie = false
    private var pendingDynamic: String?
    private var pendingMarks: [String] = []
    private var tupletCount = 0
    /// The tuplet being read: its number in the part and its count.
    private var tuplet: (id: Int, count: Int)?
    private var voltaGroups = 0
    private var volta: (group: Int, label: String?)?
    private let movementPrefix: String
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
    /// Whether the open bar has a note or rest, and where in `bars` the last closed one with one is:
    /// kept as bars close, so that handing bars on never searches the ones held.
    private var openHasNote = false
    private var lastBarWithNote: Int?
    /// Events a wide open bar keeps when it hands the ones before on as a piece (nil: bars come whole).
    private var piece: Int?

    /// Each part's bars of `movement`, ids starting with `prefix`, numbered as the written score prints them.
    static func read(_ movement: Movement, prefix: String, written: WrittenScore? = nil) -> [[WrittenBar]] {
        var parts = movement.parts.map { _ in [WrittenBar]() }
        read(movement, prefix: prefix, written: written) { part, bar in parts[part].append(bar) }
        return parts
    }

    /// Hands each part's bars to `take` as they are read, the parts in order, each bar once nothing
    /// written later can change it: so a reader that lays bars out as they come holds only a few.
    /// `written` is the movement's written score when the caller keeps it (a reader of windows reads again).
    /// With `piece`, a bar of many events comes in pieces of at least that many, so that no reader holds a wide bar whole.
    static func read(_ movement: Movement, prefix: String, written: WrittenScore? = nil, piece: Int? = nil, take: (_ part: Int, _ bar: WrittenBar) -> Void) {
        let written = written ?? WrittenScore(movement)
        for (index, part) in movement.parts.enumerated() {
            var reader = WrittenBars(part: index, movementPrefix: prefix, lyrics: part.lyrics, slurs: part.slurs, annotations: part.annotations)
            reader.piece = piece.map { max($0, 1) }
            func hand(_ bar: WrittenBar) {
                var bar = bar
                reader.dress(&bar)
                bar.number = written.printedNumber(atWritten: bar.start)
                take(index, bar)
            }
            for item in part.items {
                reader.visit(item, ratio: .whole)
                for bar in reader.release() { hand(bar) }
            }
            reader.finish()
            for bar in reader.bars { hand(bar) }
        }
    }

    private init(part: Int, movementPrefix: String, lyrics: [String], slurs: [Slur], annotations: [Annotation]) {
        let written = lyrics.map(LyricSyllables.verse)
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
        self.movementPrefix = movementPrefix
        barLength = WholeNotes(1)
        open = WrittenBar(start: .zero, length: barLength)
    }

    mutating func visitNote(_ note: Note, ratio: WholeNotes) {
        if let base = WrittenNote.baseOctave(of: note, tonic: tonic) { baseOctave = base }
        let written = WrittenNote(note, tonic: tonic, baseOctave: baseOctave)
        if note.isRest { pendingTie = false }
        var event = event(.note(note, written), length: note.length * ratio, at: note.location)
        event.graceBefore = pendingGrace
        event.tiedFromPrevious = pendingTie && !note.isRest
        event.tuplet = tuplet
        add(event)
        pendingGrace = []
        pendingTie = false
    }

    mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) {
        var event = event(.dash, length: dash.length * ratio, at: dash.location)
        event.tuplet = tuplet
        add(event)
    }

    mutating func visitTie(at location: SourceLocation) {
        pendingTie = true
        // `1 - ~ 1`: the arc starts at the note head, not at the dash written before the tie.
        markLastNote(headOnly: true) { $0.tiedToNext = true }
    }

    mutating func visitTuplet(_ group: Tuplet, ratio: WholeNotes) {
        // A plain division of a beat (the seed app's): no number to print.
        if group.ratio == .whole { return walk(group.items, ratio: ratio) }
        let outer = tuplet
        tupletCount += 1
        tuplet = (tupletCount, group.count)
        descend(into: group, ratio: ratio)
        tuplet = outer
    }

    mutating func visitGrace(_ grace: GraceNotes) {
        let notes = grace.notes.map { ($0, WrittenNote($0, tonic: tonic, baseOctave: baseOctave)) }
        // Grace notes after a note go with it, past its dashes (`5 - [67]g`): a dash draws none.
        if grace.placement == .before { pendingGrace += notes } else { markLastNote(headOnly: true) { $0.graceAfter += notes } }
    }

    mutating func visitJump(_ jump: Jump) {
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
        if position > .zero { pendingMarks.append(TempoText.text(of: tempo)) }
    }

    mutating func visitKey(_ key: KeySignature) {
        if position > .zero || bars.count > 0 {
            pendingMarks.append(key.text)
            markChangeBefore()
        }
        tonic = key.tonicMIDINumber
    }

    mutating func visitTimeSignature(_ meter: TimeSignature) {
        barLength = meter.barLength
        if open.events.isEmpty {
            open.length = bars.isEmpty ? meter.pickup ?? barLength : barLength
        }
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
        open.repeatStart = true
        walk(repeated.body, ratio: ratio)
        if repeated.endings.isEmpty {
            markRepeatEnd(times: repeated.times)
            return
        }
        for (index, ending) in repeated.endings.enumerated() {
            voltaGroups += 1
            let isLast = index == repeated.endings.count - 1
            let passes = repeated.times - repeated.endings.count + 1
            let label = index == 0 && passes > 1 ? "1.–\(passes)." : "\(index + passes)."
            volta = (voltaGroups, label)
            walk(ending, ratio: ratio)
            if !isLast {
                markRepeatEnd(times: nil)
                if !open.events.isEmpty { open.voltaEndsWithHook = true } else if !bars.isEmpty, bars[bars.count - 1].volta?.group == voltaGroups {
                    bars[bars.count - 1].voltaEndsWithHook = true
                }
            }
            if open.events.isEmpty { volta = nil } else { open.volta = open.volta ?? volta; volta = nil }
        }
    }

    private mutating func markRepeatEnd(times: Int?) {
        if open.events.isEmpty, !bars.isEmpty {
            bars[bars.count - 1].repeatEnd = true
            if let times, times > 2 { bars[bars.count - 1].repeatTimes = times }
        } else {
            open.repeatEnd = true
            if let times, times > 2 { open.repeatTimes = times }
        }
    }

    /// A key or meter change at a bar line: the bar before it ends with a double line.
    private mutating func markChangeBefore() {
        if open.events.isEmpty, !bars.isEmpty { bars[bars.count - 1].isDouble = true }
    }

    private var hasEvents: Bool { !open.events.isEmpty || !bars.isEmpty }

    /// Changes the last event written (with `headOnly`, the last note or rest, passing over its dashes).
    private mutating func markLastNote(headOnly: Bool = false, _ change: (inout WrittenEvent) -> Void) {
        func isTarget(_ event: WrittenEvent) -> Bool {
            if !headOnly { return true }
            if case .note = event.kind { return true }
            return false
        }
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

    private mutating func add(_ event: WrittenEvent) {
        var event = event
        if case .note(let note, _) = event.kind, !note.isRest, let dynamic = pendingDynamic {
            event.dynamic = dynamic
            pendingDynamic = nil
        }
        event.marks = pendingMarks
        pendingMarks = []
        if open.events.isEmpty, let volta { open.volta = (volta.group, volta.label); self.volta?.label = nil }
        if case .note = event.kind { openHasNote = true }
        open.events.append(event)
        if let piece, open.events.count / 2 >= piece { handOnPiece(keeping: piece) }
        position += event.length
        if position >= open.start + open.length { close() }
    }

    /// Closes the open bar's events but the last `keeping` as a piece of it: what is read later reaches
    /// back no further than the last note, kept as `release` keeps the bar with it; the bar's end goes on.
    private mutating func handOnPiece(keeping: Int) {
        var front = open
        front.events = Array(open.events.dropLast(keeping))
        (front.continues, front.repeatEnd, front.repeatTimes, front.isDouble, front.voltaEndsWithHook) = (true, false, nil, false, false)
        open.events.removeFirst(front.events.count)
        (open.continued, open.repeatStart) = (true, false)
        open.volta?.label = nil
        func isNote(_ event: WrittenEvent) -> Bool { if case .note = event.kind { true } else { false } }
        if front.events.contains(where: isNote) { lastBarWithNote = bars.count }
        openHasNote = open.events.contains(where: isNote)
        bars.append(front)
    }

    private mutating func closeIfStarted() {
        if !open.events.isEmpty { close() }
    }

    private mutating func close() {
        if openHasNote { lastBarWithNote = bars.count }
        openHasNote = false
        bars.append(open)
        open = WrittenBar(start: position, length: barLength)
    }

    /// Hands on the closed bars nothing read later can change. A tie, a dynamic or a grace note
    /// after reaches back to the last note or rest, past its dashes; a repeat's end, a change of
    /// key or meter and the marks at the end reach the last bar. Those are kept.
    private mutating func release() -> ArraySlice<WrittenBar> {
        var kept = bars.count - 1
        if !openHasNote, let last = lastBarWithNote { kept = min(kept, last) }
        guard kept > 0 else { return [] }
        defer {
            bars.removeFirst(kept)
            lastBarWithNote = lastBarWithNote.flatMap { $0 >= kept ? $0 - kept : nil }
        }
        return bars[..<kept]
    }

    private mutating func finish() {
        closeIfStarted()
        if !pendingMarks.isEmpty, !bars.isEmpty {
            // Marks after the last note (`Fine`, `DC`) go over the last one.
            let last = bars.count - 1
            if !bars[last].events.isEmpty { bars[last].events[bars[last].events.count - 1].marks += pendingMarks }
        }
        if !bars.isEmpty { bars[bars.count - 1].isFinal = true }
    }

    /// Puts each verse's syllable on the bar's struck notes, and the words written over and under its notes.
    private mutating func dress(_ bar: inout WrittenBar) {
        for e in bar.events.indices {
            let location = bar.events[e].location
            var sings = false
            if case .note = bar.events[e].kind {
                let slursAt = { (grace: (Note, WrittenNote)) in (starts: slurStarts[grace.0.location] ?? 0, ends: slurEnds[grace.0.location] ?? 0) }
                sings = placement.takesSyllable(isStruck: bar.events[e].isStruckNote, slurStarts: slurStarts[location] ?? 0, slurEnds: slurEnds[location] ?? 0,
                                                graceBefore: bar.events[e].graceBefore.map(slursAt), graceAfter: bar.events[e].graceAfter.map(slursAt))
            }
            if !syllables.isEmpty, sings {
                var sung: [SungSyllable] = []
                for verse in versesByLength {
                    guard syllablesSung < syllables[verse].count else { break }
                    if let text = syllables[verse][syllablesSung] {
                        sung.append(SungSyllable(verse: verse, text: text, stanza: syllablesSung == 0 ? stanzas[verse] : nil))
                    }
                }
                bar.events[e].lyrics = sung.count > 1 ? sung.sorted { $0.verse < $1.verse } : sung
                syllablesSung += 1
            }
            for annotation in annotationsByNote[bar.events[e].location] ?? [] {
                if annotation.isAbove { bar.events[e].wordsAbove.append(annotation.text) } else { bar.events[e].wordsBelow.append(annotation.text) }
            }
        }
    }

    private func event(_ kind: WrittenEvent.Kind, length: WholeNotes, at location: SourceLocation) -> WrittenEvent {
        WrittenEvent(kind: kind, onset: position, length: length, location: location, part: part,
                     id: WrittenEvent.id(prefix: movementPrefix, part: part, location: location))
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
