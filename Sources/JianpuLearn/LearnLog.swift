import Foundation
import GRDB
import JianpuPractice

/// One answer of `jianpu learn`, as the log keeps it (`learn_answers`).
public struct LearnAnswerRow: Sendable, Hashable {
    public var sessionID: Int64
    public var answeredAt: Date
    /// The scale as the lesson names it: `D major`, `A harmonic minor`.
    public var scale: String
    /// The exercise's log name: `scale-up`, `chord`, `name-degree`.
    public var exercise: String
    public var prompt: String
    /// The scale degree asked about, when there is one.
    public var degree: Int?
    public var expected: String
    public var answered: String
    public var isCorrect: Bool
    public var responseMilliseconds: Int

    public init(
        sessionID: Int64, answeredAt: Date, scale: String, exercise: String, prompt: String, degree: Int?,
        expected: String, answered: String, isCorrect: Bool, responseMilliseconds: Int
    ) {
        self.sessionID = sessionID
        self.answeredAt = answeredAt
        self.scale = scale
        self.exercise = exercise
        self.prompt = prompt
        self.degree = degree
        self.expected = expected
        self.answered = answered
        self.isCorrect = isCorrect
        self.responseMilliseconds = responseMilliseconds
    }
}

/// `jianpu learn`'s answers in the quiz log.
extension PracticeLog {
    /// Logs one lesson answer in its own transaction, committed before this returns; returns the row id.
    @discardableResult
    public func record(_ answer: LearnAnswerRow) throws -> Int64 {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO learn_answers (session_id, answered_at, scale, exercise, prompt, degree, expected, answered, correct, response_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    answer.sessionID, answer.answeredAt, answer.scale, answer.exercise, answer.prompt, answer.degree,
                    answer.expected, answer.answered, answer.isCorrect, answer.responseMilliseconds,
                ])
            return db.lastInsertedRowID
        }
    }

    /// The value of `column`, or `UnfitColumn` naming the column and what it holds.
    private static func field<Value: DatabaseValueConvertible>(_ row: Row, _ column: String) throws -> Value {
        do { return try row.decode(forColumn: column) } catch {
            throw UnfitColumn(column: column, value: row[column].map { "\($0)" } ?? "nothing")
        }
    }

    /// Every lesson answer (optionally from `since` on), oldest first; none in a log older than the lessons.
    public func learnAnswers(since: Date? = nil) throws -> [LearnAnswerRow] {
        try read { db in
            guard try db.tableExists("learn_answers") else { return [] }
            let sql = "SELECT * FROM learn_answers" + (since == nil ? "" : " WHERE answered_at >= ?") + " ORDER BY answered_at, id"
            let rows = try Row.fetchCursor(db, sql: sql, arguments: since.map { [$0] } ?? [])
            var answers: [LearnAnswerRow] = []
            while let row = try rows.next() {
                answers.append(
                    LearnAnswerRow(
                        sessionID: try Self.field(row, "session_id"), answeredAt: try Self.field(row, "answered_at"),
                        scale: try Self.field(row, "scale"), exercise: try Self.field(row, "exercise"),
                        prompt: try Self.field(row, "prompt"), degree: try Self.field(row, "degree"),
                        expected: try Self.field(row, "expected"), answered: try Self.field(row, "answered"),
                        isCorrect: try Self.field(row, "correct"),
                        // Held to 0 ms…a day, as the quiz's are, so that sums and medians of any log stay in range.
                        responseMilliseconds: PracticeLog.heldResponse(try Self.field(row, "response_ms"))))
            }
            return answers
        }
    }
}
