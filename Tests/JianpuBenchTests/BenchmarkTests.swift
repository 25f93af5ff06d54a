import JianpuAudio
import Testing

@testable import jianpu_bench

@Suite("Benchmarks")
struct BenchmarkTests {
    @Test("chord pad key-to-synth latency is measured")
    func latency() {
        let report = ChordPadBenchmark.run(iterations: 200, pacedIterations: 20, printReport: false)
        #expect(report.samples > 100)
        #expect(report.pacedSamples > 10)
        #expect(report.p50 > 0 && report.p50 < 0.05)
        #expect(report.periodFrames == 64)
    }

    @Test("the render benchmark renders the synthetic score and times the first frame")
    func render() throws {
        let soundFont = try #require(try? SoundFontLocator().locate(), "needs a SoundFont (Debian: fluid-soundfont-gm)")
        let result = try RenderBenchmark.run(timeline: RenderBenchmark.syntheticScore(bars: 8), soundFontPath: soundFont)
        #expect(result.firstFrameSeconds < 10 && result.speed > 1, "\(result)")
        #expect(result.notes > 0)
    }
}
