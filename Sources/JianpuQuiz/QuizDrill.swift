import Foundation
import JianpuCore
import JianpuFiles
import JianpuPractice

/// The outcome of one answer.
public struct AnswerResult: Sendable, Hashable {
    public var question: Question
    public var recognized: Interval
    public var row: AnswerRow
    public var mistake: IntervalMistake { IntervalMistake(played: question.interval, recognized: recognized) }
    public var isCorrect: Bool { mistake.isCorrect }
}

/// How a session went.
public struct QuizSummary: Sendable, Hashable {
    public var asked: Int
    public var correct: Int
    /// The questions the session was to ask.
    public var total: Int
    /// The pass mark in percent, in test mode.
    public var passMark: Int?
    /// What to work on (`SessionRecap.lines`).
    public var recap: [String] = []
    public var percent: Int { asked == 0 ? 0 : Int((Double(correct) * 100 / Double(asked)).rounded()) }
    /// In test mode: every question answered and the pass mark reached.
    public var passed: Bool? { passMark.map { asked == total && percent >= $0 } }

    /// `score: 7/10 (70%)`, and in test mode `test: PASSED (pass mark 80%)`.
    public var lines: [String] {
        var lines = ["score: \(correct)/\(asked) (\(percent)%)"]
        if let passMark, let passed {
            if asked < total {
                lines.append("test: FAILED (not finished: \(asked) of \(Wording.counted(total, "question")) answered; pass mark \(passMark)%)")
            } else {
                lines.append("test: \(passed ? "PASSED" : "FAILED") (pass mark \(passMark)%)")
            }
        }
        return lines + recap
    }
}

/// The quiz's logic without input or output: picks questions, checks answers, logs them.
/// Shared by the line-by-line runner and the terminal screen.
public final class QuizDrill {
    public let settings: QuizSettings
    public let store: PracticeLog
    public let clock: any PracticeClock
    public private(set) var random: SeededRandom
    public private(set) var selector: AdaptiveSelector
    /// Missed intervals coming back soon in this session.
    public private(set) var review = ReviewSchedule()
    /// Every answer of this session, in order (for the recap).
    public private(set) var results: [AnswerResult] = []
    /// In test mode (`--test N`): the questions still to come, each interval N times in random order.
    private var testPlan: [(Interval, PlaybackKind)]?
    public let passMark: Int?
    public private(set) var sessionID: Int64 = 0
    public private(set) var asked = 0
    public private(set) var correct = 0
    /// The question being asked, when it was first played, and how often it was repeated.
    public private(set) var current: Question?
    public private(set) var playedAt: Date?
    public private(set) var repeatedTimes = 0
    public private(set) var explanation: [String] = []
    private var finished = false
    /// Answers the log could not take yet (locked by another program, a full disk): kept, retried with each answer and at the end.
    private var unsaved: [AnswerRow] = []

    /// Where the drill says what happened to the log (kept answers, saved again); standard error unless a test listens.
    var notify: (String) -> Void = { StandardStreams.error("jianpu: " + TerminalText.visible($0) + "\n") }

    /// The number of questions this session asks.
    public let total: Int

    /// Prepares a session. `history` (oldest first) starts the adaptive selection where the user left off.
    public init(
        settings: QuizSettings, store: PracticeLog, clock: any PracticeClock = SystemClock(), seed: UInt64? = nil,
        history: [AnswerSummary] = [], testRepetitions: Int? = nil, passMark: Int? = nil
    ) {
        self.settings = settings
        self.store = store
        self.clock = clock
        self.random = seed.map(SeededRandom.init(seed:)) ?? SeededRandom()
        let intervals = settings.distinctIntervals
        let kinds = settings.distinctKinds
        self.selector = AdaptiveSelector(intervals: intervals, kinds: kinds, history: history)
        if let testRepetitions {
            var plan: [(Interval, PlaybackKind)] = []
            for interval in intervals {
                for _ in 0..<testRepetitions { plan.append((interval, kinds[random.index(kinds.count)])) }
            }
            testPlan = random.shuffled(plan)
            total = plan.count
            self.passMark = passMark ?? 80
        } else {
            total = settings.questions
            self.passMark = nil
        }
    }

    /// Opens the session in the log.
    public func start() throws {
        sessionID = try store.startSession(at: clock.now())
    }

    /// The next question, or nil when the session is complete.
    public func nextQuestion() -> Question? {
        guard asked < total else { return nil }
        var interval: Interval
        let kind: PlaybackKind
        if testPlan != nil {
            (interval, kind) = testPlan!.removeFirst()
            explanation = ["why: test mode, every interval \(Wording.counted(total / max(settings.distinctIntervals.count, 1), "time")) in random order"]
        } else {
            (interval, kind) = selector.choose(using: &random)
            if let item = review.due(at: asked + 1, among: selector.intervals) {
                interval = item.interval
                explanation = [ReviewSchedule.explanation(item)] + selector.explanation(interval: interval, kind: kind).dropFirst()
            } else {
                explanation = selector.explanation(interval: interval, kind: kind)
            }
        }
        let program = settings.varyInstrument ? settings.programs[random.index(settings.programs.count)] : settings.programs[0]
        let octaves = settings.distinctOctaves
        let octave = octaves[random.index(octaves.count)]
        var root = 12 * (octave + 1) + random.index(12)
        while root + interval.semitones > 127 { root -= 12 }
        let question = Question(root: root, interval: interval, kind: kind, program: program)
        current = question
        playedAt = nil
        repeatedTimes = 0
        return question
    }

    /// Call when the question starts sounding for the first time.
    public func markPlayed() {
        if playedAt == nil { playedAt = clock.now() }
    }

    /// Call when the user asks to hear it again.
    public func markRepeated() { repeatedTimes += 1 }

    /// What an input means as an answer to the current question: the interval, and the upper note.
    /// A note below the red one, or more than two octaves above, is no answer (the message says why).
    public func interpret(_ input: QuizInput) -> Result<(Interval, Int), QuizError>? {
        guard let question = current else { return nil }
        switch input {
        case .interval(let interval):
            return .success((interval, question.root + interval.semitones))
        case .note(let note):
            let difference = note - question.root
            guard difference >= 0 else {
                return .failure(.belowTheLowerNote(note: note, lower: question.root))
            }
            guard let interval = Interval(semitones: difference) else {
                return .failure(.beyondTwoOctaves(note: note, lower: question.root))
            }
            return .success((interval, note))
        default:
            return nil
        }
    }

    /// Checks and logs an answer (committed before this returns).
    public func answer(_ recognized: Interval, note: Int) throws -> AnswerResult {
        guard let question = current else { throw QuizError.noQuestionAsked }
        let now = clock.now()
        let row = AnswerRow(
            sessionID: sessionID, playedAt: playedAt ?? now, recognizedAt: now, question: question,
            recognizedNote: note, recognized: recognized, repeatedTimes: repeatedTimes)
        var logged = row
        unsaved.append(row)
        if saveKeptAnswers() { logged.id = lastSavedID }
        asked += 1
        if row.isCorrect { correct += 1 }
        if let summary = row.summary { selector.record(summary) }
        review.record(question.interval, correct: row.isCorrect, number: asked)
        current = nil
        let result = AnswerResult(question: question, recognized: recognized, row: logged)
        results.append(result)
        return result
    }

    private var lastSavedID: Int64?
    private var warnedUnsaved = false
    /// Why the log last refused an answer (a lock, a full disk, a trigger), for the final message.
    private var lastRefusal: String?

    /// Writes the answers kept in memory, oldest first; true when none is left. The first time the
    /// log refuses, says so: the answers stay in memory and are tried again.
    @discardableResult
    private func saveKeptAnswers() -> Bool {
        while let row = unsaved.first {
            do {
                lastSavedID = try store.record(row)
                unsaved.removeFirst()
                if warnedUnsaved, unsaved.isEmpty {
                    notify("the quiz log is free again: the kept answers are saved")
                    warnedUnsaved = false
                }
            } catch {
                let reason = (error as? any DescribedError)?.description ?? "\(error)"
                lastRefusal = reason
                if !warnedUnsaved {
                    notify("\(reason): your answer is kept in memory and tried again with the next one")
                    warnedUnsaved = true
                }
                return false
            }
        }
        return true
    }

    /// Closes the session in the log.
    @discardableResult
    public func finish() throws -> QuizSummary {
        if !finished {
            // A log locked past its 15 s wait is tried again: the answers and the end are not given up at the first refusal.
            var attempt = 0
            while !saveKeptAnswers(), attempt < 3 { attempt += 1 }
            var ended = false
            while !ended {
                do {
                    try store.endSession(sessionID, at: clock.now())
                    ended = true
                } catch  where attempt < 3 {
                    attempt += 1
                } catch {
                    lastRefusal = (error as? any DescribedError)?.description ?? "\(error)"
                    throw error
                }
            }
            finished = true
            if !unsaved.isEmpty {
                throw QuizError.answersLost(count: unsaved.count, log: store.path, reason: lastRefusal)
            }
        }
        return QuizSummary(
            asked: asked, correct: correct, total: total, passMark: passMark,
            recap: SessionRecap(rows: results.map(\.row)).lines)
    }
}

/// The words shown after an answer.
public enum QuizFeedback {
    /// `M6 major sixth: wide, weakly consonant, major`.
    public static func describe(_ interval: Interval) -> String {
        "\(interval.shortName) \(interval.name): \(interval.width.rawValue), \(interval.consonance.rawValue), \(interval.colour.rawValue)"
    }

    /// The error kinds of a wrong answer: `inverted`, `wrong width`, `one semitone`, or `other`.
    public static func errorKinds(_ mistake: IntervalMistake) -> [String] {
        ErrorClass.of(mistake).map(\.rawValue)
    }

    /// The feedback lines for an answer.
    public static func lines(_ result: AnswerResult) -> [String] {
        if result.isCorrect {
            return ["right: \(describe(result.question.interval))"]
        }
        return [
            "wrong: played \(describe(result.question.interval))",
            "       you said \(describe(result.recognized))",
            "       error: \(errorKinds(result.mistake).joined(separator: ", "))",
        ]
    }

    /// `Answer with one of m3 M3 P5 (or a degree 5).`: only the intervals being drilled.
    public static func answerPrompt(_ intervals: [Interval]) -> String {
        let degrees = intervals.compactMap { interval in
            AnswerParser.unambiguousDegrees.first { $0.value == interval.semitones }?.key
        }.sorted()
        return "Answer with " + (intervals.count == 1 ? "" : "one of ") + intervals.map(\.shortName).joined(separator: " ")
            + (degrees.isEmpty ? "" : " (or a degree \(degrees.map(String.init).joined(separator: " ")))") + "."
    }

    /// `Q3/10: melodic down, lower note E4, Acoustic Grand Piano`.
    public static func questionLine(_ question: Question, number: Int, total: Int) -> String {
        "Q\(number)/\(total): \(question.kind.name), lower note \(QuizSounds.noteName(question.root)), \(question.instrumentName)"
    }
}
