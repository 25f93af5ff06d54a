import Foundation
import GRDB
import JianpuCore

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

    public init(id: Int64? = nil, sessionID: Int64, playedAt: Date, recognizedAt: Date, question: Question,
                recognizedNote: Int, recognized: Interval, repeatedTimes: Int) {
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
        self.responseMilliseconds = max(0, Int((recognizedAt.timeIntervalSince(playedAt) * 1000).rounded()))
        self.rootNote = question.root
        self.program = Int(question.program)
    }

    public var isCorrect: Bool { playedInterval == recognizedInterval }

    public var summary: AnswerSummary? {
        guard let played = Interval(semitones: playedInterval) else { return nil }
        return AnswerSummary(played: played, kind: playbackType, correct: isCorrect, responseMilliseconds: responseMilliseconds)
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        sessionID = try row.decode(forColumn: "session_id")
        playedAt = try row.decode(forColumn: "played_at")
        recognizedAt = try row.decode(forColumn: "recognized_at")
        firstNote = try row.decode(forColumn: "first_note")
        secondNote = try row.decode(forColumn: "second_note")
        let type: String = try row.decode(forColumn: "playback_type")
        playbackType = PlaybackKind(rawValue: type) ?? .harmonic
        recognizedNote = try row.decode(forColumn: "recognized_note")
        playedInterval = try row.decode(forColumn: "played_interval")
        recognizedInterval = try row.decode(forColumn: "recognized_interval")
        repeatedTimes = try row.decode(forColumn: "repeated_times")
        playbackInstrument = try row.decode(forColumn: "playback_instrument")
        errorInverted = try row.decode(forColumn: "error_inverted")
        errorWideness = try row.decode(forColumn: "error_wideness")
        errorOneSemitone = try row.decode(forColumn: "error_one_semitone")
        let response: Int? = try row.decode(forColumn: "response_ms")
        responseMilliseconds = response ?? 0
        let root: Int? = try row.decode(forColumn: "root_note")
        rootNote = root ?? min(firstNote, secondNote)
        let program: Int? = try row.decode(forColumn: "program")
        self.program = program ?? 0
    }
}
