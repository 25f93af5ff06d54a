import Foundation
import JianpuAudio
import JianpuChordPad
import JianpuCore
import JianpuTerminal
import Synchronization

/// Measures the chord pad's input latency: from a key byte arriving to its note-on reaching the
/// synthesizer (decode → `ChordPad` → `PlaybackEngine.playNow` → the audio callback issuing it).
enum ChordPadBenchmark {
    /// What a run measured. Times in seconds.
    public struct Report: Sendable, CustomStringConvertible {
        /// Key byte → note-on issued, with the audio callback run right after the key (no buffering wait).
        public var p50: Double
        public var p99: Double
        public var max: Double
        /// The same with a paced audio thread calling the engine every period: includes waiting for the
        /// next callback (at most one period).
        public var pacedP50: Double
        public var pacedP99: Double
        public var samples: Int
        public var pacedSamples: Int
        /// The audio period used: frames per callback and seconds.
        public var periodFrames: Int
        public var sampleRate: Double
        public var periodSeconds: Double { Double(periodFrames) / sampleRate }
        /// Whether p99 (without buffering) is under the 2 ms target.
        public var meetsTarget: Bool { p99 < 0.002 }

        public var description: String {
            func ms(_ value: Double) -> String { String(format: "%.3f ms", value * 1000) }
            return """
                chordpad key-to-synth latency (\(samples) keys): p50 \(ms(p50)), p99 \(ms(p99)), max \(ms(max)) \
                — target p99 < 2 ms excluding audio buffering: \(meetsTarget ? "met" : "NOT met")
                with a paced audio thread (\(pacedSamples) keys, includes waiting for the next period): p50 \(ms(pacedP50)), p99 \(ms(pacedP99))
                audio period: \(periodFrames) frames at \(Int(sampleRate)) Hz = \(ms(periodSeconds)) (FluidSynth's ALSA default period-size is 64; --out uses 256)
                """
        }
    }

    /// A synthesizer that renders silence and timestamps every note-on (on the audio thread).
    final class TimestampSynth: Synthesizer, @unchecked Sendable {
        let sampleRate: Double
        let blockSize = 64
        private(set) var framesRendered = 0
        let lastNoteOn = Atomic<Int64>(0)
        let noteOns = Atomic<Int>(0)
        init(sampleRate: Double) { self.sampleRate = sampleRate }
        func send(_ message: MIDIMessage) {
            guard case .noteOn = message else { return }
            lastNoteOn.store(nanoseconds(), ordering: .releasing)
            noteOns.add(1, ordering: .releasing)
        }
        func render(frames: Int, into output: StereoOutput) {
            for index in 0..<frames {
                output.left[index * output.stride] = 0
                output.right[index * output.stride] = 0
            }
            framesRendered += frames
        }
    }

    static let clock = ContinuousClock()
    static let origin = clock.now

    /// Nanoseconds since the benchmark's origin on the continuous clock.
    static func nanoseconds() -> Int64 {
        let (seconds, attoseconds) = (clock.now - origin).components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    /// Runs the benchmark and prints its report (unless `printReport` is false).
    ///
    /// - Parameters:
    ///   - iterations: key presses measured with the callback run at once.
    ///   - pacedIterations: key presses measured against a paced audio thread.
    ///   - periodFrames: the audio period (frames per callback).
    @discardableResult
    public static func run(
        iterations: Int = 2_000, pacedIterations: Int = 300, periodFrames: Int = 64,
        sampleRate: Double = 44_100, printReport: Bool = true
    ) -> Report {
        let keys: [UInt8] = Array("zxcvbnmwertyuio1234567asdf".utf8)
        let left = UnsafeMutablePointer<Float>.allocate(capacity: periodFrames)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: periodFrames)
        defer { left.deallocate(); right.deallocate() }
        let output = StereoOutput.planar(left: left, right: right)

        // 1. The callback right after the key: decode, pad, playNow, process.
        var latencies: [Double] = []
        do {
            let synth = TimestampSynth(sampleRate: sampleRate)
            let engine = try! PlaybackEngine(timeline: ChordPadSession.silentTimeline(), synth: synth, tailSeconds: 0)
            var pad = ChordPad(tunings: Tuning.standard, releaseMode: .noteLength(0.5))
            var decoder = KeyDecoder()
            var padTime = 0.0
            latencies.reserveCapacity(iterations)
            for index in 0..<(iterations + 50) {
                let byte = keys[index % keys.count]
                padTime += 1  // each press a second after the last: no auto-repeat guard, earlier notes expired
                let before = synth.noteOns.load(ordering: .acquiring)
                let start = nanoseconds()
                for event in decoder.events(from: [byte]) {
                    ChordPadSession.apply(pad.handle(.key(event), at: padTime), to: engine)
                }
                engine.process(frames: periodFrames, into: output)
                guard synth.noteOns.load(ordering: .acquiring) > before else { continue }
                if index >= 50 { latencies.append(Double(synth.lastNoteOn.load(ordering: .acquiring) - start) / 1e9) }  // 50 warm-up presses
            }
        }

        // 2. A paced audio thread, as a sound card would call it.
        var paced: [Double] = []
        do {
            let synth = TimestampSynth(sampleRate: sampleRate)
            let engine = try! PlaybackEngine(timeline: ChordPadSession.silentTimeline(), synth: synth, tailSeconds: 0)
            let running = Atomic<Bool>(true)
            let audio = Thread {
                let l = UnsafeMutablePointer<Float>.allocate(capacity: periodFrames)
                let r = UnsafeMutablePointer<Float>.allocate(capacity: periodFrames)
                defer { l.deallocate(); r.deallocate() }
                let out = StereoOutput.planar(left: l, right: r)
                let start = nanoseconds()
                var periods: Int64 = 0
                while running.load(ordering: .acquiring) {
                    let deadline = start + periods * Int64(Double(periodFrames) * 1e9 / sampleRate)
                    let wait = deadline - nanoseconds()
                    if wait > 0 { Thread.sleep(forTimeInterval: Double(wait) / 1e9) }
                    engine.process(frames: periodFrames, into: out)
                    periods += 1
                }
            }
            audio.start()
            var pad = ChordPad(tunings: Tuning.standard, releaseMode: .noteLength(0.5))
            var decoder = KeyDecoder()
            var padTime = 0.0
            var generator = SystemRandomNumberGenerator()
            for index in 0..<pacedIterations {
                usleep(UInt32(1_000 + Int.random(in: 0..<2_000, using: &generator)))
                let byte = keys[index % keys.count]
                padTime += 1
                let before = synth.noteOns.load(ordering: .acquiring)
                let start = nanoseconds()
                for event in decoder.events(from: [byte]) {
                    ChordPadSession.apply(pad.handle(.key(event), at: padTime), to: engine)
                }
                var waited = 0
                while synth.noteOns.load(ordering: .acquiring) == before, waited < 200_000 { waited += 1; sched_yield() }
                guard synth.noteOns.load(ordering: .acquiring) > before else { continue }
                paced.append(Double(synth.lastNoteOn.load(ordering: .acquiring) - start) / 1e9)
            }
            running.store(false, ordering: .releasing)
            usleep(10_000)
        }

        latencies.sort()
        paced.sort()
        let report = Report(
            p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies.last ?? 0,
            pacedP50: percentile(paced, 0.5), pacedP99: percentile(paced, 0.99),
            samples: latencies.count, pacedSamples: paced.count, periodFrames: periodFrames, sampleRate: sampleRate)
        if printReport { print(report) }
        return report
    }
}
