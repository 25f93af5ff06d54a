import Foundation
import JianpuCore
import JianpuPractice

/// One past answer, as the selector weighs it.
public struct AnswerSummary: Sendable, Hashable {
    public var played: Interval
    public var kind: PlaybackKind
    public var correct: Bool
    /// Milliseconds from the start of the question's playback to the answer.
    public var responseMilliseconds: Int

    public init(played: Interval, kind: PlaybackKind, correct: Bool, responseMilliseconds: Int) {
        self.played = played
        self.kind = kind
        self.correct = correct
        self.responseMilliseconds = responseMilliseconds
    }
}

/// Why an item (an interval or a kind) has the weight it has.
public struct SelectionWeight: Sendable, Hashable {
    /// The item's name (`m6`, `MD`).
    public var item: String
    /// Answers counted (the most recent `AdaptiveSelector.window`).
    public var answers: Int
    public var misses: Int
    /// Smoothed miss rate: (misses + 1) / (answers + 2), so a fresh item counts as 50 %.
    public var missRate: Double
    /// Mean response time of the item divided by that of all items, clamped to 0.5…2 (1 until 3 answers).
    public var slowness: Double
    /// (floor + missRate) × (0.5 + 0.5 × slowness).
    public var weight: Double
    /// weight / sum of weights.
    public var probability: Double

    /// `m6 w=1.05 p=21% (miss 9/10→0.83, slow 1.10)`.
    public var explanation: String {
        "\(item) w=\(fixed(weight, 2)) p=\(fixed(probability * 100, 0))% (missed \(misses)/\(answers) → \(fixed(missRate, 2)), slowness \(fixed(slowness, 2)))"
    }
}

/// Picks the next question so that intervals (and playback kinds) the user misses more often, or answers
/// slowly, come more often. A fresh user gets an even spread.
///
/// Weight of an interval = (0.15 + smoothed miss rate) × (0.5 + 0.5 × slowness), over its last 30 answers.
/// The same rule, separately, weighs the playback kinds.
public struct AdaptiveSelector: Sendable {
    public static let window = 30
    public static let floor = 0.15

    public let intervals: [Interval]
    public let kinds: [PlaybackKind]
    private var recentByInterval: [Interval: [AnswerSummary]] = [:]
    private var recentByKind: [PlaybackKind: [AnswerSummary]] = [:]

    /// A selector over `intervals` and `kinds` that has seen `history` (oldest first).
    public init(intervals: [Interval], kinds: [PlaybackKind], history: [AnswerSummary] = []) {
        self.intervals = intervals
        self.kinds = kinds
        for answer in history { record(answer) }
    }

    /// Takes one more answer into account.
    public mutating func record(_ answer: AnswerSummary) {
        Self.remember(answer, in: &recentByInterval[answer.played, default: []])
        Self.remember(answer, in: &recentByKind[answer.kind, default: []])
    }

    /// Keeps the last `window` answers of one group.
    private static func remember(_ answer: AnswerSummary, in recent: inout [AnswerSummary]) {
        recent.append(answer)
        if recent.count > window { recent.removeFirst() }
    }

    private static func weights(_ groups: [(String, [AnswerSummary])]) -> [SelectionWeight] {
        let all = groups.flatMap(\.1)
        let overallMean = all.isEmpty ? 0 : Double(all.map(\.responseMilliseconds).reduce(0, +)) / Double(all.count)
        var result = groups.map { name, answers -> SelectionWeight in
            let misses = answers.filter { !$0.correct }.count
            let missRate = Double(misses + 1) / Double(answers.count + 2)
            var slowness = 1.0
            if answers.count >= 3, overallMean > 0 {
                let mean = Double(answers.map(\.responseMilliseconds).reduce(0, +)) / Double(answers.count)
                slowness = min(max(mean / overallMean, 0.5), 2)
            }
            let weight = (floor + missRate) * (0.5 + 0.5 * slowness)
            return SelectionWeight(
                item: name, answers: answers.count, misses: misses, missRate: missRate,
                slowness: slowness, weight: weight, probability: 0)
        }
        let total = result.map(\.weight).reduce(0, +)
        for index in result.indices { result[index].probability = total > 0 ? result[index].weight / total : 1 / Double(result.count) }
        return result
    }

    /// The weight of every interval, in the order of `intervals`.
    public var intervalWeights: [SelectionWeight] {
        Self.weights(intervals.map { ($0.shortName, recentByInterval[$0] ?? []) })
    }

    /// The weight of every playback kind, in the order of `kinds`.
    public var kindWeights: [SelectionWeight] {
        Self.weights(kinds.map { ($0.rawValue, recentByKind[$0] ?? []) })
    }

    /// Draws an interval and a kind, each in proportion to its weight.
    public func choose(using random: inout SeededRandom) -> (Interval, PlaybackKind) {
        let interval = intervals[random.weightedIndex(intervalWeights.map(\.weight))]
        let kind = kinds[random.weightedIndex(kindWeights.map(\.weight))]
        return (interval, kind)
    }

    /// The `--explain` text for a choice: the chosen items' weights, then every interval's.
    public func explanation(interval: Interval, kind: PlaybackKind) -> [String] {
        let intervalWeights = self.intervalWeights
        let kindWeights = self.kindWeights
        var lines: [String] = []
        if let chosen = intervalWeights.first(where: { $0.item == interval.shortName }),
            let chosenKind = kindWeights.first(where: { $0.item == kind.rawValue })
        {
            lines.append("why: interval \(chosen.explanation); kind \(chosenKind.explanation)")
        }
        lines.append(
            "weights: " + intervalWeights.map { "\($0.item) \(fixed($0.weight, 2))" }.joined(separator: ", ")
                + " | " + kindWeights.map { "\($0.item) \(fixed($0.weight, 2))" }.joined(separator: ", "))
        return lines
    }
}

/// A number with a fixed count of decimals (`String(format:)` without its varargs).
func fixed(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
}
