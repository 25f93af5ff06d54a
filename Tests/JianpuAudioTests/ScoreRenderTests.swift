import AudioAnalysis
import Foundation
import JianpuCore
import JianpuNotation
import JianpuPerformance
import JianpuTestSupport
import Subprocesses
import Testing

@testable import JianpuAudio

extension FluidSynthTests {
    /// The package's own folder, for the scores it ships.
    static let packageRoot = PackageFolder.root

    @Test("the demo score's melody, parsed and rendered, has every pitch right and every onset within 2 ms")
    func demoScoreMelody() throws {
        let soundFont = try #require(testSoundFont)
        let outcome = ScoreLoader.load(path: Self.packageRoot.appendingPathComponent("Scores/bjehp.jp").path)
        let score = try #require(outcome.score)
        #expect(!outcome.diagnostics.contains { $0.severity == .error })
        // The melody of the first eight bars: one voice, so every onset can be told apart.
        var timeline = try #require(Flattener.exportedTimelines(of: score).first)
        let end = timeline.barStarts[8]
        timeline.notes = timeline.notes.filter { $0.part == 0 && $0.onset < end }
        timeline.length = end
        #expect(timeline.notes.count == 22)
        let path = temporaryPath("bjehp-melody.wav")
        try OfflineRenderer(soundFontPath: soundFont).render(timeline, to: path)
        let wav = try WAVAudio(path: path)
        let mono = wav.mono, rate = wav.sampleRate
        // Legato notes overlap in their release, so each onset is found by aligning the same
        // note rendered alone near where the Timeline puts it, and its pitch read just after.
        for (index, note) in timeline.notes.enumerated() {
            let expected = Int((timeline.tempoMap.seconds(at: note.onset) * Double(rate)).rounded())
            let template = try isolatedNote(soundFont: soundFont, key: note.pitch.midiNumber, velocity: note.velocity)
            let onset = try #require(AudioAnalysis.align(template, in: mono, near: expected, radius: rate / 100))
            #expect(abs(onset - expected) <= rate / 500, "note \(index) (\(note.pitch)) starts \(onset - expected) frames off")
            let heard = AudioAnalysis.pitch(mono, sampleRate: rate, from: onset + rate / 50, length: 4_096)
            #expect(heard == note.pitch.midiNumber, "note \(index): heard MIDI \(heard ?? -1), expected \(note.pitch)")
        }
    }
}
