import JianpuCore

/// The bar-length check of a part as written, read from its built items: wrong bars become warnings with a place,
/// counted as the reference's bar check counts them.
///
/// Repeats are read once, as written, except that a repeat whose count is written (`R3{`) moves the count by its
/// length once per extra pass, as the reference's bar check does; each ending starts where `A{` opens. Bar lines
/// `|` are checks, not causes: the count starts again at one that cuts a bar short.
///
/// On the same walk it measures the part for `PerformanceLimits` (`measure`), so that a part is walked once.
struct WrittenBarCheck: MusicWalker {
    /// A note the parser reported and left out of the part: its time still counts, at its place in the text.
    struct DroppedNote: Sendable {
        var location: SourceLocation
        /// Its length as played (tuplets around it applied).
        var length: WholeNotes
    }

    /// The warnings said at a note before the parser's own about that note ("too long"), and those said after
    /// them (a wrong bar, reported once the music goes on, and the last bar).
    private(set) var leading: [Diagnostic] = []
    private(set) var trailing: [Diagnostic] = []

    private var dropped: ArraySlice<DroppedNote>
    private var barLength = WholeNotes(1)
    private var position = WholeNotes.zero
    private var startPosition = WholeNotes.zero
    /// The printed number of the bar being read: a pickup is bar 0, a repeat's body is counted once.
    private var barNumber = 1
    private var lastLocation: SourceLocation?
    /// The meter as written (`3/4`), for messages.
    private var meter = "4/4"
    /// Music written since the last bar line `|`, the printed number of the bar it opened, and whether a note has
    /// crossed a bar line since (that bar is reported as too long already).
    private var writtenSinceBarLine = WholeNotes.zero
    private var barNumberAtBarLine = 1
    private var crossedSinceBarLine = false
    /// The bar a bar line found of the wrong length, reported once the music goes on (or at the end of the part).
    private var wrongBar: (location: SourceLocation, message: String, found: WholeNotes)?

    /// The measure of the items walked, as `PerformanceLimits.PartMeasure(_:)` would take it of a part holding them.
    private(set) var measure: PerformanceLimits.PartMeasure
    private var limits = PerformanceLimits.Walk()

    /// Checks `items`, the part written at `partLocation`; `dropped` in written order.
    init(_ items: [MusicItem], dropped: [DroppedNote] = [], partLocation: SourceLocation) {
        self.dropped = dropped[...]
        measure = PerformanceLimits.PartMeasure(limits, size: PerformanceLimits.Size())
        let outer = limits.beginList(scale: 1)
        walkList(items, ratio: .whole)
        measure = PerformanceLimits.PartMeasure(limits, size: limits.endList(outer))
        count(droppedBefore: nil)
        if let problem = endOfPart() { trailing.append(.warning(at: problem.location ?? partLocation, problem.message)) }
    }

    // MARK: - The walk

    /// Visits `items` at `ratio`, each counted by the limits' measure of the list they make.
    private mutating func walkList(_ items: [MusicItem], ratio: WholeNotes) {
        for item in items {
            limits.countItem()
            visit(item, ratio: ratio)
        }
    }

    /// Walks `items` as a list of their own for the limits' measure; its size.
    private mutating func measuredList(_ items: [MusicItem], ratio: WholeNotes, scale: Double) -> PerformanceLimits.Size {
        let outer = limits.beginList(scale: scale)
        walkList(items, ratio: ratio)
        return limits.endList(outer)
    }

    mutating func visitNote(_ note: Note, ratio: WholeNotes) {
        count(droppedBefore: note.location)
        advance(by: note.length * ratio, at: note.location)
        limits.visitNote(note, ratio: ratio)
    }

    mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) {
        count(droppedBefore: dash.location)
        advance(by: dash.length * ratio, at: dash.location)
        limits.visitContinuation(dash, ratio: ratio)
    }

    mutating func visitGrace(_ grace: GraceNotes) { limits.visitGrace(grace) }

    mutating func visitJump(_ jump: Jump) { limits.visitJump(jump) }

    mutating func visitMultibarRest(_ rest: MultibarRest) {
        count(droppedBefore: rest.location)
        barNumber += rest.bars
        limits.visitMultibarRest(rest)
    }

    mutating func visitTimeSignature(_ signature: TimeSignature) {
        count(droppedBefore: signature.location)
        set(signature)
        limits.visitTimeSignature(signature)
    }

    mutating func visitTuplet(_ tuplet: Tuplet, ratio: WholeNotes) {
        limits.addTuplet(measuredList(tuplet.items, ratio: ratio * tuplet.ratio, scale: limits.scale * tuplet.ratio.doubleValue))
    }

    mutating func visitBarLine(at location: SourceLocation) {
        count(droppedBefore: location)
        barLine(at: location)
    }

    mutating func visitRepeat(_ repeated: Repeat, ratio: WholeNotes) {
        count(droppedBefore: repeated.location)
        let start = position
        var played = PerformanceLimits.Walk.played(repeated, body: measuredList(repeated.body, ratio: ratio, scale: limits.scale))
        if !dropped.isEmpty { count(droppedBefore: Self.firstLocation(in: repeated.endings[...]) ?? repeated.end) }
        if let times = repeated.writtenTimes {
            // A counted repeat shorter than a bar shifts the bar position by its length once per extra pass.
            shift(by: length(from: start) * Int64(times - 1))
        }
        let endingsStart = position
        for (index, ending) in repeated.endings.enumerated() {
            if index > 0 {
                // (Where an ending starts is looked for only when a left-out note may lie before it: endings may be many.)
                if !dropped.isEmpty { count(droppedBefore: Self.firstLocation(in: repeated.endings[index...]) ?? repeated.end) }
                position = endingsStart
            }
            let size = measuredList(ending, ratio: ratio, scale: limits.scale)
            PerformanceLimits.Walk.addEnding(size, index: index, of: repeated, to: &played)
        }
        limits.addRepeat(repeated, played: played)
    }

    /// Where the first item that is not a tie is written in `endings` (a tie into an ending is written before `A{`).
    private static func firstLocation(in endings: ArraySlice<[MusicItem]>) -> SourceLocation? {
        for ending in endings {
            for item in ending {
                if case .tie = item { continue }
                return item.location
            }
        }
        return nil
    }

    /// Counts the notes left out of the part that are written before `location` (all of them when nil).
    private mutating func count(droppedBefore location: SourceLocation?) {
        while let note = dropped.first, location.map({ note.location < $0 }) ?? true {
            dropped.removeFirst()
            advance(by: note.length, at: note.location)
        }
    }

    // MARK: - The count

    private mutating func set(_ signature: TimeSignature) {
        meter = "\(signature.beats)/\(signature.beatUnit)"
        barLength = signature.barLength
        if let pickup = signature.pickup, pickup < barLength {
            position = barLength - pickup
            startPosition = position
            if barNumber == 1 { barNumber = 0 }
            if barNumberAtBarLine == 1 { barNumberAtBarLine = barNumber }
        }
    }

    /// The length of music since `start`, counting whole bars crossed.
    private func length(from start: WholeNotes) -> WholeNotes {
        var end = position
        while end < start { end += barLength }
        return end - start
    }

    /// Moves the position as the reference's bar check does for a repeat's extra passes; the
    /// printed bar number stays (the repeat is printed once).
    private mutating func shift(by length: WholeNotes) {
        position += length
        while position >= barLength, barLength > .zero { position -= barLength }
    }

    private mutating func advance(by length: WholeNotes, at location: SourceLocation) {
        if let wrong = wrongBar {
            trailing.append(.warning(at: wrong.location, wrong.message))
            wrongBar = nil
        }
        lastLocation = location
        position += length
        writtenSinceBarLine += length
        if position > barLength {
            leading.append(.warning(at: location, "bar \(barNumber) is too long: this note crosses the bar line by \(Self.beats(position - barLength)); expected bars of \(Self.beats(barLength))"))
            position -= barLength
            barNumber += 1
            crossedSinceBarLine = true
        }
        if position == barLength {
            position = .zero
            barNumber += 1
        }
    }

    /// A bar line `|` as written. The reference does not read bar lines, so one that falls where a counted bar
    /// ends says nothing (bar lines may be left out); one that cuts a bar short, or ends a bar that holds more
    /// than its meter, is reported once, at the bar line, and the bars after it are counted from the bar line,
    /// where they really start: one missing beat is not a note on every later bar line.
    private mutating func barLine(at location: SourceLocation) {
        defer {
            writtenSinceBarLine = .zero
            barNumberAtBarLine = barNumber
            crossedSinceBarLine = false
        }
        guard position != .zero, writtenSinceBarLine > .zero else { return }
        if !crossedSinceBarLine {
            // (A bar a note crossed is reported as too long where it crossed; only the count starts again.)
            // The bar the bar line ends: the one it opened when a counted bar line passed unwritten since.
            let bar = barNumberAtBarLine
            let found = bar == barNumber ? position - (bar == 0 ? startPosition : .zero) : writtenSinceBarLine
            let hint = bar == 1 && startPosition == .zero && found < barLength ? " (a pickup is written \(meter),\(Self.pickupValue(found)))" : ""
            let message = "bar \(bar) has \(Self.beats(found)), \(meterOf(bar: bar)) needs \(Self.beatCount(expectedLength(ofBar: bar)))\(hint)"
            // Said when music follows: a short last bar that makes up for the pickup is right as it is.
            wrongBar = (location, message, found)
            barNumber = bar + 1
        }
        position = .zero
    }

    /// The length bar `bar` should have: the pickup's for bar 0, the meter's otherwise.
    private func expectedLength(ofBar bar: Int) -> WholeNotes { bar == 0 ? barLength - startPosition : barLength }

    /// The meter as written for bar `bar`: with its pickup for bar 0 (`4/4,8`).
    private func meterOf(bar: Int) -> String { bar == 0 ? "\(meter),\(Self.pickupValue(barLength - startPosition))" : meter }

    /// The warning for an incomplete last bar, if there is one.
    private func endOfPart() -> (location: SourceLocation?, message: String)? {
        if let wrong = wrongBar {
            return startPosition > .zero && wrong.found == startPosition ? nil : (wrong.location, wrong.message)
        }
        guard position != startPosition else { return nil }
        if startPosition > .zero && position == .zero {
            return (lastLocation, "the last bar should make up for the pickup: expected a bar of \(Self.beats(startPosition)), found a whole bar")
        }
        return (lastLocation, "incomplete last bar: found \(Self.beats(position)), expected \(Self.beats(barLength))")
    }

    // MARK: - Words for lengths

    /// The pickup's note value as the meter's pickup syntax writes it (`8` for a quaver, `4.` for a dotted crotchet).
    static func pickupValue(_ length: WholeNotes) -> String {
        if length.numerator == 1 { return "\(length.denominator)" }
        if length.numerator == 3, length.denominator % 2 == 0 { return "\(length.denominator / 2)." }
        return "\(length.denominator)*\(length.numerator)"
    }

    /// A length as crotchet beats, e.g. `2.5 beats`.
    static func beats(_ length: WholeNotes) -> String {
        length == .quarter ? "1 beat" : "\(beatCount(length)) beats"
    }

    /// A length as a count of crotchet beats, e.g. `2.5`.
    static func beatCount(_ length: WholeNotes) -> String {
        let beats = length * 4
        if beats.denominator == 1 { return "\(beats.numerator)" }
        guard [2, 4, 8, 16].contains(beats.denominator) else { return "\(beats.numerator)/\(beats.denominator)" }
        // Halves and quarters of a beat read best as decimals: 3.5, 0.25.
        let scaled = beats.numerator * (10_000 / beats.denominator)
        var fraction = String(abs(scaled) % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(scaled < 0 ? "-" : "")\(abs(scaled) / 10_000).\(fraction)"
    }
}
