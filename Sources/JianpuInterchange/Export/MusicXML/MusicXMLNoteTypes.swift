import JianpuCore

/// How a length is written in MusicXML: a note type with dots, scaled by a time modification.
struct NoteValue: Equatable {
    /// `whole`, `half`, `quarter`, `eighth`, `16th`… (`breve` for two whole notes).
    var type: String
    var dots: Int
    /// The time it takes.
    var sounding: WholeNotes
    /// `<time-modification>`: `actual` notes in the time of `normal` (nil when the value is plain).
    var timeModification: (actual: Int64, normal: Int64)?

    /// What `values(for:ratio:tuplet:)` depends on (a missing tuplet pair as -1, -1): the values of a length are looked up by it.
    struct Key: Hashable {
        var sounding: WholeNotes
        var ratio: WholeNotes
        var actual: Int64
        var normal: Int64

        /// The fields mixed by a few multiplications, not hashed: for a small table of recent keys, never negative.
        var mixed: Int {
            let mix = sounding.numerator &* 0x9E37 &+ sounding.denominator &* 0x85EB &+ ratio.numerator &* 0xC2B2 &+ ratio.denominator &* 0x27D4
                &+ actual &* 0x1656 &+ normal
            return Int(truncatingIfNeeded: mix ^ (mix >> 17)) & .max
        }
    }

    static func == (a: NoteValue, b: NoteValue) -> Bool {
        a.type == b.type && a.dots == b.dots && a.sounding == b.sounding
            && a.timeModification?.actual == b.timeModification?.actual && a.timeModification?.normal == b.timeModification?.normal
    }

    /// The type names from two whole notes down to a 1024th, with the power of two each halves.
    static let types: [(name: String, length: WholeNotes)] = [
        ("breve", WholeNotes(2)), ("whole", WholeNotes(1)), ("half", WholeNotes(1, 2)), ("quarter", WholeNotes(1, 4)),
        ("eighth", WholeNotes(1, 8)), ("16th", WholeNotes(1, 16)), ("32nd", WholeNotes(1, 32)), ("64th", WholeNotes(1, 64)),
        ("128th", WholeNotes(1, 128)), ("256th", WholeNotes(1, 256)), ("512th", WholeNotes(1, 512)), ("1024th", WholeNotes(1, 1024)),
    ]

    /// The type and dots that write `length` as one note (a dotted value has at most three dots), or nil.
    ///
    /// Worked out from the fraction, not searched for: a type 2^e whole notes long with d dots lasts
    /// (2^(d+1) − 1) · 2^(e−d), so the odd numerator names the dots and the denominator then the type.
    static func single(_ length: WholeNotes) -> (type: String, dots: Int)? {
        let (numerator, denominator) = (length.numerator, length.denominator)
        guard numerator > 0, denominator > 0, denominator & (denominator - 1) == 0 else { return nil }
        // An even numerator over 1: only the plain breve (2) is one value.
        guard numerator & 1 == 1 else { return numerator == 2 && denominator == 1 ? (types[0].name, 0) : nil }
        let dots: Int
        switch numerator {
        case 1: dots = 0
        case 3: dots = 1
        case 7: dots = 2
        case 15: dots = 3
        default: return nil
        }
        // e = d − log2(denominator); types[0] is e = 1 (the breve), types[11] e = −10 (the 1024th).
        let index = 1 - (dots - denominator.trailingZeroBitCount)
        guard types.indices.contains(index) else { return nil }
        return (types[index].name, dots)
    }

    /// The values, tied one to the next, that make `sounding` time inside tuplets scaling written
    /// lengths by `ratio` (1 outside tuplets); `tuplet` is the written (actual, normal) pair.
    ///
    /// A written length that is a sum of plain values is written as those values, longest first;
    /// one that is not (a tuplet cut by a bar line) becomes a single value of its own time modification.
    static func values(for sounding: WholeNotes, ratio: WholeNotes, tuplet: (actual: Int64, normal: Int64)?) -> [NoteValue] {
        guard sounding > .zero else { return [] }
        let modification = ratio == .whole ? nil : tuplet ?? (ratio.denominator, ratio.numerator)
        let written = sounding / ratio
        if let (type, dots) = single(written) {
            return [NoteValue(type: type, dots: dots, sounding: sounding, timeModification: modification)]
        }
        if isDyadic(written) {
            var values: [NoteValue] = []
            var rest = written
            while rest > .zero, values.count < 64 {
                if let (type, dots) = single(rest) {
                    values.append(NoteValue(type: type, dots: dots, sounding: rest * ratio, timeModification: modification))
                    rest = .zero
                    break
                }
                // The longest plain value that fits; the remainder follows, tied.
                guard let base = types.first(where: { $0.length <= rest }) else { break }
                values.append(NoteValue(type: base.name, dots: 0, sounding: base.length * ratio, timeModification: modification))
                rest -= base.length
            }
            if rest == .zero { return values }
        }
        // No plain value fits: the largest type below the length, scaled to it exactly.
        let base = types.first { $0.length <= sounding } ?? types[types.count - 1]
        let scale = sounding / base.length
        return [NoteValue(type: base.name, dots: 0, sounding: sounding, timeModification: (scale.denominator, scale.numerator))]
    }

    static func isDyadic(_ length: WholeNotes) -> Bool {
        length.denominator > 0 && length.denominator & (length.denominator - 1) == 0
    }
}

/// The `<divisions>` of a document: the least number of units per quarter note that counts every length whole.
enum Divisions {
    /// The least common multiple of the denominators of `lengths` counted in quarter notes, or nil past
    /// `limit` (readers count divisions and durations in 32-bit integers).
    static func divisions(for lengths: some Sequence<WholeNotes>, limit: Int64 = 1 << 24) -> Int64? {
        var result: Int64 = 1
        var seen = Set<Int64>()
        for length in lengths {
            let quarters = length * 4
            let denominator = quarters.denominator
            // Most lengths are already counted: the remainder says so before any hashing.
            guard result % denominator != 0, seen.insert(denominator).inserted else { continue }
            let g = gcd(result, denominator)
            let (product, overflow) = result.multipliedReportingOverflow(by: denominator / g)
            guard !overflow, product <= limit else { return nil }
            result = product
        }
        return result
    }

    /// `length` in units of `divisions` per quarter note (exact for a length `divisions(for:)` counted).
    static func units(_ length: WholeNotes, divisions: Int64) -> Int64 {
        let quarters = length * 4
        let (scaled, overflow) = quarters.numerator.multipliedReportingOverflow(by: divisions / max(quarters.denominator, 1))
        return overflow ? Int64.max : scaled
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (abs(a), abs(b))
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}
