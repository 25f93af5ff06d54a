import Foundation
import Testing
@testable import JianpuChordPad

/// The package folder (two levels above this file).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
let releaseBinary = packageRoot + "/.build/release/chordpad"
let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")

@Suite("Pitch check")
struct PitchCheckTests {
    func tones(_ segments: [[Int]], seconds: Double, rate: Double = 44_100) -> PitchCheck.Audio {
        var samples = [Float](repeating: 0, count: Int(0.3 * rate))
        for notes in segments {
            for index in 0..<Int(seconds * rate) {
                let t = Double(index) / rate
                samples.append(Float(notes.reduce(0.0) { $0 + 0.1 * sin(2 * .pi * PitchCheck.frequency(ofMIDI: $1) * t) }))
            }
        }
        return PitchCheck.Audio(samples: samples, sampleRate: rate)
    }

    @Test("finds the notes of each segment and notices a chord left sounding")
    func check() {
        let good = PitchCheck.check(tones([[50, 54, 57], [57, 61, 64]], seconds: 1.5), segments: [[50, 54, 57], [57, 61, 64]], segmentSeconds: 1.5)
        #expect(good.allSatisfy { $0.passed }, "\(good.map(\.line))")
        let hanging = PitchCheck.check(tones([[50, 54, 57], [50, 54, 57, 61, 64]], seconds: 1.5), segments: [[50, 54, 57], [57, 61, 64]], segmentSeconds: 1.5)
        #expect(!hanging[1].passed)
        let missing = PitchCheck.check(tones([[50, 54]], seconds: 1.5), segments: [[50, 54, 57]], segmentSeconds: 1.5)
        #expect(!missing[0].passed)
    }
}

@Suite("chordpad in tmux", .enabled(if: hasTmux && FileManager.default.isExecutableFile(atPath: releaseBinary),
                                    "needs tmux and .build/release/chordpad (swift build -c release --product chordpad)"))
struct TmuxTests {
    @Test("I-V-vi-IV in D major and MIDI C E G from a FIFO, heard in the WAV and named on screen", .timeLimit(.minutes(2)))
    func script() throws {
        let output = try ProcessRunner.run("/bin/bash", [packageRoot + "/Tests/tmux/chordpad-test.sh", releaseBinary])
        print(output)
        #expect(output.contains("PASS: all chordpad tmux tests"), "\(output)")
        #expect(!output.contains("FAIL"), "\(output)")
    }
}

@Suite("Benchmark")
struct BenchmarkTests {
    @Test("key-to-synth latency is measured")
    func latency() {
        let report = ChordPadBenchmark.run(iterations: 200, pacedIterations: 20, printReport: false)
        #expect(report.samples > 100)
        #expect(report.pacedSamples > 10)
        #expect(report.p50 > 0 && report.p50 < 0.05)
        #expect(report.periodFrames == 64)
    }
}
