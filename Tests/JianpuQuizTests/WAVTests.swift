import AudioAnalysis
import Foundation
import JianpuAudio
import JianpuCore
import JianpuTestSupport
import Subprocesses
import Testing

@testable import JianpuPractice
@testable import JianpuQuiz

@Suite(.enabled(if: Prerequisite.met(Support.soundFont != nil), "needs a General MIDI SoundFont"))
struct WAVTests {
    /// A seeded session into a `--fast` WAV, every answer right; returns the rows and the samples.
    static func render(interval: Interval, seed: UInt64, questions: Int) throws -> ([AnswerRow], WAVAudio) {
        let folder = Support.temporaryFolder()
        let store = try PracticeLog(path: folder + "/quiz.sqlite")
        let settings = QuizSettings(intervals: [interval], octaves: [4], kinds: PlaybackKind.allCases, programs: [0], questions: questions)
        let drill = QuizDrill(settings: settings, store: store, clock: SteppingClock(start: Date(timeIntervalSince1970: 0), step: 1), seed: seed)
        let audio = try PromptPlayer(output: .fastWAV(path: folder + "/quiz.wav"), soundFont: Support.soundFont)
        let events = AnswerEventQueue()
        events.push(lines: Array(repeating: interval.shortName, count: questions))
        _ = try PlainQuiz(drill: drill, audio: audio, events: events, write: { _ in }).run()
        try audio.close()
        return (try store.answers(), try WAVAudio(path: folder + "/quiz.wav"))
    }

    @Test(arguments: [Interval.perfectFifth, .minorSixth, .majorSecond])
    func wavHoldsThePitchesInOrder(interval: Interval) throws {
        let (rows, wav) = try Self.render(interval: interval, seed: 11, questions: 6)
        #expect(rows.count == 6)
        #expect(Set(rows.map(\.playbackType)).count >= 2)
        let questionFrames = PromptPlayer.fastFrames(for: QuizSounds.timeline(for: Question(root: 60, interval: interval, kind: .harmonic, program: 0)))
        let samples = wav.mono
        #expect(samples.count >= 6 * questionFrames)
        let rate = wav.sampleRate
        for (index, row) in rows.enumerated() {
            let start = index * questionFrames
            let early = Spectrum(samples[(start + rate / 10)...], sampleRate: rate)
            let late = Spectrum(samples[(start + rate * 95 / 100)...], sampleRate: rate)
            let first = row.firstNote, second = row.secondNote
            let context = "question \(index + 1): \(row.playbackType.rawValue) \(first)→\(second)"
            switch row.playbackType {
            case .harmonic:
                // Both notes sound together from the start.
                let both = min(early.strength(ofNote: first), early.strength(ofNote: second))
                let neighbours = [first - 1, second + 1].filter { $0 != first && $0 != second }.map(early.strength(ofNote:)).max() ?? 0
                #expect(both > 3 * neighbours, "\(context): both pitches at once")
            case .melodicUp, .melodicDown:
                #expect(early.strength(ofNote: first) > 3 * early.strength(ofNote: second), "\(context): first note first")
                #expect(late.strength(ofNote: second) > 3 * late.strength(ofNote: first), "\(context): second note second")
            }
            if row.playbackType == .melodicUp { #expect(first < second) }
            if row.playbackType == .melodicDown { #expect(first > second) }
        }
    }
}
