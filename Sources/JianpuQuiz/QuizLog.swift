import Foundation
import GRDB
import JianpuPractice

/// The quiz's answers in the practice log (`recognize_intervals`).
extension PracticeLog {
    /// Logs one answer in its own transaction, committed before this returns; returns the row id.
    @discardableResult
    public func record(_ answer: AnswerRow) throws -> Int64 {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO recognize_intervals (session_id, played_at, recognized_at, first_note, second_note, playback_type,
                        recognized_note, played_interval, recognized_interval, repeated_times, playback_instrument,
                        error_inverted, error_wideness, error_one_semitone, response_ms, root_note, program)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    answer.sessionID, answer.playedAt, answer.recognizedAt, answer.firstNote, answer.secondNote,
                    answer.playbackType.rawValue, answer.recognizedNote, answer.playedInterval, answer.recognizedInterval,
                    answer.repeatedTimes, answer.playbackInstrument, answer.errorInverted, answer.errorWideness,
                    answer.errorOneSemitone, answer.responseMilliseconds, answer.rootNote, answer.program,
                ])
            return db.lastInsertedRowID
        }
    }

    /// Every answer (optionally from `since` on), oldest first.
    public func answers(since: Date? = nil) throws -> [AnswerRow] {
        try read { db in
            // Read through a cursor: a million rows are a million small answers, not a million database rows as well.
            let rows =
                if let since {
                    try Row.fetchCursor(db, sql: "SELECT * FROM recognize_intervals WHERE played_at >= ? ORDER BY played_at, id", arguments: [since])
                } else {
                    try Row.fetchCursor(db, sql: "SELECT * FROM recognize_intervals ORDER BY played_at, id")
                }
            var answers: [AnswerRow] = []
            while let row = try rows.next() { answers.append(try AnswerRow(row: row)) }
            return answers
        }
    }

    /// The most recent answers (at most `limit`), oldest first: what the adaptive selection starts from.
    public func recentAnswers(limit: Int = 2_000) throws -> [AnswerRow] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM (SELECT * FROM recognize_intervals ORDER BY id DESC LIMIT ?) ORDER BY id", arguments: [limit])
                .map { try AnswerRow(row: $0) }
        }
    }
}
