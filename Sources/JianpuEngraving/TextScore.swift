import JianpuCore
import JianpuNotation
import JianpuPerformance

/// The columns of a score's text form, for a screen that shows all its parts in lines of any width:
/// where every onset and bar line of every part falls in time and how wide it is, without the text.
///
/// The lines are laid out from these columns (`breaks(width:)`), and only the lines asked for are
/// drawn (`lines(_:of:)`), by reading the score's bars again: a screen holds the lines around the
/// playing position, never the whole score as text.
public struct TextScore: Sendable {
    /// A moment of written time at which some part starts an event or has a bar line.
    struct Slot: Sendable {
        var time: WholeNotes
        /// Widest characters before an event's digit (grace notes, accidentals), and the rest of the widest event.
        var lead: Int16 = 0
        var body: Int16 = 0
        /// Widest bar line ending a bar here (`| `, `:‖ `) and widest starting one (`‖: `).
        var barEnd: Int8 = 0
        var barStart: Int8 = 0
        var hasEvent = false
        var hasBar = false

        /// Characters the event column takes, with its space.
        var eventWidth: Int { hasEvent ? Int(lead) + Int(body) + 1 : 0 }

        /// The slot wide enough for both, at their time.
        mutating func widen(to other: Slot) {
            lead = max(lead, other.lead)
            body = max(body, other.body)
            barEnd = max(barEnd, other.barEnd)
            barStart = max(barStart, other.barStart)
            hasEvent = hasEvent || other.hasEvent
            hasBar = hasBar || other.hasBar
        }
    }

    /// One line of a layout: slots `slots` of movement `movement` and the bar line at its end.
    public struct Line: Sendable, Hashable {
        public var movement: Int
        var slots: Range<Int>
    }

    /// A score laid out in lines of one width.
    public struct Breaks: Sendable {
        public let width: Int
        public let lines: [Line]
        /// The first line of each movement.
        let firstLine: [Int]
    }

    let score: Score
    /// Each movement's written score, kept so that a window read again does not count its bars again.
    let writtenScores: [WrittenScore]
    /// The events of a wide bar read at a time (`WrittenScore.readBars(…, piece:)`).
    let piece: Int?
    /// Each movement's slots in time order.
    let slots: [[Slot]]
    /// The bars of the first movement's opening (a few screens), read with the rest: the first screen
    /// is drawn without reading the score again.
    public let opening: TextWindow?
    /// Per note and rest of the timeline's melody, in played order: where it is written (movement, written time).
    private let cues: [Cue]

    private struct Cue: Sendable {
        var played: Double
        var length: Float
        var movement: Int32
        var written: Double
    }

    /// The columns of `score`, whose notes and rests `timeline` plays (nil: no written place is asked).
    ///
    /// Holds a few bytes per onset: the columns in arrays, no text and no table keyed by note.
    public init(score: Score, timeline: Timeline?) {
        self.init(score: score, timeline: timeline, piece: Self.wideBarPiece)
    }

    /// The columns, the score read with bars of many events in pieces of `piece` (nil: bars whole).
    init(score: Score, timeline: Timeline?, piece: Int?) {
        self.score = score
        self.piece = piece
        let writtenScores = score.movements.map { WrittenScore($0) }
        self.writtenScores = writtenScores
        // Made first, from a reading of their own: the written places they are found from are let go
        // before the slots are made (the two held together were a third of the play screen's peak).
        cues = timeline.map { Self.cues(of: $0, score: score, writtenScores: writtenScores, piece: piece) } ?? []
        var slots: [[Slot]] = []
        var openingWindow: TextWindow?
        for (m, movement) in score.movements.enumerated() {
            var merged: [Slot] = [], part: [Slot] = [], reading = 0
            // A slot an event, about an item each: room made at once, not grown by copies (a long
            // part's slots and their copy would be held together).
            func makeRoom(forPart index: Int) {
                part.reserveCapacity(movement.parts[index].items.count + 2)
            }
            if !movement.parts.isEmpty { makeRoom(forPart: 0) }
            func add(_ slot: Slot) {
                // A part's slots come in time order; one out of order (never seen) goes in its place.
                var index = part.count
                while index > 0, part[index - 1].time > slot.time { index -= 1 }
                if index > 0, part[index - 1].time == slot.time { part[index - 1].widen(to: slot) } else { part.insert(slot, at: index) }
            }
            // The opening: the melody's first events, and every part's bars before where they end.
            var opening = movement.parts.map { _ in [WrittenBar]() }
            var openingEnd: WholeNotes?
            var openingEvents = 0
            var melodyEnd = WholeNotes.zero
            // Read as the page reads them: a part ending in a one-bar repeat goes on bar by bar in percent signs.
            PercentRepeats.readBars(of: writtenScores[m], movement: movement, movementIndex: m, piece: piece) { index, bar in
                if index == 0 { melodyEnd = Self.end(of: bar) } else if openingEnd == nil { openingEnd = melodyEnd }
                if m == 0, openingEnd.map({ bar.start < $0 }) ?? true {
                    var kept = bar
                    if index == 0, openingEnd == nil, openingEvents + bar.events.count > Self.openingEvents {
                        // The opening ends inside the bar (a wide one): at the first event it leaves out.
                        let count = max(0, Self.openingEvents - openingEvents)
                        kept.events = Array(bar.events.prefix(count))
                        openingEnd = bar.events[count].onset
                    } else if let end = openingEnd {
                        kept.events.removeAll { $0.onset >= end }
                    }
                    Self.append(kept, to: &opening[index])
                    openingEvents += kept.events.count
                }
                if index != reading {
                    merged = Self.merge(merged, part)
                    part = []
                    reading = index
                    makeRoom(forPart: index)
                }
                let (start, end) = Self.barText(bar)
                // A wide bar comes in pieces: its bar lines are at the first's start and the last's end.
                if !bar.continued { add(Slot(time: bar.start, barStart: Int8(clamping: start.count), hasBar: true)) }
                // A percent sign takes a column of its own at least.
                if bar.isPercentRepeat { add(Slot(time: bar.start, body: 1, hasEvent: true)) }
                for event in bar.events {
                    let cell = TextEngraving.cell(event)
                    add(Slot(time: event.onset, lead: Int16(clamping: cell.lead), body: Int16(clamping: cell.width - cell.lead), hasEvent: true))
                }
                if !bar.continues { add(Slot(time: Self.end(of: bar), barEnd: Int8(clamping: end.count), hasBar: true)) }
            }
            slots.append(Self.merge(merged, part))
            if m == 0 {
                // One part, shorter than the opening: the whole movement is held.
                let end = openingEnd ?? slots[0].last?.time ?? .zero
                openingWindow = TextWindow(movement: 0, from: .zero, to: end, arcs: movement.parts.map { TextEngraving.Arcs(slurs: $0.slurs) }, parts: opening)
            }
        }
        self.slots = slots
        opening = openingWindow
    }

    /// Where the melody's notes and rests that `timeline` plays are written, in played order.
    private static func cues(of timeline: Timeline, score: Score, writtenScores: [WrittenScore], piece: Int?) -> [Cue] {
        // Where each written note and rest of the melody is, sorted by location, to follow the timeline.
        var written: [(location: SourceLocation, movement: Int32, onset: Double)] = []
        for (m, movement) in score.movements.enumerated() {
            written.reserveCapacity(written.count + (movement.parts.first?.items.count ?? 0))
            writtenScores[m].readBars(of: movement, movementIndex: m, piece: piece) { index, bar in
                guard index == 0 else { return }
                for event in bar.events {
                    if case .note = event.kind { written.append((event.location, Int32(m), event.onset.doubleValue)) }
                }
            }
        }
        // Read in written order, they are sorted already but where a score says otherwise: no sort's copy then.
        if !zip(written, written.dropFirst()).allSatisfy({ $0.location <= $1.location }) { written.sort { $0.location < $1.location } }
        func place(of location: SourceLocation) -> (movement: Int32, onset: Double)? {
            let low = written.partitioningIndex { $0.location >= location }
            return low < written.count && written[low].location == location ? (written[low].movement, written[low].onset) : nil
        }
        var cues: [Cue] = []
        cues.reserveCapacity(written.count)
        func cue(_ onset: WholeNotes, _ end: WholeNotes, _ location: SourceLocation?) {
            guard let location, let place = place(of: location) else { return }
            let entry = Cue(played: onset.doubleValue, length: Float((end - onset).doubleValue), movement: place.movement, written: place.onset)
            if let last = cues.last, last.played == entry.played, last.written == entry.written, last.movement == entry.movement { return }
            cues.append(entry)
        }
        // The melody leads: parts may be written with their repeats in other places (a canon entering
        // after a rest), and the screen follows one part, not each in turn. The timeline keeps notes
        // and rests in played order: one merge, notes first at a time, with no copy of either.
        let notes = timeline.notes, rests = timeline.rests
        var n = 0, r = 0
        while n < notes.count || r < rests.count {
            if r == rests.count || (n < notes.count && notes[n].onset <= rests[r].onset) {
                let note = notes[n]
                n += 1
                if !note.isGrace && note.part == 0 { cue(note.onset, note.end, note.location) }
            } else {
                let rest = rests[r]
                r += 1
                if rest.part == 0 { cue(rest.onset, rest.end, rest.location) }
            }
        }
        if cues.isEmpty, let first = written.first {
            // No melody in the timeline (its first part silent): the line of the first written note.
            cues.append(Cue(played: 0, length: 0, movement: first.movement, written: first.onset))
        }
        return cues
    }

    /// How many of the melody's events the opening holds: several screens of lines at any width.
    static let openingEvents = 2_000

    /// The events of a wide bar read at a time: the score is read in pieces of a bar, never a wide bar whole.
    static let wideBarPiece = 512

    /// Adds a bar to a window's bars, or a piece of one to the piece before it: a window holds whole bars
    /// (with only the events it covers), which take their ends' signs from their last piece.
    static func append(_ bar: WrittenBar, to bars: inout [WrittenBar]) {
        let last = bars.count - 1
        guard bar.continued, last >= 0, bars[last].continues, bars[last].start == bar.start else { return bars.append(bar) }
        bars[last].events += bar.events
        bars[last].continues = bar.continues
        bars[last].repeatEnd = bar.repeatEnd
        bars[last].repeatTimes = bar.repeatTimes
        bars[last].isFinal = bar.isFinal
        bars[last].isDouble = bar.isDouble
        bars[last].voltaEndsWithHook = bar.voltaEndsWithHook
    }

    /// Two parts' slots in one time order, slots at the same time widened to both.
    static func merge(_ a: [Slot], _ b: [Slot]) -> [Slot] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var result: [Slot] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].time < b[j].time) {
                result.append(a[i]); i += 1
            } else if i == a.count || b[j].time < a[i].time {
                result.append(b[j]); j += 1
            } else {
                var slot = a[i]
                slot.widen(to: b[j])
                result.append(slot)
                i += 1; j += 1
            }
        }
        return result
    }

    /// The bar line text before a bar (`‖: ` at a repeat's start) and after it.
    static func barText(_ bar: WrittenBar) -> (start: String, end: String) {
        (bar.repeatStart ? "‖: " : "", bar.repeatEnd ? ":‖ " : bar.isFinal || bar.isDouble ? "‖ " : "| ")
    }

    /// Where a bar's bar line falls: after its last event (a short last bar ends where its music does).
    static func end(of bar: WrittenBar) -> WholeNotes {
        bar.events.last.map { $0.onset + $0.length } ?? bar.start + bar.length
    }

    /// Where the music at a played position is written: its movement and written time (whole notes
    /// from the movement's start, repeats once), from the latest note or rest begun by then.
    public func writtenPlace(at position: Double, tolerance: Double = 1e-4) -> (movement: Int, time: Double)? {
        let low = cues.partitioningIndex { $0.played > position + tolerance }
        guard low > 0 else { return cues.first.map { (Int($0.movement), $0.written) } }
        let cue = cues[low - 1]
        let into = min(max(0, position - cue.played), Double(cue.length))
        return (Int(cue.movement), cue.written + into)
    }

    /// The score in lines at most `width` characters wide: each line as many bars as fit, a bar
    /// wider than a line broken between its events.
    public func breaks(width: Int) -> Breaks {
        let width = max(width, 8)
        var lines: [Line] = [], firstLine: [Int] = []
        for (m, slots) in slots.enumerated() {
            firstLine.append(lines.count)
            let last = slots.count - 1
            var s = 0
            while s < last {
                var inner = Int(slots[s].barStart) + slots[s].eventWidth
                var cut = s + 1
                var lastBar: Int?
                var e = s + 1
                while e <= last {
                    if inner + Int(slots[e].barEnd) > width && e > s + 1 { break }
                    cut = e
                    if slots[e].hasBar { lastBar = e }
                    if e == last { break }
                    inner += Int(slots[e].barEnd + slots[e].barStart) + slots[e].eventWidth
                    e += 1
                }
                // A line that must end early ends at its last bar line, if it has one.
                if cut < last, let bar = lastBar { cut = bar }
                lines.append(Line(movement: m, slots: s..<cut))
                s = cut
            }
        }
        return Breaks(width: width, lines: lines, firstLine: firstLine)
    }

    /// The line of `breaks` showing a written place.
    public func line(of place: (movement: Int, time: Double), in breaks: Breaks) -> Int {
        guard breaks.firstLine.indices.contains(place.movement), !breaks.lines.isEmpty else { return 0 }
        let slots = self.slots[place.movement]
        let first = breaks.firstLine[place.movement]
        let end = place.movement + 1 < breaks.firstLine.count ? breaks.firstLine[place.movement + 1] : breaks.lines.count
        guard first < end else { return min(first, breaks.lines.count - 1) }
        // The last line of the movement starting at or before the time.
        let after = (first..<end).partitioningIndex { slots[breaks.lines[$0].slots.lowerBound].time.doubleValue > place.time + 1e-9 }
        return max(first, after - 1)
    }
}

extension Int32 {
    mutating func raise(to value: Int) { self = Swift.max(self, Int32(clamping: value)) }
}
