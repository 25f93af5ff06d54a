/// An exact musical duration or position, as a fraction of a whole note.
///
/// Tuplets and dotted notes stay exact until a sink turns them into MIDI ticks or
/// audio samples. Arithmetic saturates instead of trapping so absurd input (a
/// thousand nested tuplets) degrades to a wrong length, never a crash.
public struct WholeNotes: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let numerator: Int64
    public let denominator: Int64

    public static let zero = WholeNotes(0)
    public static let whole = WholeNotes(1)
    public static let quarter = WholeNotes(1, 4)

    /// Creates `numerator/denominator` whole notes, reduced.
    @inlinable
    public init(_ numerator: Int64, _ denominator: Int64 = 1) {
        precondition(denominator != 0, "zero denominator")
        var n = numerator, d = denominator
        if d < 0 { n = n == .min ? .max : -n; d = d == .min ? .max : -d }
        let g = WholeNotes.gcd(n.magnitude, d.magnitude)
        if g > 1 { n /= Int64(g); d /= Int64(g) }
        self.numerator = n
        self.denominator = d
    }

    /// Stein's binary GCD: no division, and fast for the powers of two most lengths are made of.
    @inlinable @inline(__always)
    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        if a == 0 { return b }
        if b == 0 { return a }
        var a = a, b = b
        let shift = (a | b).trailingZeroBitCount
        a >>= a.trailingZeroBitCount
        repeat {
            b >>= b.trailingZeroBitCount
            if a > b { swap(&a, &b) }
            b -= a
        } while b != 0
        return a << shift
    }

    /// For a numerator and a positive denominator already in lowest terms.
    @inlinable @inline(__always)
    package init(lowestTerms numerator: Int64, _ denominator: Int64) {
        self.numerator = numerator
        self.denominator = denominator
    }

    @inlinable
    public var doubleValue: Double { Double(numerator) / Double(denominator) }
    /// The same length counted in quarter notes.
    public var quarterNotes: Double { doubleValue * 4 }

    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    @usableFromInline
    static func combine(
        _ a: WholeNotes, _ b: WholeNotes, _ op: (Int64, Int64) -> (Int64, Bool), _ fallback: (Double, Double) -> Double
    ) -> WholeNotes {
        let g = Int64(gcd(a.denominator.magnitude, b.denominator.magnitude))
        let (l, o1) = a.numerator.multipliedReportingOverflow(by: b.denominator / g)
        let (r, o2) = b.numerator.multipliedReportingOverflow(by: a.denominator / g)
        let (d, o3) = a.denominator.multipliedReportingOverflow(by: b.denominator / g)
        let (n, o4) = op(l, r)
        if o1 || o2 || o3 || o4 {
            return WholeNotes(approximating: fallback(a.doubleValue, b.doubleValue))
        }
        return WholeNotes(n, d)
    }

    /// The sum or difference of two lengths whose denominators are both powers of two, as
    /// almost every written length is: no gcd, just shifts. Nil when it does not apply.
    @inlinable @inline(__always)
    static func binarySum(_ a: WholeNotes, _ b: WholeNotes, negatingB: Bool) -> WholeNotes? {
        let da = a.denominator, db = b.denominator
        guard da & (da - 1) == 0, db & (db - 1) == 0 else { return nil }
        let d = max(da, db)
        // Shifts rather than divisions: the denominators are powers of two.
        let (l, o1) = a.numerator.multipliedReportingOverflow(by: 1 << Int64(d.trailingZeroBitCount - da.trailingZeroBitCount))
        let (r, o2) = b.numerator.multipliedReportingOverflow(by: 1 << Int64(d.trailingZeroBitCount - db.trailingZeroBitCount))
        let (n, o3) = negatingB ? l.subtractingReportingOverflow(r) : l.addingReportingOverflow(r)
        guard !(o1 || o2 || o3) else { return nil }
        if n == 0 { return WholeNotes(lowestTerms: 0, 1) }
        let shift = min(n.trailingZeroBitCount, d.trailingZeroBitCount)
        return WholeNotes(lowestTerms: n >> Int64(shift), d >> Int64(shift))
    }

    // The operators inline their common case (lengths of powers of two, a ratio of one) into the
    // callers in other modules, which add up millions of lengths; the rest is one call away.
    @inlinable @inline(__always)
    public static func + (a: WholeNotes, b: WholeNotes) -> WholeNotes {
        if let sum = binarySum(a, b, negatingB: false) { return sum }
        return sum(a, b)
    }

    /// The sum or difference of two lengths whose denominators are each a power of two, or a power of two
    /// times one small odd prime (3, 5 or 7) — the lengths and places under a triplet or in a grace note's
    /// squeezed slot, beside plain ones: shifts and one remainder, no gcd. Nil when it does not apply, or
    /// on overflow (where the general path, which would overflow alike, decides).
    @usableFromInline
    static func oddPrimeSum(_ a: WholeNotes, _ b: WholeNotes, negatingB: Bool) -> WholeNotes? {
        let ta = a.denominator.trailingZeroBitCount, tb = b.denominator.trailingZeroBitCount
        let oddA = a.denominator >> Int64(ta), oddB = b.denominator >> Int64(tb)
        let odd = max(oddA, oddB)
        guard oddA == odd || oddA == 1, oddB == odd || oddB == 1, odd == 3 || odd == 5 || odd == 7 else { return nil }
        // Over the common denominator odd << t.
        let t = max(ta, tb)
        let (la, o1) = a.numerator.multipliedReportingOverflow(by: oddA == 1 ? odd : 1)
        let (l, o2) = la.multipliedReportingOverflow(by: 1 << Int64(t - ta))
        let (rb, o3) = b.numerator.multipliedReportingOverflow(by: oddB == 1 ? odd : 1)
        let (r, o4) = rb.multipliedReportingOverflow(by: 1 << Int64(t - tb))
        let (n, o5) = negatingB ? l.subtractingReportingOverflow(r) : l.addingReportingOverflow(r)
        guard !(o1 || o2 || o3 || o4 || o5), odd <= Int64.max >> Int64(t) else { return nil }
        if n == 0 { return WholeNotes(lowestTerms: 0, 1) }
        // The denominator is odd << t: its factors of two go with the numerator's, and the odd prime
        // goes when it divides the numerator.
        let shift = min(n.trailingZeroBitCount, t)
        let numerator = n >> Int64(shift), power = Int64(1) << Int64(t - shift)
        // (Each prime spelled out: a division by a constant is a multiplication.)
        let divides: Bool
        switch odd {
        case 3: divides = numerator % 3 == 0
        case 5: divides = numerator % 5 == 0
        default: divides = numerator % 7 == 0
        }
        if divides { return WholeNotes(lowestTerms: numerator / odd, power) }
        return WholeNotes(lowestTerms: numerator, odd * power)
    }

    @usableFromInline
    static func sum(_ a: WholeNotes, _ b: WholeNotes) -> WholeNotes {
        if a.numerator == 0 { return b }
        if b.numerator == 0 { return a }
        if let sum = oddPrimeSum(a, b, negatingB: false) { return sum }
        if a.denominator == b.denominator {
            let (sum, overflow) = a.numerator.addingReportingOverflow(b.numerator)
            if !overflow { return WholeNotes(sum, a.denominator) }
        }
        return combine(a, b, { $0.addingReportingOverflow($1) }, +)
    }

    @inlinable @inline(__always)
    public static func - (a: WholeNotes, b: WholeNotes) -> WholeNotes {
        if let difference = binarySum(a, b, negatingB: true) { return difference }
        return difference(a, b)
    }

    @usableFromInline
    static func difference(_ a: WholeNotes, _ b: WholeNotes) -> WholeNotes {
        if b.numerator == 0 { return a }
        if let difference = oddPrimeSum(a, b, negatingB: true) { return difference }
        return combine(a, b, { $0.subtractingReportingOverflow($1) }, -)
    }
    @inlinable @inline(__always)
    public static func += (a: inout WholeNotes, b: WholeNotes) { a = a + b }
    @inlinable @inline(__always)
    public static func -= (a: inout WholeNotes, b: WholeNotes) { a = a - b }

    @inlinable @inline(__always)
    public static func * (a: WholeNotes, b: WholeNotes) -> WholeNotes {
        if b.numerator == b.denominator { return a }
        if a.numerator == a.denominator { return b }
        return product(a, b)
    }

    @usableFromInline
    static func product(_ a: WholeNotes, _ b: WholeNotes) -> WholeNotes {
        let g1 = Int64(gcd(a.numerator.magnitude, b.denominator.magnitude)).nonZero
        let g2 = Int64(gcd(b.numerator.magnitude, a.denominator.magnitude)).nonZero
        let (n, o1) = (a.numerator / g1).multipliedReportingOverflow(by: b.numerator / g2)
        let (d, o2) = (a.denominator / g2).multipliedReportingOverflow(by: b.denominator / g1)
        if o1 || o2 { return WholeNotes(approximating: a.doubleValue * b.doubleValue) }
        // Cross-cancelling left nothing to reduce; only the sign may need moving.
        return d > 0 ? WholeNotes(lowestTerms: n, d) : WholeNotes(n, d)
    }
    public static func * (a: WholeNotes, b: Int64) -> WholeNotes { a * WholeNotes(b) }
    public static func / (a: WholeNotes, b: Int64) -> WholeNotes { a * WholeNotes(1, b == 0 ? 1 : b) }
    public static func / (a: WholeNotes, b: WholeNotes) -> WholeNotes {
        b.numerator == 0 ? a : a * WholeNotes(b.denominator, b.numerator)
    }

    @inlinable
    public static func == (a: WholeNotes, b: WholeNotes) -> Bool {
        a.numerator == b.numerator && a.denominator == b.denominator
    }

    @inlinable
    public static func < (a: WholeNotes, b: WholeNotes) -> Bool {
        if a.denominator == b.denominator { return a.numerator < b.numerator }
        let (l, o1) = a.numerator.multipliedReportingOverflow(by: b.denominator)
        let (r, o2) = b.numerator.multipliedReportingOverflow(by: a.denominator)
        if o1 || o2 { return a.doubleValue < b.doubleValue }
        return l < r
    }

    /// The nearest fraction with a denominator of 2^20: for results that overflowed, and for
    /// positions an audio clock gives, to ask exact questions about them.
    public init(approximating value: Double) {
        guard value.isFinite else { self.init(0); return }
        let scale = 1_048_576.0
        let clamped = max(min(value * scale, Double(Int64.max / 2)), Double(Int64.min / 2))
        self.init(Int64(clamped.rounded()), 1 << 20)
    }
}

extension Int64 {
    @inlinable
    var nonZero: Int64 { self == 0 ? 1 : self }
}
