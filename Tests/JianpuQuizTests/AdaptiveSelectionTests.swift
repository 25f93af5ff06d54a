import Foundation
import JianpuCore
import Testing

@testable import JianpuPractice
@testable import JianpuQuiz

@Suite struct AdaptiveSelectionTests {
    /// Asks 200 questions of a simulated learner; returns how often each interval was asked.
    static func simulate(seed: UInt64, answers: (Interval) -> Interval) -> [Interval: Int] {
        simulateWithSelector(seed: seed, answers: answers).0
    }

    static func simulateWithSelector(seed: UInt64, answers: (Interval) -> Interval) -> ([Interval: Int], AdaptiveSelector) {
        var random = SeededRandom(seed: seed)
        var selector = AdaptiveSelector(intervals: Interval.simpleIntervals, kinds: PlaybackKind.allCases)
        var counts: [Interval: Int] = [:]
        for _ in 0..<200 {
            let (interval, kind) = selector.choose(using: &random)
            counts[interval, default: 0] += 1
            let answer = answers(interval)
            selector.record(AnswerSummary(played: interval, kind: kind, correct: answer == interval, responseMilliseconds: 1_500))
        }
        return (counts, selector)
    }

    @Test func confusedLearnerGetsTheConfusedIntervalsMoreOften() {
        let (counts, selector) = Self.simulateWithSelector(seed: 2026) { interval in
            interval == .minorSixth ? .majorSixth : interval == .majorSixth ? .minorSixth : interval
        }
        let others = Interval.simpleIntervals.filter { $0 != .minorSixth && $0 != .majorSixth }
        let otherMean = Double(others.map { counts[$0] ?? 0 }.reduce(0, +)) / Double(others.count)
        #expect(Double(counts[.minorSixth] ?? 0) >= 2 * otherMean, "m6 \(counts[.minorSixth] ?? 0) vs others' mean \(otherMean)")
        #expect(Double(counts[.majorSixth] ?? 0) >= 2 * otherMean, "M6 \(counts[.majorSixth] ?? 0) vs others' mean \(otherMean)")
        // And after the 200 answers each of the two is at least twice as likely as any other interval.
        let probabilities = Dictionary(uniqueKeysWithValues: zip(selector.intervals, selector.intervalWeights.map(\.probability)))
        let highestOther = others.map { probabilities[$0] ?? 0 }.max() ?? 0
        #expect((probabilities[.minorSixth] ?? 0) >= 2 * highestOther)
        #expect((probabilities[.majorSixth] ?? 0) >= 2 * highestOther)
        print("confused learner: counts \(Interval.simpleIntervals.map { "\($0.shortName)=\(counts[$0] ?? 0)" }.joined(separator: " "))")
    }

    @Test func perfectLearnerGetsAnEvenSpread() {
        let counts = Self.simulate(seed: 2026) { $0 }
        let expected = 200.0 / 13
        let chiSquare = Interval.simpleIntervals.map { pow(Double(counts[$0] ?? 0) - expected, 2) / expected }.reduce(0, +)
        // 12 degrees of freedom: 26.2 is the 1 % critical value.
        #expect(chiSquare < 26.2, "chi-square \(chiSquare), counts \(counts)")
        print("perfect learner: chi-square \(chiSquare), counts \(Interval.simpleIntervals.map { "\($0.shortName)=\(counts[$0] ?? 0)" }.joined(separator: " "))")
        #expect(Interval.simpleIntervals.allSatisfy { (counts[$0] ?? 0) >= 5 })
    }

    @Test func freshUserIsEven() {
        let selector = AdaptiveSelector(intervals: Interval.simpleIntervals, kinds: PlaybackKind.allCases)
        let weights = selector.intervalWeights.map(\.weight)
        #expect(Set(weights).count == 1)
        #expect(abs(selector.intervalWeights[0].probability - 1.0 / 13) < 1e-9)
    }

    @Test func slowAnswersWeighMore() {
        var history: [AnswerSummary] = []
        for _ in 0..<5 {
            history.append(AnswerSummary(played: .perfectFifth, kind: .harmonic, correct: true, responseMilliseconds: 6_000))
            history.append(AnswerSummary(played: .perfectFourth, kind: .harmonic, correct: true, responseMilliseconds: 1_000))
        }
        let selector = AdaptiveSelector(intervals: [.perfectFourth, .perfectFifth], kinds: [.harmonic], history: history)
        let weights = selector.intervalWeights
        #expect(weights[1].weight > weights[0].weight * 1.5)
        let explanation = selector.explanation(interval: .perfectFifth, kind: .harmonic)
        #expect(explanation[0].hasPrefix("why: interval P5 w="))
        #expect(explanation[0].contains("slowness"))
    }

    @Test func missedKindsComeMoreOften() {
        var history: [AnswerSummary] = []
        for _ in 0..<10 {
            history.append(AnswerSummary(played: .majorThird, kind: .melodicDown, correct: false, responseMilliseconds: 1_000))
            history.append(AnswerSummary(played: .majorThird, kind: .harmonic, correct: true, responseMilliseconds: 1_000))
        }
        let selector = AdaptiveSelector(intervals: [.majorThird], kinds: PlaybackKind.allCases, history: history)
        let kinds = selector.kindWeights
        #expect(kinds[2].weight > 2 * kinds[0].weight)
    }
}
