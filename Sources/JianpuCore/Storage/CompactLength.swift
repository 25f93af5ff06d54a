/// A length in eight bytes instead of sixteen: the fraction in two 32-bit halves.
///
/// Written lengths (a few beams and dots, under tuplets) always fit; a length that does not is
/// kept in a shared table and its number stored instead, so nothing is ever rounded.
@usableFromInline
package struct CompactLength: Sendable, Hashable {
    @usableFromInline var numerator: Int32
    /// Zero when `numerator` is the length's number in `overflow`.
    @usableFromInline var denominator: Int32

    private static let overflow = InternTable<WholeNotes>()

    @inlinable
    package init(_ length: WholeNotes) {
        if let n = Int32(exactly: length.numerator), let d = Int32(exactly: length.denominator) {
            (numerator, denominator) = (n, d)
        } else {
            (numerator, denominator) = (Int32(bitPattern: Self.overflowNumber(of: length)), 0)
        }
    }

    /// The number of a length kept in the shared table.
    @usableFromInline
    static func overflowNumber(of length: WholeNotes) -> UInt32 { overflow.number(for: length) }

    @inlinable @inline(__always)
    package var value: WholeNotes {
        denominator == 0 ? overflowValue : WholeNotes(lowestTerms: Int64(numerator), Int64(denominator))
    }

    /// A length kept in the shared table: out of line, as it almost never is.
    @usableFromInline
    var overflowValue: WholeNotes { Self.overflow.value(UInt32(bitPattern: numerator)) }
}
