import Foundation
import JianpuCore

/// The kinds of a wrong answer (DESIGN.md): inverted (the semitones add up to 12), wrong width
/// (one narrow, the other wide; the log's `error_wideness`), one semitone apart, or other.
public enum ErrorClass: String, Sendable, Hashable, CaseIterable, Codable {
    case inverted
    case wrongWidth = "wrong width"
    case oneSemitone = "one semitone"
    case other

    /// The classes of one mistake (none when it is right).
    public static func of(_ mistake: IntervalMistake) -> [ErrorClass] {
        guard !mistake.isCorrect else { return [] }
        return classes(inverted: mistake.isInverted, width: mistake.isWideness, oneSemitone: mistake.isOneSemitone)
    }

    /// The classes of a logged answer, from its error columns.
    public static func of(_ row: AnswerRow) -> [ErrorClass] {
        guard !row.isCorrect else { return [] }
        return classes(inverted: row.errorInverted, width: row.errorWideness, oneSemitone: row.errorOneSemitone)
    }

    static func classes(inverted: Bool, width: Bool, oneSemitone: Bool) -> [ErrorClass] {
        let found = [(inverted, ErrorClass.inverted), (width, .wrongWidth), (oneSemitone, .oneSemitone)].filter(\.0).map(\.1)
        return found.isEmpty ? [.other] : found
    }

    /// How often each class occurs in `rows`, in the order of `allCases`.
    public static func counts(_ rows: [AnswerRow]) -> [(ErrorClass, Int)] {
        let all = rows.flatMap(of)
        return allCases.map { kind in (kind, all.filter { $0 == kind }.count) }
    }
}

/// What a session's end says to work on: confusions, error classes, the slowest intervals, what to drill next.
public struct SessionRecap: Sendable, Hashable {
    public var rows: [AnswerRow]

    public init(rows: [AnswerRow]) { self.rows = rows }

    private func name(_ semitones: Int) -> String { Interval(semitones: semitones)?.shortName ?? "\(semitones)" }

    /// Wrong answers grouped as played → answered, most frequent first.
    public var confusions: [(played: Int, answered: Int, count: Int)] {
        var counts: [[Int]: Int] = [:]
        for row in rows where !row.isCorrect { counts[[row.playedInterval, row.recognizedInterval], default: 0] += 1 }
        var list: [(played: Int, answered: Int, count: Int)] = counts.map { (played: $0.key[0], answered: $0.key[1], count: $0.value) }
        list.sort { ($1.count, $0.played, $0.answered) < ($0.count, $1.played, $1.answered) }
        return list
    }

    /// The intervals answered slowest on average (mean milliseconds), at most three.
    public var slowest: [(interval: Int, milliseconds: Int)] {
        var means: [(interval: Int, milliseconds: Int)] = []
        for (interval, answers) in Dictionary(grouping: rows, by: \.playedInterval) {
            let total = answers.reduce(0) { $0 + $1.responseMilliseconds }
            means.append((interval: interval, milliseconds: total / answers.count))
        }
        means.sort { ($1.milliseconds, $0.interval) < ($0.milliseconds, $1.interval) }
        return Array(means.prefix(3))
    }

    /// The intervals to drill next: those missed (and what they were taken for), else the slowest two.
    public var drillNext: [Int] {
        var chosen: [Int] = []
        for confusion in confusions {
            for interval in [confusion.played, confusion.answered] where !chosen.contains(interval) { chosen.append(interval) }
        }
        if chosen.isEmpty { chosen = slowest.prefix(2).map(\.interval) }
        return Array(chosen.prefix(4))
    }

    /// The recap's lines (empty when nothing was answered).
    public var lines: [String] {
        guard !rows.isEmpty else { return [] }
        let confusions = self.confusions
        var lines: [String] = []
        lines.append(
            "confusions (played → answered): "
                + (confusions.isEmpty
                    ? "none"
                    : confusions.map { "\(name($0.played)) → \(name($0.answered))" + ($0.count > 1 ? " ×\($0.count)" : "") }.joined(separator: ", ")))
        lines.append(
            "error classes: "
                + ErrorClass.counts(rows).filter { $0.0 != .other || $0.1 > 0 }
                .map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", "))
        lines.append("slowest: " + slowest.map { "\(name($0.interval)) \(fixed(Double($0.milliseconds) / 1000, 1)) s" }.joined(separator: ", "))
        let next = drillNext.sorted().map(name)
        lines.append("drill next: " + next.joined(separator: ", ") + "  (jianpu quiz --intervals \(next.joined(separator: ",")))")
        return lines
    }
}
