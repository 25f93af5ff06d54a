import JianpuCore
import JianpuNotation

/// A bar's number as the page prints it: 0 for a pickup, a repeat's body and each ending once.
///
/// Not an index into anything: the played bars (`Timeline.bars`) are counted by `PlayedBarIndex`,
/// and one printed bar is played as many times as repeats and jumps come back to it.
public struct PrintedBarNumber: Hashable, Sendable, Comparable, LosslessStringConvertible, ExpressibleByIntegerLiteral {
    /// The number as printed.
    public var value: Int

    public init(_ value: Int) { self.value = value }
    public init(integerLiteral value: Int) { self.value = value }

    /// Reads the digits of a printed number, as `--from 12` gives them.
    public init?(_ text: String) {
        guard let value = Int(text) else { return nil }
        self.value = value
    }

    /// The digits printed: `12`.
    public var description: String { String(value) }

    /// The number `count` printed bars later (earlier when negative).
    public func advanced(by count: Int) -> PrintedBarNumber { PrintedBarNumber(value &+ count) }

    public static func < (a: PrintedBarNumber, b: PrintedBarNumber) -> Bool { a.value < b.value }
}
