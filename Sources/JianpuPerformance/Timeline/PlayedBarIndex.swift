import JianpuCore
import JianpuNotation

/// Which played bar: an index into `Timeline.bars`, in performance order (a repeated bar is
/// played, and counted, once per pass).
///
/// Not the number the page prints, which is a `PrintedBarNumber`.
public struct PlayedBarIndex: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The index into `Timeline.bars`.
    public var value: Int

    public init(_ value: Int) { self.value = value }
    public init(integerLiteral value: Int) { self.value = value }

    public var description: String { String(value) }

    /// The played bar `count` bars later (earlier when negative).
    public func advanced(by count: Int) -> PlayedBarIndex { PlayedBarIndex(value &+ count) }

    public static func < (a: PlayedBarIndex, b: PlayedBarIndex) -> Bool { a.value < b.value }
}

extension Array where Element == PlayedBar {
    /// The played bar at `index`.
    public subscript(index: PlayedBarIndex) -> PlayedBar {
        get { self[index.value] }
        set { self[index.value] = newValue }
    }

    /// Whether `index` names one of the bars.
    public func contains(_ index: PlayedBarIndex) -> Bool { indices.contains(index.value) }
}
