/// A length in eight bytes instead of sixteen: the fraction in two 32-bit halves.
///
/// Written lengths (a few beams and dots, under tuplets) always fit; a length that does not is
/// kept in a shared table and its number stored instead, so nothing is ever rounded.
package struct CompactLength: Sendable, Hashable {
    private var numerator: Int32
    /// Zero when `numerator` is the length's number in `overflow`.
    private var denominator: Int32

    private static let overflow = InternTable<WholeNotes>()

    package init(_ length: WholeNotes) {
        if let n = Int32(exactly: length.numerator), let d = Int32(exactly: length.denominator) {
            (numerator, denominator) = (n, d)
        } else {
            (numerator, denominator) = (Int32(bitPattern: Self.overflow.number(for: length)), 0)
        }
    }

    package var value: WholeNotes {
        denominator == 0
            ? Self.overflow.value(UInt32(bitPattern: numerator))
            : WholeNotes(lowestTerms: Int64(numerator), Int64(denominator))
    }
}
