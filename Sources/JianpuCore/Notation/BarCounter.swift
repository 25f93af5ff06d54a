/// Counts bar lengths as the reference checks them, so that wrong bars become warnings with a place.
struct BarCounter {
    var barLength = WholeNotes(1)
    var position = WholeNotes.zero
    var startPosition = WholeNotes.zero
    /// The printed number of the bar being read: a pickup is bar 0, a repeat's body is counted once.
    var barNumber = 1
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

    mutating func set(_ signature: TimeSignature) {
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
    func length(from start: WholeNotes) -> WholeNotes {
        var end = position
        while end < start { end += barLength }
        return end - start
    }

    /// Moves the position as the reference's bar check does for a repeat's extra passes; the
    /// printed bar number stays (the repeat is printed once).
    mutating func shift(by length: WholeNotes) {
        position += length
        while position >= barLength, barLength > .zero { position -= barLength }
    }

    mutating func advance(by length: WholeNotes, at location: SourceLocation, parser: inout ParseLog) {
        if let wrong = wrongBar {
            parser.warning(wrong.location, wrong.message)
            wrongBar = nil
        }
        lastLocation = location
        position += length
        writtenSinceBarLine += length
        if position > barLength {
            parser.warning(location, "bar \(barNumber) is too long: this note crosses the bar line by \(Self.beats(position - barLength)); expected bars of \(Self.beats(barLength))")
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
    mutating func barLine(at location: SourceLocation, parser: inout ParseLog) {
        defer {
            writtenSinceBarLine = .zero
            barNumberAtBarLine = barNumber
            crossedSinceBarLine = false
        }
        guard position != .zero, writtenSinceBarLine > .zero else { return }
        if crossedSinceBarLine {
            // Reported as too long where the note crossed (which numbered the next bar already); only the
            // count starts again.
        } else {
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

    /// The pickup's note value as the meter's pickup syntax writes it (`8` for a quaver, `4.` for a dotted crotchet).
    static func pickupValue(_ length: WholeNotes) -> String {
        if length.numerator == 1 { return "\(length.denominator)" }
        if length.numerator == 3, length.denominator % 2 == 0 { return "\(length.denominator / 2)." }
        return "\(length.denominator)*\(length.numerator)"
    }

    /// The warning for an incomplete last bar, if there is one.
    func endOfPart() -> (location: SourceLocation?, message: String)? {
        if let wrong = wrongBar {
            return startPosition > .zero && wrong.found == startPosition ? nil : (wrong.location, wrong.message)
        }
        guard position != startPosition else { return nil }
        if startPosition > .zero && position == .zero {
            return (lastLocation, "the last bar should make up for the pickup: expected a bar of \(Self.beats(startPosition)), found a whole bar")
        }
        return (lastLocation, "incomplete last bar: found \(Self.beats(position)), expected \(Self.beats(barLength))")
    }

    /// A length as crotchet beats, e.g. `2.5 beats`.
    static func beats(_ length: WholeNotes) -> String {
        length == .quarter ? "1 beat" : "\(beatCount(length)) beats"
    }

    /// A length as a count of crotchet beats, e.g. `2.5`.
    static func beatCount(_ length: WholeNotes) -> String {
        let beats = length * 4
        let text: String
        if beats.denominator == 1 {
            text = "\(beats.numerator)"
        } else if [2, 4, 8, 16].contains(beats.denominator) {
            // Halves and quarters of a beat read best as decimals: 3.5, 0.25.
            let scaled = beats.numerator * (10_000 / beats.denominator)
            var fraction = String(abs(scaled) % 10_000)
            fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text = "\(scaled < 0 ? "-" : "")\(abs(scaled) / 10_000).\(fraction)"
        } else {
            text = "\(beats.numerator)/\(beats.denominator)"
        }
        return text
    }
}
