import Foundation
import JianpuCore
import JianpuPerformance
import JianpuTestSupport
import Testing

@testable import JianpuAudio

extension TestScores {
    /// One minute at ♩=120: 120 crotchets, a scale up and down.
    static var oneMinute: Timeline {
        let scale = [60, 62, 64, 65, 67, 69, 71, 72]
        let notes = (0..<120).map { note(WholeNotes(Int64($0), 4), .quarter, scale[$0 % 8]) }
        return Timeline(
            parts: melodyOnly, notes: notes, tempoMap: TempoMap(quarterNotesPerMinute: 120),
            barStarts: (0..<30).map { WholeNotes(Int64($0)) }, length: WholeNotes(30))
    }
}

extension FluidSynthTests {
    @Test("a one-minute score through the paced sink ends within 2 ms of 60 s (no drift)")
    func oneMinutePaced() throws {
        let soundFont = try #require(testSoundFont)
        let timeline = TestScores.oneMinute
        #expect(timeline.durationSeconds == 60)
        // One late final wake-up on a loaded machine is jitter, not drift: drift would miss every run.
        var report: AudioOutput.Report?
        for _ in 0..<2 {
            let engine = try PlaybackEngine(timeline: timeline, synth: try FluidSynth(soundFont: soundFont), tailSeconds: 0)
            let run = try AudioOutput(.pacedWAV(path: temporaryPath("one-minute.wav"), periodFrames: 256), source: engine, sampleRate: 44_100).finish()
            report = run
            if abs(run.wallSeconds - 60) <= 0.002 { break }
        }
        let final = try #require(report)
        #expect(final.frames == 60 * 44_100)
        #expect(abs(final.wallSeconds - 60) <= 0.002, "took \(final.wallSeconds) s")
        let errors = try expectNotes(of: timeline, in: WAVAudio(path: temporaryPath("one-minute.wav")), soundFont: soundFont)
        #expect(errors.allSatisfy { abs($0) <= 32 }, "onset errors in frames: \(errors)")
    }

    @Test("a one-minute score through the recording synthesizer puts its last note-off at exactly 60 s")
    func oneMinuteExact() throws {
        let synth = RecordingSynthesizer(sampleRate: 44_100)
        let engine = try PlaybackEngine(timeline: TestScores.oneMinute, synth: synth, tailSeconds: 0)
        var left = [Float](repeating: 0, count: 4_096), right = left
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                guard let lb = l.baseAddress, let rb = r.baseAddress else { return }
                while !engine.isFinished { engine.process(frames: 4_096, into: .planar(left: lb, right: rb)) }
            }
        }
        let offs = synth.events.filter { if case .noteOff = $0.message { true } else { false } }
        #expect(offs.count == 120)
        #expect(offs.last?.frame == 60 * 44_100)
    }
}
