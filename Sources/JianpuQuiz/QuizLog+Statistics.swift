import Foundation
import GRDB
import JianpuPractice

/// `jianpu quiz stats` counted by SQLite: every group is a GROUP BY, and the medians come from one scan of
/// the answers in order of response time, so a log of a million answers costs the memory of one of ten.
extension PracticeLog {
    /// The statistics of the answers from `since` on (all when nil), as `QuizStatistics(rows:since:)` would
    /// compute them from every row.
    /// - Throws: `QuizError` when the file fails or a row does not fit the log.
    public func statistics(since: Date? = nil) throws -> QuizStatistics {
        try read { db in
            try Self.refuseUnfitRows(db, since: since)
            let base = "(" + Self.answersSQL(since: since) + ")"
            let arguments: StatementArguments = since.map { [$0] } ?? []
            func tallies(_ key: String) throws -> [Int: QuizStatistics.Tally] {
                var tallies: [Int: QuizStatistics.Tally] = [:]
                let rows = try Row.fetchCursor(db, sql: "SELECT \(key) AS k, COUNT(*), SUM(played = heard), SUM(ms) FROM \(base) GROUP BY k", arguments: arguments)
                while let row = try rows.next() { tallies[row[0]] = .init(asked: row[1], correct: row[2], totalMilliseconds: row[3], medianMilliseconds: 0) }
                return tallies
            }
            // Weeks are summed from days: SQLite's date() is cheap, an ISO week in SQL is not.
            var weeks: [String: Int] = [:]
            func week(_ day: String) -> Int {
                if let key = weeks[day] { return key }
                let key = LogDate.parse(day).map(QuizStatistics.weekKey) ?? 0
                weeks[day] = key
                return key
            }
            var byWeek: [Int: QuizStatistics.Tally] = [:]
            let days = try Row.fetchCursor(db, sql: "SELECT day, COUNT(*), SUM(played = heard), SUM(ms) FROM \(base) GROUP BY day", arguments: arguments)
            while let row = try days.next() {
                byWeek[week(row[0]), default: .empty]
                    .add(asked: row[1], correct: row[2], totalMilliseconds: row[3])
            }
            var groupings = try [tallies("0"), tallies("played"), tallies("kind"), tallies("program"), tallies(Self.octaveSQL), byWeek]
            var medians = groupings.map(MedianRanks.init)
            let ordered = try Row.fetchCursor(db, sql: "SELECT played, kind, program, \(Self.octaveSQL), day, ms FROM \(base) ORDER BY ms", arguments: arguments)
            while let row = try ordered.next() {
                let ms: Int = row[5]
                medians[0].add(0, ms)
                for column in 0..<4 { medians[column + 1].add(row[column], ms) }
                medians[5].add(week(row[4]), ms)
            }
            for index in groupings.indices {
                for (key, median) in medians[index].medians { groupings[index][key]?.medianMilliseconds = median }
            }
            let sessions = try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT session_id) FROM \(base)", arguments: arguments) ?? 0
            var instruments: [Int: String] = [:]
            let firstInstruments = try Row.fetchCursor(
                db,
                sql: """
                    SELECT program, playback_instrument FROM (
                        SELECT program, playback_instrument, ROW_NUMBER() OVER (PARTITION BY program ORDER BY played_at, id) AS n FROM \(base))
                    WHERE n = 1
                    """, arguments: arguments)
            while let row = try firstInstruments.next() { instruments[row[0]] = row[1] }
            var mistakes: [QuizStatistics.Mistake: Int] = [:]
            let wrong = try Row.fetchCursor(
                db,
                sql: """
                    SELECT played, heard, error_inverted, error_wideness, error_one_semitone, COUNT(*) FROM \(base)
                    WHERE played != heard GROUP BY 1, 2, 3, 4, 5
                    """, arguments: arguments)
            while let row = try wrong.next() {
                mistakes[QuizStatistics.Mistake(played: row[0], heard: row[1], inverted: row[2], wideness: row[3], oneSemitone: row[4]), default: 0] += row[5] as Int
            }
            return QuizStatistics(
                since: since, sessions: sessions,
                overall: groupings[0][0] ?? .empty,
                byInterval: groupings[1], byKind: groupings[2], byProgram: groupings[3], instruments: instruments,
                byOctave: groupings[4], byWeek: groupings[5], mistakes: mistakes)
        }
    }

    /// The answers as the statistics see them, one row each, with the defaults `AnswerRow(row:)` gives missing values.
    private static func answersSQL(since: Date?) -> String {
        let kinds = PlaybackKind.allCases.enumerated().map { "WHEN '\($0.element.rawValue)' THEN \($0.offset)" }.joined(separator: " ")
        return """
            SELECT id, session_id, played_at, playback_instrument, error_inverted, error_wideness, error_one_semitone,
                played_interval AS played, recognized_interval AS heard, MIN(MAX(COALESCE(response_ms, 0), 0), \(PracticeLog.longestResponse)) AS ms,
                CASE playback_type \(kinds) ELSE \(QuizStatistics.kindKey(.harmonic)) END AS kind,
                COALESCE(program, 0) AS program, COALESCE(root_note, MIN(first_note, second_note)) AS root,
                \(daySQL) AS day
            FROM recognize_intervals
            """ + (since == nil ? "" : " WHERE played_at >= ?")
    }

    /// The day of `played_at` (a date text or seconds since 1970); NULL when it is no date SQLite can name.
    private static let daySQL = "CASE WHEN typeof(played_at) IN ('integer', 'real') THEN date(played_at, 'unixepoch') ELSE date(played_at) END"

    /// `Pitch.octave` of the root: scientific octave, rounded down for notes below 0.
    private static let octaveSQL = "(root - ((root % 12 + 12) % 12)) / 12 - 1"

    /// The medians of groups whose sizes are known, from their members given in ascending order: a group's
    /// median is its member at rank (count + 1) / 2 (with the next for an even count), so only ranks are kept.
    private struct MedianRanks {
        var counts: [Int: Int]
        var seen: [Int: Int] = [:]
        var middles: [Int: [Int]] = [:]

        init(_ tallies: [Int: QuizStatistics.Tally]) { counts = tallies.mapValues(\.asked) }

        mutating func add(_ key: Int, _ value: Int) {
            let rank = seen[key, default: 0] + 1
            seen[key] = rank
            guard let count = counts[key], rank == (count + 1) / 2 || rank == count / 2 + 1 else { return }
            middles[key, default: []].append(value)
        }

        var medians: [Int: Int] { middles.mapValues(QuizStatistics.Tally.median) }
    }

    /// Decodes every row whose columns are not of the kinds the log holds, so a row that does not fit is the
    /// same error here as when the rows are read one by one (counting in SQL would silently coerce it).
    private static func refuseUnfitRows(_ db: Database, since: Date?) throws {
        let integers = [
            "id", "session_id", "first_note", "second_note", "recognized_note", "played_interval", "recognized_interval",
            "repeated_times", "error_inverted", "error_wideness", "error_one_semitone",
        ]
        let optional = ["response_ms", "root_note", "program"]
        let conditions =
            integers.map { "typeof(\($0)) != 'integer'" } + optional.map { "typeof(\($0)) NOT IN ('integer', 'null')" }
            + [
                "typeof(playback_instrument) != 'text'", "(typeof(played_at) = 'text' AND date(played_at) IS NULL)",
                "typeof(played_at) NOT IN ('text', 'integer', 'real')", "typeof(recognized_at) NOT IN ('text', 'integer', 'real')",
            ]
        let suspects = try Row.fetchCursor(
            db,
            sql: "SELECT * FROM recognize_intervals WHERE (\(conditions.joined(separator: " OR ")))"
                + (since == nil ? "" : " AND played_at >= ?"), arguments: since.map { [$0] } ?? [])
        while let row = try suspects.next() { _ = try AnswerRow(row: row) }
        // A time SQLite cannot make a day of (1e308 seconds, year 99999) decodes as a Date but has no day to count in.
        if let value = try DatabaseValue.fetchOne(
            db,
            sql: "SELECT played_at FROM recognize_intervals WHERE (\(daySQL)) IS NULL"
                + (since == nil ? "" : " AND played_at >= ?"), arguments: since.map { [$0] } ?? [])
        {
            throw UnfitColumn(column: "played_at", value: "\(value)")
        }
    }
}
