import Foundation
import JianpuCore
import Testing

@testable import JianpuPractice
@testable import JianpuQuiz

/// A scripted learner who always misses one interval: the session must bring it back often and soon.
@Suite struct SpacedRepetitionTests {
    struct Figure { var share: Double; var longestGap: Int; var count: Int }

    /// Share of the questions after the first miss that ask the missed interval, and the longest gap
    /// (questions from one asking to the next).
    static func figure(_ asked: [Interval], missed: Interval) -> Figure {
        let positions = asked.indices.filter { asked[$0] == missed }
        guard let first = positions.first else { return Figure(share: 0, longestGap: asked.count, count: 0) }
        let following = asked.count - first - 1
        let gaps = zip(positions.dropFirst(), positions).map { $0 - $1 } + [asked.count - (positions.last ?? 0)]
        return Figure(share: Double(positions.count - 1) / Double(max(following, 1)), longestGap: gaps.max() ?? 0, count: positions.count)
    }

    /// Runs a real drill (SQLite log, seeded) of `questions` answers; the learner answers `missed` as `heardAs`.
    static func session(seed: UInt64, missed: Interval, heardAs: Interval, questions: Int = 200) throws -> ([Interval], QuizDrill) {
        let store = try PracticeLog(path: Support.temporaryFolder() + "/learner.sqlite")
        let settings = QuizSettings(intervals: Interval.simpleIntervals, questions: questions)
        let drill = QuizDrill(settings: settings, store: store, clock: SteppingClock(start: ScriptedSessionTests.start, step: 1.5), seed: seed)
        try drill.start()
        var asked: [Interval] = []
        while let question = drill.nextQuestion() {
            drill.markPlayed()
            asked.append(question.interval)
            let answer = question.interval == missed ? heardAs : question.interval
            _ = try drill.answer(answer, note: question.root + answer.semitones)
        }
        try drill.finish()
        return (asked, drill)
    }

    @Test(arguments: [1, 7, 42, 2026] as [UInt64])
    func alwaysMissedIntervalComesBackInAThirdOfQuestionsAndWithinSix(seed: UInt64) throws {
        let (asked, drill) = try Self.session(seed: seed, missed: .minorSixth, heardAs: .majorSixth)
        let figure = Self.figure(asked, missed: .minorSixth)
        print("spaced repetition, seed \(seed): m6 in \(Int((figure.share * 100).rounded()))% of the following questions, longest gap \(figure.longestGap)")
        #expect(figure.share >= 0.30, "m6 came back in \(figure.share) of the following questions")
        #expect(figure.longestGap <= 6, "m6 came back after \(figure.longestGap) questions")
        #expect(drill.explanation.first?.hasPrefix("why: interval ") == true)
    }

    @Test(arguments: [1, 7, 42, 2026] as [UInt64])
    func theAdaptiveWeightsAloneWereNotEnough(seed: UInt64) {
        // The figure before the review schedule: the selector's weights alone.
        var random = SeededRandom(seed: seed)
        var selector = AdaptiveSelector(intervals: Interval.simpleIntervals, kinds: PlaybackKind.allCases)
        var asked: [Interval] = []
        for _ in 0..<200 {
            let (interval, kind) = selector.choose(using: &random)
            asked.append(interval)
            selector.record(AnswerSummary(played: interval, kind: kind, correct: interval != .minorSixth, responseMilliseconds: 1_500))
        }
        let figure = Self.figure(asked, missed: .minorSixth)
        print("weights alone, seed \(seed): m6 in \(Int((figure.share * 100).rounded()))%, longest gap \(figure.longestGap)")
        #expect(figure.share < 0.30 || figure.longestGap > 6)
    }

    @Test func anIntervalRightTwiceInARowRecedes() {
        var schedule = ReviewSchedule()
        schedule.record(.perfectFifth, correct: false, number: 1)
        #expect(schedule.due(at: 3, among: [.perfectFifth]) == nil)
        #expect(schedule.due(at: 4, among: [.perfectFifth])?.interval == .perfectFifth)
        schedule.record(.perfectFifth, correct: true, number: 4)
        #expect(schedule.due(at: 8, among: [.perfectFifth]) == nil)
        #expect(schedule.due(at: 9, among: [.perfectFifth])?.streak == 1)
        schedule.record(.perfectFifth, correct: false, number: 10)
        #expect(schedule.due(at: 13, among: [.perfectFifth])?.streak == 0, "a miss starts the streak again")
        schedule.record(.perfectFifth, correct: true, number: 13)
        schedule.record(.perfectFifth, correct: true, number: 18)
        #expect(schedule.items.isEmpty)
        #expect(ReviewSchedule.explanation(.init(interval: .minorSixth, streak: 0, dueAt: 1)).hasPrefix("why: interval m6 "))
    }
}
