import Foundation
import JianpuAudio
import JianpuCore
import JianpuPerformance
import JianpuTestSupport
import Subprocesses
import Testing

@Suite("Playback engine commands")
struct PlaybackEngineTests {
    private func run(_ engine: PlaybackEngine, frames: Int, chunk: Int = 512) {
        var left = [Float](repeating: 0, count: chunk), right = left
        var done = 0
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                guard let lb = l.baseAddress, let rb = r.baseAddress else { return }
                while done < frames {
                    let n = min(chunk, frames - done)
                    engine.process(frames: n, into: .planar(left: lb, right: rb))
                    done += n
                }
            }
        }
    }

    @Test("pause, seek and a tempo change act on the audio side at the right frame")
    func commands() throws {
        let synth = RecordingSynthesizer()
        let engine = try PlaybackEngine(timeline: TestScores.triplets(bars: 8), synth: synth, tailSeconds: 0)
        run(engine, frames: 44_100)  // 1 s: half of bar 1
        #expect(engine.currentFrame == 44_100)
        #expect(abs(engine.currentPosition - 0.5) < 1e-9)
        engine.pause()
        run(engine, frames: 10_000)
        #expect(engine.isPaused && engine.currentFrame == 44_100)
        engine.resume()
        engine.seek(toBar: PlayedBarIndex(2))  // the third bar
        run(engine, frames: 512)
        #expect(engine.currentBar == PlayedBarIndex(2))
        #expect(engine.currentFrame == 176_400 + 512)
        // Twice as fast from here: the score position is kept, frames now count at ♩=240.
        let before = engine.currentPosition
        try engine.setTempoFactor(2)
        run(engine, frames: 22_050)  // 0.5 s at ♩=240 is a half note
        #expect(abs(engine.currentPosition - (before + 0.5)) < 1e-4)
        let ons = synth.events.filter { if case .noteOn = $0.message { true } else { false } }
        // After the tempo change quaver triplets come every 1/12 whole note = 1/12 s = 3675 frames.
        let late = ons.filter { $0.frame > synth.framesRendered - 22_050 }.map(\.frame)
        let gaps = zip(late, late.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
        #expect(gaps.allSatisfy { $0 == 3_675 }, "gaps \(gaps)")
        engine.stop()
        run(engine, frames: 64)
        #expect(engine.isFinished)
        #expect(throws: AudioError.self) { try engine.setTempoFactor(-1) }
    }

    @Test("events sent with playNow are issued at the start of the next buffer")
    func immediate() throws {
        let synth = RecordingSynthesizer()
        let engine = try PlaybackEngine(timeline: TestScores.arpeggioAndTriplet, synth: synth)
        run(engine, frames: 1_000)
        engine.playNow(.noteOn(channel: 3, key: 50, velocity: 80))
        engine.playNow(.noteOff(channel: 3, key: 50))
        run(engine, frames: 512)
        let sent = synth.events.filter { $0.message == .noteOn(channel: 3, key: 50, velocity: 80) || $0.message == .noteOff(channel: 3, key: 50) }
        #expect(sent.map(\.frame) == [1_000, 1_000])
    }

    @Test("the engine finishes after the music and its tail")
    func finishes() throws {
        let engine = try PlaybackEngine(timeline: TestScores.arpeggioAndTriplet, synth: RecordingSynthesizer(), tailSeconds: 0.5)
        #expect(engine.remainingFrames == 4 * 44_100 + 22_050)
        run(engine, frames: 4 * 44_100)
        #expect(!engine.isFinished)
        run(engine, frames: 22_050)
        #expect(engine.isFinished)
        #expect(engine.callbackCount > 0)
    }

    @Test("commands reach a running audio thread: pause holds, tempo ×2 halves the rest")
    func commandsAcrossThreads() throws {
        let synth = RecordingSynthesizer()
        // 8 bars of quaver triplets at ♩=120: 16 s; paced, so this test takes about 2.5 s.
        let engine = try PlaybackEngine(timeline: TestScores.triplets(bars: 8), synth: synth, tailSeconds: 0)
        let sink = try AudioOutput(.pacedWAV(path: temporaryPath("threads.wav"), periodFrames: 128), source: engine, sampleRate: 44_100)
        sink.start()
        engine.seek(toBar: PlayedBarIndex(6))  // the seventh bar: 4 s left
        usleep(500_000)
        engine.pause()
        usleep(100_000)
        let held = engine.currentFrame
        #expect(engine.isPaused)
        usleep(300_000)
        #expect(engine.currentFrame == held)
        try engine.setTempoFactor(2)  // what is left now lasts half as long
        engine.resume()
        let report = try sink.finish()
        #expect(engine.isFinished)
        // 0.6 s played, ≥ 0.3 s paused, the remaining ≈ 3.4 s at double speed ≈ 1.7 s.
        #expect(report.wallSeconds > 2.4 && report.wallSeconds < 3.2, "took \(report.wallSeconds) s")
        let lastOn = synth.events.last { if case .noteOn = $0.message { true } else { false } }
        #expect(lastOn != nil)
    }

    @Test("the SPSC ring hands over every element in order across threads")
    func ring() async throws {
        let ring = SPSCRing<Int>(capacity: 8)
        let total = 100_000
        let producer = Task.detached {
            var next = 0
            while next < total { if ring.push(next) { next += 1 } else { await Task.yield() } }
        }
        var expected = 0
        var ordered = true
        while expected < total {
            if let value = ring.pop() {
                if value != expected { ordered = false }
                expected += 1
            } else {
                await Task.yield()
            }
        }
        await producer.value
        #expect(ordered)
        #expect(ring.pop() == nil)
    }
}

extension FluidSynthTests {
    @Test("paced WAV sink: same audio as the offline render, and a 5 s score lasts 5 s (±2 ms)")
    func pacedSink() throws {
        let soundFont = try #require(testSoundFont)
        let timeline = TestScores.fiveSeconds
        let offlinePath = temporaryPath("paced-reference.wav")
        var options = RenderOptions()
        options.tailSeconds = 0
        try OfflineRenderer(soundFontPath: soundFont, options: options).render(timeline, to: offlinePath)

        let pacedPath = temporaryPath("paced.wav")
        // The end is the last wake-up: one late wake-up on a loaded machine (other builds, parallel tests)
        // is scheduler jitter, not drift — drift would miss every time, so up to three runs are allowed.
        var lastReport: AudioOutput.Report?
        for _ in 0..<3 {
            let synth = try FluidSynth(soundFont: soundFont, sampleRate: 44_100, gain: 0.5)
            let engine = try PlaybackEngine(timeline: timeline, synth: synth, tailSeconds: 0)
            let run = try AudioOutput(.pacedWAV(path: pacedPath, periodFrames: 256), source: engine, sampleRate: 44_100).finish()
            lastReport = run
            if abs(run.wallSeconds - 5) <= 0.002 { break }
        }
        let report = try #require(lastReport)
        #expect(report.frames == 5 * 44_100)
        #expect(abs(report.wallSeconds - 5) <= 0.002, "took \(report.wallSeconds) s")
        // A busy machine may wake the thread late now and then; deadlines are absolute, so lateness never adds up.
        #expect(report.maxLatenessSeconds < 0.25, "a period started \(report.maxLatenessSeconds) s late")

        let paced = try WAVAudio(path: pacedPath)
        let offline = try WAVAudio(path: offlinePath)
        #expect(paced.frames == offline.frames)
        let differences = zip(paced.samples, offline.samples).map { abs($0 - $1) }
        #expect((differences.max() ?? 1) <= 2.0 / 32_768, "the paced audio differs from the offline render")
        let errors = try expectNotes(of: timeline, in: paced, soundFont: soundFont)
        #expect(errors.allSatisfy { abs($0) <= 32 }, "onset errors in frames: \(errors)")
    }

    @Test(
        "ALSA driver with our callback, through a file plugin over a null device",
        .enabled(if: Prerequisite.met(FileManager.default.fileExists(atPath: "/usr/share/alsa/alsa.conf")), "no /usr/share/alsa/alsa.conf (Debian: libasound2-data)"))
    func alsaFilePlugin() throws {
        let soundFont = try #require(testSoundFont)
        let system = try String(contentsOfFile: "/usr/share/alsa/alsa.conf", encoding: .utf8)
        let raw = temporaryPath("alsa.raw")
        let config = temporaryPath("alsa-test.conf")
        try? FileManager.default.removeItem(atPath: raw)
        let definition = "\npcm.!default {\n type file\n slave.pcm \"null\"\n file \"\(raw)\"\n format \"raw\"\n}\n"
        try (system + definition).write(toFile: config, atomically: true, encoding: .utf8)
        setenv("ALSA_CONFIG_PATH", config, 1)
        defer { unsetenv("ALSA_CONFIG_PATH") }

        let timeline = TestScores.arpeggioAndTriplet
        let synth = try FluidSynth(soundFont: soundFont, sampleRate: 44_100, gain: 0.5)
        let engine = try PlaybackEngine(timeline: timeline, synth: synth, tailSeconds: 0.2)
        let output = try AudioOutput(.device(), source: engine, sampleRate: 44_100)
        let deadline = Date().addingTimeInterval(60)
        while !engine.isFinished, Date() < deadline { usleep(5_000) }
        try output.finish()
        #expect(engine.isFinished)
        #expect(engine.callbackCount > 100)

        let bytes = try Data(contentsOf: URL(fileURLWithPath: raw))
        #expect(bytes.count >= Int(4.2 * 44_100) * 4, "the file plugin captured \(bytes.count) bytes")
        // FluidSynth's ALSA driver writes 16-bit samples; take as much as the engine rendered.
        let frames = min(bytes.count / 4, engine.framesRendered)
        let samples: [Float] = bytes.withUnsafeBytes { buffer in
            (0..<(frames * 2)).map { Float(Int16(littleEndian: buffer.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self))) / 32_768 }
        }
        let errors = try expectNotes(of: timeline, in: WAVAudio(sampleRate: 44_100, channels: 2, samples: samples), soundFont: soundFont)
        #expect(errors.allSatisfy { abs($0) <= 32 }, "onset errors in frames: \(errors)")
    }

    @Test("no sound device is a one-line error whose fix the program can replace (jianpu play's is checked in CommandLineTests)")
    func noDevice() throws {
        let soundFont = try #require(testSoundFont)
        let synth = try FluidSynth(soundFont: soundFont)
        let engine = try PlaybackEngine(timeline: TestScores.arpeggioAndTriplet, synth: synth)
        do {
            _ = try AudioOutput(.device(device: "hw:7,0"), source: engine, sampleRate: 44_100)
            Issue.record("opening hw:7,0 should fail on this machine")
        } catch let error as AudioError {
            #expect(error.kind == .noSoundDevice)
            #expect(error.message.hasPrefix("no sound device"))
            #expect(error.description.contains("--out x.wav"))
            #expect(error.with(fix: "use jianpu render").description.hasSuffix("; use jianpu render"))
            #expect(!error.description.contains("\n"))
            print("no-device message: \(error.description)")
        }
    }

    @Test("an audio driver FluidSynth does not have is named as such, with the ones it has")
    func unknownDriver() throws {
        let engine = try PlaybackEngine(timeline: TestScores.arpeggioAndTriplet, synth: RecordingSynthesizer())
        do {
            _ = try AudioOutput(.device(driver: "pulse"), source: engine, sampleRate: 44_100)
            Issue.record("pulse is not a FluidSynth driver name")
        } catch let error as AudioError {
            #expect(error.kind == .unknownDriver)
            #expect(error.description.contains("unknown audio driver 'pulse'"))
            #expect(error.description.contains("alsa"))
        }
    }

    @Test("a paced WAV whose writes fail ends by itself and reports the failure")
    func pacedFailure() throws {
        let engine = try PlaybackEngine(timeline: TestScores.oneMinute, synth: RecordingSynthesizer(), tailSeconds: 0)
        // Refusing /dev/full at once is as good as failing at the first write.
        guard let output = try? AudioOutput(.pacedWAV(path: "/dev/full"), source: engine, sampleRate: 44_100) else { return }
        output.start()
        let deadline = Date().addingTimeInterval(10)
        while !output.hasEnded, Date() < deadline { usleep(10_000) }
        #expect(output.hasEnded, "the paced output kept running after its writes failed")
        #expect(throws: AudioError.self) { try output.finish() }
    }
}
