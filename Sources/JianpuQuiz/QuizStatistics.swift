import Foundation
import JianpuCore
import JianpuPractice

/// What the log says about the user: accuracy per interval, kind, instrument and octave, the most frequent
/// confusions, response times and progress by week (`jianpu quiz stats`).
public struct QuizStatistics: Sendable, Hashable, Codable {
    /// Accuracy and response time of one group of answers.
    public typealias Line = AccuracyLine

    /// An interval heard as another, and how often.
    public struct Confusion: Sendable, Hashable, Codable {
        public var played: String
        public var heardAs: String
        public var count: Int
        /// `minor sixth heard as major sixth`.
        public var text: String

        enum CodingKeys: String, CodingKey { case played, heardAs = "heard_as", count, text }
    }

    /// How often a wrong answer fell in each error class.
    public struct ErrorClassCount: Sendable, Hashable, Codable {
        public var errorClass: String
        public var count: Int
        enum CodingKeys: String, CodingKey { case errorClass = "class", count }
    }

    public var since: String?
    public var answers: Int
    public var sessions: Int
    public var overall: Line
    public var byInterval: [Line]
    public var byKind: [Line]
    public var byInstrument: [Line]
    public var byOctave: [Line]
    public var confusions: [Confusion]
    /// ISO weeks (`2026-W47`), oldest first.
    public var byWeek: [Line]
    /// Inverted, wrong width, one semitone, other: a wrong answer may fall in several.
    public var errorClasses: [ErrorClassCount]

    enum CodingKeys: String, CodingKey {
        case since, answers, sessions, overall, byInterval = "by_interval", byKind = "by_kind", byInstrument = "by_instrument",
            byOctave = "by_octave", confusions, byWeek = "by_week", errorClasses = "error_classes"
    }

    /// Statistics of `rows` (already filtered by date), computed row by row; `PracticeLog.statistics(since:)`
    /// computes the same in SQL without holding the rows.
    public init(rows: [AnswerRow], since: Date? = nil) {
        func tallies<K: Hashable>(_ key: (AnswerRow) -> K) -> [K: Tally] {
            Dictionary(grouping: rows, by: key).mapValues(Tally.init(rows:))
        }
        let programs = Dictionary(rows.map { ($0.program, $0.playbackInstrument) }, uniquingKeysWith: { first, _ in first })
        var mistakes: [Mistake: Int] = [:]
        for row in rows where !row.isCorrect {
            mistakes[
                Mistake(
                    played: row.playedInterval, heard: row.recognizedInterval, inverted: row.errorInverted,
                    wideness: row.errorWideness, oneSemitone: row.errorOneSemitone), default: 0] += 1
        }
        self.init(
            since: since, sessions: Set(rows.map(\.sessionID)).count, overall: Tally(rows: rows),
            byInterval: tallies(\.playedInterval), byKind: tallies { Self.kindKey($0.playbackType) },
            byProgram: tallies(\.program), instruments: programs,
            byOctave: tallies { Pitch(midiNumber: $0.rootNote).octave }, byWeek: tallies { Self.weekKey($0.playedAt) },
            mistakes: mistakes)
    }

    /// Counts of one group of answers: all a `Line` needs.
    typealias Tally = AccuracyTally

    /// A wrong answer's interval pair and error columns: confusions and error classes are counted from these.
    struct Mistake: Hashable {
        var played: Int
        var heard: Int
        var inverted: Bool
        var wideness: Bool
        var oneSemitone: Bool
    }

    /// The statistics from counts per group, however they were counted.
    init(
        since: Date?, sessions: Int, overall: Tally, byInterval: [Int: Tally], byKind: [Int: Tally], byProgram: [Int: Tally],
        instruments: [Int: String], byOctave: [Int: Tally], byWeek: [Int: Tally], mistakes: [Mistake: Int]
    ) {
        func lines(_ tallies: [Int: Tally], _ name: (Int) -> String) -> [Line] {
            tallies.sorted { $0.key < $1.key }.map { $0.value.line(name($0.key)) }
        }
        self.since = since.map(Self.dayString)
        answers = overall.asked
        self.sessions = sessions
        self.overall = overall.line("all")
        self.byInterval = lines(byInterval) { Interval(semitones: $0)?.shortName ?? "\($0)" }
        self.byKind = lines(byKind) { PlaybackKind.allCases[$0].rawValue }
        // The log's own text: shown, never obeyed, by the terminal that prints the table.
        byInstrument = lines(byProgram) { instruments[$0].map(TerminalText.visible) ?? "program \($0)" }
        self.byOctave = lines(byOctave) { "octave \($0)" }
        self.byWeek = lines(byWeek, Self.weekName)
        var classes: [ErrorClass: Int] = [:]
        var pairs: [Pair: Int] = [:]
        for (mistake, count) in mistakes {
            for kind in ErrorClass.classes(inverted: mistake.inverted, width: mistake.wideness, oneSemitone: mistake.oneSemitone) {
                classes[kind, default: 0] += count
            }
            pairs[Pair(played: mistake.played, heard: mistake.heard), default: 0] += count
        }
        errorClasses = ErrorClass.allCases.map { ErrorClassCount(errorClass: $0.rawValue, count: classes[$0] ?? 0) }
        confusions = pairs.sorted { ($1.value, $0.key.played, $0.key.heard) < ($0.value, $1.key.played, $1.key.heard) }
            .prefix(10)
            .map { pair, count in
                let played = Interval(semitones: pair.played), heard = Interval(semitones: pair.heard)
                return Confusion(
                    played: played?.shortName ?? "\(pair.played)", heardAs: heard?.shortName ?? "\(pair.heard)", count: count,
                    text: "\(played?.name ?? "?") heard as \(heard?.name ?? "?")")
            }
    }

    private struct Pair: Hashable { var played: Int; var heard: Int }

    /// A playback kind's place in `PlaybackKind.allCases`: the order of the kind table.
    static func kindKey(_ kind: PlaybackKind) -> Int { PlaybackKind.allCases.firstIndex(of: kind) ?? 0 }

    static func weekKey(_ date: Date) -> Int {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        return (parts.yearForWeekOfYear ?? 0) * 100 + (parts.weekOfYear ?? 0)
    }

    static func weekName(_ key: Int) -> String {
        "\(key / 100)-W" + (key % 100 < 10 ? "0" : "") + "\(key % 100)"
    }

    static func dayString(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    // MARK: Output

    /// The statistics as text tables with a bar chart of weekly progress.
    public func table() -> String {
        var out = ""
        out += "jianpu quiz statistics: \(Wording.counted(answers, "answer")) in \(Wording.counted(sessions, "session"))" + (since.map { " since \($0)" } ?? "") + "\n"
        guard answers > 0 else { return out + "no answers yet: run `jianpu quiz` first\n" }
        out +=
            "overall: \(overall.correct)/\(overall.asked) right (\(fixed(overall.accuracy, 1))%), "
            + "response median \(overall.medianMilliseconds) ms, mean \(overall.meanMilliseconds) ms\n"
        for (title, lines) in [("interval", byInterval), ("playback kind", byKind), ("instrument", byInstrument), ("octave", byOctave)] {
            out += "\n" + section(title, lines)
        }
        out += "\nmost frequent confusions\n"
        if confusions.isEmpty { out += "  none\n" }
        for confusion in confusions { out += "  \(pad(String(confusion.count), 4, right: true))  \(confusion.text)\n" }
        out += "\nerror classes (of \(Wording.counted(answers - overall.correct, "wrong answer")))\n"
        for item in errorClasses { out += "  \(pad(String(item.count), 4, right: true))  \(item.errorClass)\n" }
        out += "\nprogress by week (accuracy)\n" + chart(byWeek)
        out += "\naccuracy by interval\n" + chart(byInterval)
        return out
    }

    /// One bar per line: `  2026-W47  ██████████····  66.7%  (12 answers)`.
    private func chart(_ lines: [Line]) -> String {
        let width = lines.map(\.item.count).max() ?? 0
        return lines.map { line in
            let filled = Int(saturating: (line.accuracy / 100 * 30).rounded())
            return "  \(pad(line.item, width))  " + String(repeating: "█", count: filled) + String(repeating: "·", count: 30 - filled)
                + "  \(pad(fixed(line.accuracy, 1), 5, right: true))%  (\(Wording.counted(line.asked, "answer")))\n"
        }.joined()
    }

    private func section(_ title: String, _ lines: [Line]) -> String {
        let width = max(title.count, lines.map(\.item.count).max() ?? 0)
        var out = pad(title, width) + "  asked  right  accuracy  median ms  mean ms\n"
        for line in lines {
            out +=
                pad(line.item, width) + "  " + pad(String(line.asked), 5, right: true) + "  " + pad(String(line.correct), 5, right: true)
                + "  " + pad(fixed(line.accuracy, 1) + "%", 8, right: true) + "  " + pad(String(line.medianMilliseconds), 9, right: true)
                + "  " + pad(String(line.meanMilliseconds), 7, right: true) + "\n"
        }
        return out
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    /// One CSV table: `section,item,asked,correct,accuracy,median_ms,mean_ms`; error classes and confusions
    /// put their count in `asked`.
    public func csv() -> String {
        var out = "section,item,asked,correct,accuracy,median_ms,mean_ms\n"
        func add(_ section: String, _ line: Line) {
            out += "\(section),\(csvField(line.item)),\(line.asked),\(line.correct),\(fixed(line.accuracy, 1)),\(line.medianMilliseconds),\(line.meanMilliseconds)\n"
        }
        add("overall", overall)
        byInterval.forEach { add("interval", $0) }
        byKind.forEach { add("kind", $0) }
        byInstrument.forEach { add("instrument", $0) }
        byOctave.forEach { add("octave", $0) }
        byWeek.forEach { add("week", $0) }
        for item in errorClasses { out += "error_class,\(item.errorClass),\(item.count),,,,\n" }
        for confusion in confusions { out += "confusion,\(csvField("\(confusion.played)->\(confusion.heardAs)")),\(confusion.count),,,,\n" }
        return out
    }

    private func csvField(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    /// Pretty JSON with sorted keys.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)).map { $0 + "\n" } ?? "{}\n"
    }
}

extension AccuracyTally {
    /// The tally of quiz answers.
    init(rows: [AnswerRow]) {
        let times = rows.map(\.responseMilliseconds).sorted()
        self.init(
            asked: rows.count, correct: rows.filter(\.isCorrect).count, totalMilliseconds: times.reduce(0, +),
            medianMilliseconds: Self.median(times))
    }
}
