import Foundation
import GRDB
import JianpuCore
import JianpuPractice

/// One row of `recognize_intervals`: an answer, as logged the moment it is given.
public struct AnswerRow: Sendable, Hashable, Codable {
    public var id: Int64?
    public var sessionID: Int64
    public var playedAt: Date
    public var recognizedAt: Date
    /// The first and second notes as they sounded (lower first for harmonic), MIDI numbers.
    public var firstNote: Int
    public var secondNote: Int
    public var playbackType: PlaybackKind
    /// The upper note the user chose (MIDI): the key pressed, or root + the interval typed.
    public var recognizedNote: Int
    /// Semitones.
    public var playedInterval: Int
    public var recognizedInterval: Int
    public var repeatedTimes: Int
    /// The General MIDI instrument name.
    public var playbackInstrument: String
    public var errorInverted: Bool
    public var errorWideness: Bool
    public var errorOneSemitone: Bool
    /// Milliseconds from the start of the question's first playback to the answer.
    public var responseMilliseconds: Int
    /// The lower note (MIDI).
    public var rootNote: Int
    /// The General MIDI program (0-based).
    public var program: Int

    public init(
        id: Int64? = nil, sessionID: Int64, playedAt: Date, recognizedAt: Date, question: Question,
        recognizedNote: Int, recognized: Interval, repeatedTimes: Int
    ) {
        let mistake = IntervalMistake(played: question.interval, recognized: recognized)
        self.id = id
        self.sessionID = sessionID
        self.playedAt = playedAt
        self.recognizedAt = recognizedAt
        self.firstNote = question.playedNotes.first
        self.secondNote = question.playedNotes.second
        self.playbackType = question.kind
        self.recognizedNote = recognizedNote
        self.playedInterval = question.interval.semitones
        self.recognizedInterval = recognized.semitones
        self.repeatedTimes = repeatedTimes
        self.playbackInstrument = question.instrumentName
        self.errorInverted = mistake.isInverted
        self.errorWideness = mistake.isWideness
        self.errorOneSemitone = mistake.isOneSemitone
        self.responseMilliseconds = PracticeLog.heldResponse(Int(saturating: (recognizedAt.timeIntervalSince(playedAt) * 1000).rounded()))
        self.rootNote = question.root
        self.program = Int(question.program)
    }

    public var isCorrect: Bool { playedInterval == recognizedInterval }

    public var summary: AnswerSummary? {
        guard let played = Interval(semitones: playedInterval) else { return nil }
        return AnswerSummary(played: played, kind: playbackType, correct: isCorrect, responseMilliseconds: responseMilliseconds)
    }

    /// The value of `column`, or `UnfitColumn` naming the column and what it holds.
    private static func field<Value: DatabaseValueConvertible>(_ row: Row, _ column: String) throws -> Value {
        do { return try row.decode(forColumn: column) } catch {
            throw UnfitColumn(column: column, value: row[column].map { "\($0)" } ?? "nothing")
        }
    }

    init(row: Row) throws {
        id = try Self.field(row, "id")
        sessionID = try Self.field(row, "session_id")
        playedAt = try Self.field(row, "played_at")
        recognizedAt = try Self.field(row, "recognized_at")
        firstNote = try Self.field(row, "first_note")
        secondNote = try Self.field(row, "second_note")
        let type: String = try Self.field(row, "playback_type")
        playbackType = PlaybackKind(rawValue: type) ?? .harmonic
        recognizedNote = try Self.field(row, "recognized_note")
        playedInterval = try Self.field(row, "played_interval")
        recognizedInterval = try Self.field(row, "recognized_interval")
        repeatedTimes = try Self.field(row, "repeated_times")
        playbackInstrument = try Self.field(row, "playback_instrument")
        errorInverted = try Self.field(row, "error_inverted")
        errorWideness = try Self.field(row, "error_wideness")
        errorOneSemitone = try Self.field(row, "error_one_semitone")
        let response: Int? = try Self.field(row, "response_ms")
        responseMilliseconds = PracticeLog.heldResponse(response ?? 0)
        let root: Int? = try Self.field(row, "root_note")
        rootNote = root ?? min(firstNote, secondNote)
        let program: Int? = try Self.field(row, "program")
        self.program = program ?? 0
    }
}
