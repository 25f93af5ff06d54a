import Foundation
import JianpuAudio
import JianpuCore
import JianpuTestSupport
import Testing

@Suite("SoundFont locator")
struct SoundFontLocatorTests {
    /// A folder with the given (empty) files in it.
    private func folder(_ name: String, files: [String]) throws -> String {
        let path = temporaryPath(name)
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for file in files { FileManager.default.createFile(atPath: path + "/" + file, contents: Data()) }
        return path
    }

    @Test("order: --soundfont, $JIANPU_SOUNDFONT, default-GM.sf2, other .sf2 files")
    func order() throws {
        let system = try folder("sf2-system", files: ["b.sf2", "a.SF2", "default-GM.sf2", "notes.txt"])
        let mine = try folder("sf2-mine", files: ["mine.sf2", "env.sf2"])
        let environment = ["JIANPU_SOUNDFONT": mine + "/env.sf2"]
        #expect(try SoundFontLocator(environment: environment, systemFolder: system).locate(explicitPath: mine + "/mine.sf2") == mine + "/mine.sf2")
        #expect(try SoundFontLocator(environment: environment, systemFolder: system).locate() == mine + "/env.sf2")
        #expect(try SoundFontLocator(environment: [:], systemFolder: system).locate() == system + "/default-GM.sf2")
        let others = try folder("sf2-others", files: ["b.sf2", "a.SF2", "notes.txt"])
        #expect(try SoundFontLocator(environment: [:], systemFolder: others).locate() == others + "/a.SF2")
    }

    @Test("a given path that does not exist is an error naming it")
    func missing() throws {
        let locator = SoundFontLocator(environment: ["JIANPU_SOUNDFONT": "/nowhere/env.sf2"], systemFolder: "/nowhere")
        #expect(
            throws: AudioError(
                .soundFontMissing, "SoundFont /nowhere/x.sf2 (from --soundfont) does not exist; check the path, or leave --soundfont out to use the system SoundFont (Debian: fluid-soundfont-gm)")
        ) {
            try locator.locate(explicitPath: "/nowhere/x.sf2")
        }
        do {
            _ = try locator.locate()
            Issue.record("expected an error")
        } catch let error as AudioError {
            #expect(error.kind == .soundFontMissing)
            #expect(error.message.contains("/nowhere/env.sf2") && error.message.contains("JIANPU_SOUNDFONT"))
        }
    }

    @Test("nothing found: one line naming the Debian packages")
    func noneFound() throws {
        let empty = try folder("sf2-empty", files: ["readme.txt"])
        do {
            _ = try SoundFontLocator(environment: [:], systemFolder: empty).locate()
            Issue.record("expected an error")
        } catch let error as AudioError {
            #expect(error.kind == .soundFontNotFound)
            #expect(error.message.contains("fluid-soundfont-gm") && error.message.contains("timgm6mb-soundfont"))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test("a file that is not a SoundFont is a clear error from FluidSynth")
    func unreadable() throws {
        let path = temporaryPath("not-a-soundfont.sf2")
        try "hello".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try FluidSynth(soundFont: path)
            Issue.record("expected an error")
        } catch let error as AudioError {
            #expect(error.kind == .soundFontUnreadable)
            #expect(error.message.hasPrefix("cannot load SoundFont \(path)"))
            #expect(!error.message.contains("\n"))
        }
    }
}

@Suite("WAV writer")
struct WAVWriterTests {
    @Test("header sizes are fixed up at close; samples clip and round")
    func header() throws {
        let path = temporaryPath("writer.wav")
        let writer = try WAVWriter(path: path, sampleRate: 22_050)
        let samples: [Float] = [0, 0, 0.5, -0.5, 2, -2, 1, -1]
        try samples.withUnsafeBufferPointer { try writer.write(interleaved: #require($0.baseAddress), frames: 4) }
        try writer.close()
        try writer.close()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count == 44 + 16)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        #expect(u32(4) == 36 + 16)
        #expect(u32(24) == 22_050)
        #expect(u32(40) == 16)
        let wav = try WAVAudio(path: path)
        #expect(wav.frames == 4 && wav.channels == 2)
        #expect(wav.samples.map { ($0 * 32_768).rounded() } == [0, 0, 16_384, -16_384, 32_767, -32_767, 32_767, -32_767])
        #expect(writer.clippedSamples == 2)
    }

    @Test("an unwritable path is an error naming it")
    func unwritable() {
        #expect(throws: AudioError.self) { try WAVWriter(path: "/nowhere/x.wav", sampleRate: 44_100) }
    }
}

extension FluidSynthTests {
    @Test("two parts with their programs, tail stops once silent")
    func twoParts() throws {
        let soundFont = try #require(testSoundFont)
        let timeline = TestScores.triplets(bars: 2)
        let path = temporaryPath("two-parts.wav")
        let report = try OfflineRenderer(soundFontPath: soundFont, options: RenderOptions(sampleRate: 48_000, tailSeconds: 10)).render(timeline, to: path)
        let wav = try WAVAudio(path: path)
        #expect(wav.sampleRate == 48_000)
        // 4 s of music; the tail ends when silent, well before 10 s.
        #expect(report.audioSeconds > 4 && report.audioSeconds < 12)
        #expect(report.peak > 0.05 && report.clippedSamples == 0)
        print("two-part render \(report.audioSeconds) s at \(report.speed)×")
    }
}
