import JianpuCore

/// Brings a missed interval back soon in the same session, Leitner style, until it has been answered
/// right twice in a row; then it recedes and the adaptive weights alone decide how often it comes.
///
/// A miss puts the interval in box 0, due again after `gapAfterMiss` other questions; a right answer
/// from box 0 moves it to box 1, due after `gapAfterFirstRight`; a second right answer in a row takes it
/// out. Only questions asked count, so a learner who keeps missing one interval hears it at least every
/// `gapAfterMiss + 1` questions.
public struct ReviewSchedule: Sendable, Hashable {
    public static let gapAfterMiss = 2
    public static let gapAfterFirstRight = 4

    /// One interval under review.
    public struct Item: Sendable, Hashable {
        public var interval: Interval
        /// Right answers in a row since the last miss (0 or 1).
        public var streak: Int
        /// The question number (1-based, counted by the drill) from which it is due.
        public var dueAt: Int
    }

    public private(set) var items: [Item] = []

    public init() {}

    /// Takes the answer to question `number` into account.
    public mutating func record(_ interval: Interval, correct: Bool, number: Int) {
        let index = items.firstIndex { $0.interval == interval }
        if !correct {
            let item = Item(interval: interval, streak: 0, dueAt: number + Self.gapAfterMiss + 1)
            if let index { items[index] = item } else { items.append(item) }
        } else if let index {
            if items[index].streak >= 1 {
                items.remove(at: index)
            } else {
                items[index].streak = 1
                items[index].dueAt = number + Self.gapAfterFirstRight + 1
            }
        }
    }

    /// The interval due at question `number` (the one overdue longest), restricted to `intervals`, or nil.
    public func due(at number: Int, among intervals: [Interval]) -> Item? {
        items.filter { $0.dueAt <= number && intervals.contains($0.interval) }.min { $0.dueAt < $1.dueAt }
    }

    /// The `--explain` line for a review question; it keeps the `why: interval NAME` form.
    public static func explanation(_ item: Item) -> String {
        let needed = 2 - item.streak
        return "why: interval \(item.interval.shortName) review: \(item.streak == 0 ? "missed" : "right once") recently, "
            + "back until right \(needed == 1 ? "once more" : "twice in a row")"
    }
}
