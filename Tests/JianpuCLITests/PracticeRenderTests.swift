import AudioAnalysis
import Foundation
import JianpuTestSupport
import Subprocesses
import Testing

/// `jianpu render` with the practice options, checked by listening to the WAV: onsets, pitches, spectra.
@Suite("render practice options", .serialized)
struct PracticeRenderTests {
    /// One whole note a bar at ♩=120 (a bar is 2 s): C5 D5 E5 F5 over a held F#3 in part 2.
    static let score = """
        1=C
        4/4
        4=120
        1' - - - | 2' - - - | 3' - - - | 4' - - - |
        NextPart
        #4, - - - | #4, - - - | #4, - - - | #4, - - - |
        """

    static func scoreFile(_ text: String = score) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("practice-\(UUID().uuidString).jp")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Renders `text` with `options` and reads the WAV back.
    static func render(_ options: [String], score text: String = score, name: String = "out.wav") throws -> WAVAudio {
        let file = try scoreFile(text)
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("practice-\(UUID().uuidString)-\(name)")
        defer { try? FileManager.default.removeItem(at: file); try? FileManager.default.removeItem(at: wav) }
        let run = try CommandLineTests.run(["render", file.path, "-o", wav.path] + options)
        try #require(run.status == 0, "render failed: \(run.errors)")
        return try WAVAudio(path: wav.path)
    }

    /// The pitch heard `seconds` into the audio.
    static func pitch(_ wav: WAVAudio, at seconds: Double, among candidates: ClosedRange<Int> = 60...84) -> Int? {
        let from = Int(seconds * Double(wav.sampleRate))
        return Spectrum(wav.mono[from...], sampleRate: wav.sampleRate, windowLength: 8_192, size: 32_768).pitch(among: candidates)
    }

    @Test("--count-in 2 in 3/4 at ♩=120: six clicks half a second apart, then the music on the seventh beat")
    func countInClicksFollowTheMeter() throws {
        let wav = try Self.render(["--count-in", "2"], score: "3/4\n4=120\n5' - - | 5' - - |")
        let onsets = AudioAnalysis.onsets(wav.mono, sampleRate: wav.sampleRate, minimumGapSeconds: 0.2).map { Double($0) / Double(wav.sampleRate) }
        try #require(onsets.count >= 7, "onsets: \(onsets)")
        for (index, expected) in [0, 0.5, 1, 1.5, 2, 2.5, 3].enumerated() {
            #expect(abs(onsets[index] - expected) < 0.01, "onset \(index) at \(onsets[index]) s, expected \(expected) s")
        }
        #expect(Self.pitch(wav, at: 3.1) == 79)
        // With the melody muted only the clicks are left: six, and nothing from 3 s on.
        let clicks = try Self.render(["--count-in", "2", "--mute", "melody"], score: "3/4\n4=120\n5' - - | 5' - - |")
        let alone = AudioAnalysis.onsets(clicks.mono, sampleRate: clicks.sampleRate, minimumGapSeconds: 0.2).map { Double($0) / Double(clicks.sampleRate) }
        #expect(alone.count == 6, "\(alone)")
    }

    @Test("--loop 2-3 --loop-times 2 plays D E D E, a bar each")
    func loopRepeatsTheRightBars() throws {
        let wav = try Self.render(["--loop", "2-3", "--loop-times", "2", "--mute", "2"])
        let heard = (0..<4).map { Self.pitch(wav, at: Double($0) * 2 + 0.3) }
        #expect(heard == [74, 76, 74, 76])
        // Four bars of 2 s and the release tail: no fifth bar.
        #expect(Double(wav.frames) / Double(wav.sampleRate) < 9.6)
    }

    @Test("--mute 2 takes the accompaniment's F#3 out of the spectrum; --solo 2 keeps only it")
    func mutedPartIsAbsent() throws {
        let both = try Self.render([])
        let muted = try Self.render(["--mute", "2"])
        let solo = try Self.render(["--solo", "accompaniment"])
        func strength(_ wav: WAVAudio, _ note: Int) -> Double {
            Spectrum(wav.mono[Int(0.5 * Double(wav.sampleRate))...], sampleRate: wav.sampleRate, windowLength: 16_384, size: 32_768).strength(ofNote: note)
        }
        #expect(strength(muted, 54) < strength(both, 54) / 20)
        #expect(strength(muted, 72) > strength(both, 72) / 2)
        #expect(strength(solo, 72) < strength(both, 72) / 20)
        #expect(strength(solo, 54) > strength(both, 54) / 2)
    }

    @Test("--transpose +2 and --key D move every detected pitch up two semitones", arguments: [["--transpose", "+2"], ["--key", "D"], ["--transpose", "-10", "--transpose", "2"]])
    func transpositionMovesEveryPitch(option: [String]) throws {
        let written = try Self.render(["--mute", "2"])
        let moved = try Self.render(["--mute", "2"] + option)
        for bar in 0..<4 {
            let before = try #require(Self.pitch(written, at: Double(bar) * 2 + 0.3))
            #expect(Self.pitch(moved, at: Double(bar) * 2 + 0.3) == before + 2, "bar \(bar + 1)")
        }
    }

    @Test("--tempo-steps 120:240:120 plays the passage twice, the second time twice as fast")
    func tempoStepsSpeedUp() throws {
        let wav = try Self.render(["--loop", "1", "--tempo-steps", "120:240:120", "--mute", "2"])
        // Bar 1 at ♩=120 (2 s), then at ♩=240 (1 s): 3 s of music and the tail.
        let seconds = Double(wav.frames) / Double(wav.sampleRate)
        #expect(seconds > 3 && seconds < 4.6, "\(seconds) s")
        let onsets = AudioAnalysis.onsets(wav.mono, sampleRate: wav.sampleRate, minimumGapSeconds: 0.3).map { Double($0) / Double(wav.sampleRate) }
        #expect(onsets.count == 2 && abs((onsets.last ?? 0) - 2) < 0.01, "onsets \(onsets)")
    }

    @Test(
        "practice options that do not fit the score are refused before anything is written",
        arguments: [
            (["--loop", "7-9"], "there is no bar 7 to loop from: the score has bars 1 to 4"),
            (["--mute", "flute"], "there is no part flute: the parts are 1 melody, 2 accompaniment"),
            (["--loop", "5-1"], "--loop must be printed bars FIRST-LAST"),
            (["--tempo-steps", "100:60:5"], "--tempo-steps must be FROM:TO:STEP"),
            (["--transpose", "2", "--key", "D"], "give --transpose or --key, not both"),
            (["--loop", "2", "--from", "1"], "--loop gives the bars to play"),
            (["--volume", "2=300"], "--volume '2=300' must be PART=PERCENT"),
            (["--program", "2=Kazooo"], "is not a General MIDI program"),
        ])
    func badPracticeOptions(options: [String], message: String) throws {
        let file = try Self.scoreFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("never-\(UUID().uuidString).wav")
        let run = try CommandLineTests.run(["render", file.path, "-o", wav.path] + options)
        #expect(run.status != 0)
        #expect(run.errors.contains(message), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: wav.path))
    }
}
