import JianpuCore

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
        var lead: Int32 = 0
        var body: Int32 = 0
        var hasEvent = false
        /// Widest bar line ending a bar here (`| `, `:‖ `) and widest starting one (`‖: `).
        var barEnd: Int32 = 0
        var barStart: Int32 = 0
        var hasBar = false

        /// Characters the event column takes, with its space.
        var eventWidth: Int { hasEvent ? Int(lead + body) + 1 : 0 }
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
    /// Each movement's bar numbering (as its timeline prints bars) and slots in time order.
    let numberings: [OnsetMap]
    let slots: [[Slot]]
    /// Per note and rest of the timeline, in played order: where it is written (movement, written time).
    private let cues: [Cue]

    private struct Cue: Sendable {
        var played: Double
        var length: Float
        var movement: Int32
        var written: Double
    }

    /// The columns of `score`, whose notes and rests `timeline` plays (nil: no written place is asked).
    public init(score: Score, timeline: Timeline?) {
        self.score = score
        var numberings: [OnsetMap] = [], slots: [[Slot]] = []
        // Where each written note and rest is (its movement and written onset), to follow the timeline.
        var written: [SourceLocation: (movement: Int32, onset: WholeNotes)] = [:]
        for (m, movement) in score.movements.enumerated() {
            let times = OnsetMap.numbering(Flattener.timeline(of: movement))
            numberings.append(times)
            var table: [WholeNotes: Slot] = [:]
            WrittenBars.read(movement, prefix: "m\(m)", times: times) { _, bar in
                let (start, end) = Self.barText(bar)
                table[bar.start, default: Slot(time: bar.start)].barStart.raise(to: start.count)
                table[bar.start]?.hasBar = true
                let close = Self.end(of: bar)
                table[close, default: Slot(time: close)].barEnd.raise(to: end.count)
                table[close]?.hasBar = true
                for event in bar.events {
                    let cell = TextEngraving.cell(event)
                    var slot = table[event.onset] ?? Slot(time: event.onset)
                    slot.lead.raise(to: cell.lead)
                    slot.body.raise(to: cell.width - cell.lead)
                    slot.hasEvent = true
                    table[event.onset] = slot
                    if timeline != nil, written[event.location] == nil { written[event.location] = (Int32(m), event.onset) }
                }
            }
            slots.append(table.values.sorted { $0.time < $1.time })
        }
        self.numberings = numberings
        self.slots = slots
        var cues: [Cue] = []
        guard let timeline else {
            self.cues = []
            return
        }
        cues.reserveCapacity(timeline.notes.count + timeline.rests.count)
        func cue(_ onset: WholeNotes, _ end: WholeNotes, _ location: SourceLocation?) {
            guard let location, let place = written[location] else { return }
            let entry = Cue(played: onset.doubleValue, length: Float((end - onset).doubleValue), movement: place.movement, written: place.onset.doubleValue)
            if let last = cues.last, last.played == entry.played, last.written == entry.written, last.movement == entry.movement { return }
            cues.append(entry)
        }
        // The melody leads: parts may be written with their repeats in other places (a canon entering
        // after a rest), and the screen follows one part, not each in turn.
        let leader = timeline.notes.contains { $0.part == 0 } || timeline.rests.contains { $0.part == 0 } ? 0 : nil
        for note in timeline.notes where !note.isGrace && (leader == nil || note.part == leader) { cue(note.onset, note.end, note.location) }
        for rest in timeline.rests where leader == nil || rest.part == leader { cue(rest.onset, rest.end, rest.location) }
        // Both lists are in played order: one stable sort puts them together.
        self.cues = cues.enumerated().sorted { ($0.element.played, $0.offset) < ($1.element.played, $1.offset) }.map(\.element)
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
        var low = 0, high = cues.count
        while low < high {
            let mid = (low + high) / 2
            if cues[mid].played <= position + tolerance { low = mid + 1 } else { high = mid }
        }
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
        var low = breaks.firstLine[place.movement]
        var high = place.movement + 1 < breaks.firstLine.count ? breaks.firstLine[place.movement + 1] : breaks.lines.count
        guard low < high else { return min(low, breaks.lines.count - 1) }
        // The last line of the movement starting at or before the time.
        let first = low
        while low < high {
            let mid = (low + high) / 2
            if slots[breaks.lines[mid].slots.lowerBound].time.doubleValue <= place.time + 1e-9 { low = mid + 1 } else { high = mid }
        }
        return max(first, low - 1)
    }
}

extension Int32 {
    mutating func raise(to value: Int) { self = Swift.max(self, Int32(clamping: value)) }
}
