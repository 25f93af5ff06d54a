import Foundation
import JianpuAudio
import JianpuCore
import Testing
@testable import JianpuQuiz

/// Mono samples of a 16-bit PCM WAV.
struct MonoWAV {
    var sampleRate: Int
    var samples: [Float]

    init(path: String) throws {
        let wav = try WAVAudio(path: path)
        sampleRate = wav.sampleRate
        samples = wav.mono
    }
}

/// A radix-2 FFT's magnitudes, and the strength of a pitch in them.
struct Spectrum {
    let magnitudes: [Double]
    let binHertz: Double

    init(_ signal: ArraySlice<Float>, sampleRate: Int) {
        let n = 16_384
        var re = [Double](repeating: 0, count: n), im = [Double](repeating: 0, count: n)
        for (i, value) in signal.prefix(n).enumerated() {
            re[i] = Double(value) * (0.5 - 0.5 * cos(2 * .pi * Double(i) / Double(n - 1)))
        }
        // Bit reversal.
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { re.swapAt(i, j); im.swapAt(i, j) }
        }
        var length = 2
        while length <= n {
            let angle = -2 * Double.pi / Double(length)
            for start in stride(from: 0, to: n, by: length) {
                for k in 0..<length / 2 {
                    let wr = cos(angle * Double(k)), wi = sin(angle * Double(k))
                    let a = start + k, b = a + length / 2
                    let tr = re[b] * wr - im[b] * wi, ti = re[b] * wi + im[b] * wr
                    re[b] = re[a] - tr; im[b] = im[a] - ti
                    re[a] += tr; im[a] += ti
                }
            }
            length <<= 1
        }
        magnitudes = (0..<n / 2).map { (re[$0] * re[$0] + im[$0] * im[$0]).squareRoot() }
        binHertz = Double(sampleRate) / Double(n)
    }

    /// The largest magnitude within a quarter tone of the MIDI note's fundamental.
    func strength(ofNote note: Int) -> Double {
        let frequency = 440 * pow(2, Double(note - 69) / 12)
        let low = Int(frequency * pow(2, -0.5 / 12) / binHertz), high = Int(frequency * pow(2, 0.5 / 12) / binHertz) + 1
        return magnitudes[max(low, 1)...min(high, magnitudes.count - 1)].max() ?? 0
    }
}

@Suite(.enabled(if: Support.soundFont != nil, "needs a General MIDI SoundFont"))
struct WAVTests {
    /// A seeded session into a `--fast` WAV, every answer right; returns the rows and the samples.
    static func render(interval: Interval, seed: UInt64, questions: Int) throws -> ([AnswerRow], MonoWAV) {
        let folder = Support.temporaryFolder()
        let store = try QuizStore(path: folder + "/quiz.sqlite")
        let settings = QuizSettings(intervals: [interval], octaves: [4], kinds: PlaybackKind.allCases, programs: [0], questions: questions)
        let drill = QuizDrill(settings: settings, store: store, clock: SteppingClock(start: Date(timeIntervalSince1970: 0), step: 1), seed: seed)
        let audio = try QuizAudio(output: .fastWAV(path: folder + "/quiz.wav"), soundFont: Support.soundFont)
        let events = QuizEventQueue()
        events.push(lines: Array(repeating: interval.shortName, count: questions))
        _ = try PlainQuiz(drill: drill, audio: audio, events: events, write: { _ in }).run()
        try audio.close()
        return (try store.answers(), try MonoWAV(path: folder + "/quiz.wav"))
    }

    @Test(arguments: [Interval.perfectFifth, .minorSixth, .majorSecond])
    func wavHoldsThePitchesInOrder(interval: Interval) throws {
        let (rows, wav) = try Self.render(interval: interval, seed: 11, questions: 6)
        #expect(rows.count == 6)
        #expect(Set(rows.map(\.playbackType)).count >= 2)
        let questionFrames = QuizAudio.fastFrames(for: QuizSounds.timeline(for: Question(root: 60, interval: interval, kind: .harmonic, program: 0)))
        #expect(wav.samples.count >= 6 * questionFrames)
        let rate = wav.sampleRate
        for (index, row) in rows.enumerated() {
            let start = index * questionFrames
            let early = Spectrum(wav.samples[(start + rate / 10)...], sampleRate: rate)
            let late = Spectrum(wav.samples[(start + rate * 95 / 100)...], sampleRate: rate)
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
