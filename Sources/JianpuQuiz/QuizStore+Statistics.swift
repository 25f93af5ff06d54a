import Foundation
import GRDB

/// `jianpu quiz stats` counted by SQLite: every group is a GROUP BY and every median a window over the
/// group, so a log of a million answers costs the same memory as one of ten.
extension QuizStore {
    /// The statistics of the answers from `since` on (all when nil), as `QuizStatistics(rows:since:)` would
    /// compute them from every row.
    /// - Throws: `QuizError` when the file fails or a row does not fit the log.
    public func statistics(since: Date? = nil) throws -> QuizStatistics {
        try read { db in
            try Self.refuseUnfitRows(db, since: since)
            let base = Self.answersSQL(since: since)
            let arguments: StatementArguments = since.map { [$0] } ?? []
            func tallies(_ key: String) throws -> [Int: QuizStatistics.Tally] {
                try Self.tallies(db, base: base, arguments: arguments, key: key)
            }
            let sessions = try Int.fetchOne(db, sql: "WITH base AS (\(base)) SELECT COUNT(DISTINCT session_id) FROM base", arguments: arguments) ?? 0
            var instruments: [Int: String] = [:]
            let firstInstruments = try Row.fetchCursor(db, sql: """
                WITH base AS (\(base))
                SELECT program, playback_instrument FROM (
                    SELECT program, playback_instrument, ROW_NUMBER() OVER (PARTITION BY program ORDER BY played_at, id) AS n FROM base)
                WHERE n = 1
                """, arguments: arguments)
            while let row = try firstInstruments.next() { instruments[row[0]] = row[1] }
            var mistakes: [QuizStatistics.Mistake: Int] = [:]
            let wrong = try Row.fetchCursor(db, sql: """
                WITH base AS (\(base))
                SELECT played, heard, error_inverted, error_wideness, error_one_semitone, COUNT(*) FROM base
                WHERE played != heard GROUP BY 1, 2, 3, 4, 5
                """, arguments: arguments)
            while let row = try wrong.next() {
                mistakes[QuizStatistics.Mistake(played: row[0], heard: row[1], inverted: row[2], wideness: row[3], oneSemitone: row[4]), default: 0] += row[5] as Int
            }
            return QuizStatistics(since: since, sessions: sessions, overall: try tallies("0")[0] ?? .init(asked: 0, correct: 0, totalMilliseconds: 0, medianMilliseconds: 0),
                                  byInterval: try tallies("played"), byKind: try tallies("kind"), byProgram: try tallies("program"),
                                  instruments: instruments, byOctave: try tallies(Self.octaveSQL), byWeek: try tallies(Self.weekSQL), mistakes: mistakes)
        }
    }

    /// The answers as the statistics see them, one row each, with the defaults `AnswerRow(row:)` gives missing values.
    private static func answersSQL(since: Date?) -> String {
        let kinds = PlaybackKind.allCases.enumerated().map { "WHEN '\($0.element.rawValue)' THEN \($0.offset)" }.joined(separator: " ")
        return """
            SELECT id, session_id, played_at, playback_instrument, error_inverted, error_wideness, error_one_semitone,
                played_interval AS played, recognized_interval AS heard, COALESCE(response_ms, 0) AS ms,
                CASE playback_type \(kinds) ELSE \(QuizStatistics.kindKey(.harmonic)) END AS kind,
                COALESCE(program, 0) AS program, COALESCE(root_note, MIN(first_note, second_note)) AS root,
                CASE WHEN typeof(played_at) IN ('integer', 'real') THEN date(played_at, 'unixepoch') ELSE date(played_at) END AS day
            FROM recognize_intervals
            """ + (since == nil ? "" : " WHERE played_at >= ?")
    }

    /// `Pitch.octave` of the root: scientific octave, rounded down for notes below 0.
    private static let octaveSQL = "(root - ((root % 12 + 12) % 12)) / 12 - 1"

    /// `QuizStatistics.weekKey`: the ISO week's year × 100 + week, read from the week's Thursday.
    private static let weekSQL = """
        (CAST(strftime('%Y', date(day, '-' || ((CAST(strftime('%w', day) AS INTEGER) + 6) % 7) || ' days', '+3 days')) AS INTEGER) * 100
         + (CAST(strftime('%j', date(day, '-' || ((CAST(strftime('%w', day) AS INTEGER) + 6) % 7) || ' days', '+3 days')) AS INTEGER) - 1) / 7 + 1)
        """

    /// Count, right answers, total and median response per value of `key`: the median rows are picked by
    /// their rank in the group, so nothing but the groups reaches Swift.
    private static func tallies(_ db: Database, base: String, arguments: StatementArguments, key: String) throws -> [Int: QuizStatistics.Tally] {
        let rows = try Row.fetchCursor(db, sql: """
            WITH base AS (\(base)),
            groups AS (SELECT \(key) AS k, COUNT(*) AS c, SUM(played = heard) AS right, SUM(ms) AS total FROM base GROUP BY k),
            ranked AS (SELECT \(key) AS k, ms, ROW_NUMBER() OVER (PARTITION BY \(key) ORDER BY ms) AS n FROM base)
            SELECT groups.k, c, right, total, ms FROM ranked JOIN groups ON ranked.k IS groups.k
            WHERE n IN ((c + 1) / 2, c / 2 + 1) ORDER BY groups.k, n
            """, arguments: arguments)
        var tallies: [Int: QuizStatistics.Tally] = [:]
        var middles: [Int: [Int]] = [:]
        while let row = try rows.next() {
            let key: Int = row[0]
            tallies[key] = .init(asked: row[1], correct: row[2], totalMilliseconds: row[3], medianMilliseconds: 0)
            middles[key, default: []].append(row[4])
        }
        for (key, times) in middles { tallies[key]?.medianMilliseconds = QuizStatistics.Tally.median(times) }
        return tallies
    }

    /// Decodes every row whose columns are not of the kinds the log holds, so a row that does not fit is the
    /// same error here as when the rows are read one by one (counting in SQL would silently coerce it).
    private static func refuseUnfitRows(_ db: Database, since: Date?) throws {
        let integers = ["id", "session_id", "first_note", "second_note", "recognized_note", "played_interval", "recognized_interval",
                        "repeated_times", "error_inverted", "error_wideness", "error_one_semitone"]
        let optional = ["response_ms", "root_note", "program"]
        let conditions = integers.map { "typeof(\($0)) != 'integer'" } + optional.map { "typeof(\($0)) NOT IN ('integer', 'null')" }
            + ["typeof(playback_instrument) != 'text'", "(typeof(played_at) = 'text' AND date(played_at) IS NULL)",
               "typeof(played_at) NOT IN ('text', 'integer', 'real')", "typeof(recognized_at) NOT IN ('text', 'integer', 'real')"]
        let suspects = try Row.fetchCursor(db, sql: "SELECT * FROM recognize_intervals WHERE (\(conditions.joined(separator: " OR ")))"
                                           + (since == nil ? "" : " AND played_at >= ?"), arguments: since.map { [$0] } ?? [])
        while let row = try suspects.next() { _ = try AnswerRow(row: row) }
    }
}
