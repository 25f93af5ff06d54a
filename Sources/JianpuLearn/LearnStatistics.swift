import Foundation
import JianpuCore
import JianpuPractice

/// What the log says about the lessons (`jianpu learn stats`): accuracy per key, exercise and degree, in the
/// quiz statistics' forms (a text table, CSV, JSON).
public struct LearnStatistics: Sendable, Hashable, Codable {
    /// Accuracy and response time of one group of answers, as the quiz's statistics count them.
    public typealias Line = AccuracyLine

    public var since: String?
    public var answers: Int
    public var sessions: Int
    public var overall: Line
    public var byKey: [Line]
    public var byExercise: [Line]
    public var byDegree: [Line]

    enum CodingKeys: String, CodingKey {
        case since, answers, sessions, overall, byKey = "by_key", byExercise = "by_exercise", byDegree = "by_degree"
    }

    /// The statistics of `rows` (already filtered by date).
    public init(rows: [LearnAnswerRow], since: String? = nil) {
        self.since = since
        answers = rows.count
        sessions = Set(rows.map(\.sessionID)).count
        overall = Line(item: "all", rows: rows)
        // The log's text is shown as the quiz's instrument names are: a control character never reaches the terminal.
        byKey = Dictionary(grouping: rows, by: \.scale).sorted { $0.key < $1.key }.map { Line(item: JianpuCore.TerminalText.visible($0.key), rows: $0.value) }
        let order = ExerciseKind.allCases.map(\.rawValue)
        byExercise = Dictionary(grouping: rows, by: \.exercise)
            .sorted { (order.firstIndex(of: $0.key) ?? order.count, $0.key) < (order.firstIndex(of: $1.key) ?? order.count, $1.key) }
            .map { Line(item: JianpuCore.TerminalText.visible($0.key), rows: $0.value) }
        // A degree is what the lesson calls one: a note's jianpu number in its key (A minor's tonic is 6), counted
        // over the questions that ask for a note, as the lesson's "practise next" counts them.
        byDegree = Dictionary(grouping: rows.compactMap { row in Self.jianpuDegree(of: row).map { ($0, row) } }, by: \.0)
            .sorted { Self.degreeOrder($0.key) < Self.degreeOrder($1.key) }
            .map { Line(item: "degree \($0.key)", rows: $0.value.map(\.1)) }
    }

    /// The statistics as text tables.
    public func table() -> String {
        var out =
            "jianpu learn statistics: \(Wording.counted(answers, "answer")) in \(Wording.counted(sessions, "session"))"
            + (since.map { " since \($0)" } ?? "") + "\n"
        guard answers > 0 else { return out + "no answers yet: run `jianpu learn` first\n" }
        out +=
            "overall: \(overall.correct)/\(overall.asked) right (\(Self.fixed(overall.accuracy))%), "
            + "response median \(overall.medianMilliseconds) ms, mean \(overall.meanMilliseconds) ms\n"
        for (title, lines) in [("key", byKey), ("exercise", byExercise), ("degree", byDegree)] {
            let width = max(title.count, lines.map(\.item.count).max() ?? 0)
            out += "\n" + Self.pad(title, width) + "  asked  right  accuracy  median ms  mean ms\n"
            for line in lines {
                out +=
                    Self.pad(line.item, width) + "  " + Self.pad(String(line.asked), 5, right: true) + "  "
                    + Self.pad(String(line.correct), 5, right: true) + "  " + Self.pad(Self.fixed(line.accuracy) + "%", 8, right: true)
                    + "  " + Self.pad(String(line.medianMilliseconds), 9, right: true) + "  " + Self.pad(String(line.meanMilliseconds), 7, right: true) + "\n"
            }
        }
        return out
    }

    /// One CSV table: `section,item,asked,correct,accuracy,median_ms,mean_ms`.
    public func csv() -> String {
        var out = "section,item,asked,correct,accuracy,median_ms,mean_ms\n"
        func add(_ section: String, _ line: Line) {
            let item =
                line.item.contains(where: { $0 == "," || $0 == "\"" })
                ? "\"" + line.item.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : line.item
            out += "\(section),\(item),\(line.asked),\(line.correct),\(Self.fixed(line.accuracy)),\(line.medianMilliseconds),\(line.meanMilliseconds)\n"
        }
        add("overall", overall)
        byKey.forEach { add("key", $0) }
        byExercise.forEach { add("exercise", $0) }
        byDegree.forEach { add("degree", $0) }
        return out
    }

    /// Pretty JSON with sorted keys.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)).map { $0 + "\n" } ?? "{}\n"
    }

    /// The jianpu number of a row's degree (`6`, `♯5`), for a question that asks for a note in a key the log names.
    static func jianpuDegree(of row: LearnAnswerRow) -> String? {
        guard let degree = row.degree, ExerciseKind(rawValue: row.exercise)?.asksForANote == true,
            (1...7).contains(degree), let scale = try? Scale(key: row.scale, scale: nil)
        else { return nil }
        return scale.jianpuNumber(of: scale.key.note(atDegree: degree))
    }

    /// Jianpu numbers in the order of their digits, a sharp or flat after the plain one.
    static func degreeOrder(_ number: String) -> (Int, String) {
        (number.last?.wholeNumberValue ?? 0, number)
    }

    static func fixed(_ value: Double) -> String { String(format: "%.1f", value) }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}

extension LearnStatistics {
    /// The forms `jianpu learn stats` writes.
    public enum Format: String, Sendable, CaseIterable { case table, csv, json }

    /// The statistics of the log at `path` from `since` on (`YYYY-MM-DD`), in `format`.
    /// - Throws: `LearnError` for a date that is none, `QuizError` when the log cannot be read.
    public static func report(log path: String, since: String?, format: Format) throws -> String {
        var start: Date?
        if let since {
            guard let date = LogDate.parse(since) else { throw LearnError.notADate(since) }
            start = date
        }
        let statistics = LearnStatistics(rows: try PracticeLog.forReading(path: path).learnAnswers(since: start), since: since)
        switch format {
        case .table: return statistics.table()
        case .csv: return statistics.csv()
        case .json: return statistics.json()
        }
    }
}

extension AccuracyLine {
    /// The line of `item` from lesson answers.
    init(item: String, rows: [LearnAnswerRow]) {
        self.init(item: item, responseTimes: rows.map(\.responseMilliseconds), correct: rows.filter(\.isCorrect).count)
    }
}
