/// Counts bar lengths as the reference checks them, so that wrong bars become warnings with a place.
struct BarCounter {
    var barLength = WholeNotes(1)
    var position = WholeNotes.zero
    var startPosition = WholeNotes.zero
    /// The printed number of the bar being read: a pickup is bar 0, a repeat's body is counted once.
    var barNumber = 1
    private var lastLocation: SourceLocation?

    mutating func set(_ signature: TimeSignature) {
        barLength = signature.barLength
        if let pickup = signature.pickup, pickup < barLength {
            position = barLength - pickup
            startPosition = position
            if barNumber == 1 { barNumber = 0 }
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
        lastLocation = location
        position += length
        if position > barLength {
            parser.warning(location, "bar \(barNumber) is too long: this note crosses the bar line by \(Self.beats(position - barLength)); expected bars of \(Self.beats(barLength))")
            position -= barLength
            barNumber += 1
        }
        if position == barLength {
            position = .zero
            barNumber += 1
        }
    }

    /// The warning for an incomplete last bar, if there is one.
    func endOfPart() -> (location: SourceLocation?, message: String)? {
        guard position != startPosition else { return nil }
        if startPosition > .zero && position == .zero {
            return (lastLocation, "the last bar should make up for the pickup: expected a bar of \(Self.beats(startPosition)), found a whole bar")
        }
        return (lastLocation, "incomplete last bar: found \(Self.beats(position)), expected \(Self.beats(barLength))")
    }

    /// A length as crotchet beats, e.g. `2.5 beats`.
    static func beats(_ length: WholeNotes) -> String {
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
        return beats == .whole ? "1 beat" : "\(text) beats"
    }
}
