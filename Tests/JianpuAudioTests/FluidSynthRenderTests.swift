import AudioAnalysis
import Foundation
import JianpuAudio
import JianpuCore
import JianpuPerformance
import JianpuTestSupport
import Subprocesses
import Testing

/// The system SoundFont, if this machine has one (tests needing it are skipped otherwise).
let testSoundFont: String? = try? SoundFontLocator(environment: [:]).locate()

/// A fresh path in the temporary folder.
func temporaryPath(_ name: String) -> String {
    ScratchFolder.root + "/" + name
}

/// One note rendered alone by a fresh FluidSynth, starting at frame 0 (mono).
func isolatedNote(
    soundFont: String, key: Int, velocity: UInt8, program: UInt8 = 0, frames: Int = 2_048,
    sampleRate: Double = 44_100, gain: Float = 0.5
) throws -> [Float] {
    let synth = try FluidSynth(soundFont: soundFont, sampleRate: sampleRate, gain: gain)
    synth.send(.programChange(channel: 0, program: program))
    synth.send(.noteOn(channel: 0, key: UInt8(key), velocity: velocity))
    var buffer = [Float](repeating: 0, count: frames * 2)
    buffer.withUnsafeMutableBufferPointer { pointer in
        if let base = pointer.baseAddress { synth.render(frames: frames, into: base) }
    }
    return (0..<frames).map { (buffer[2 * $0] + buffer[2 * $0 + 1]) / 2 }
}

/// Checks that `wav` holds exactly the notes of a single-voice piano `timeline`: right pitches, onsets within 2 ms.
///
/// Onsets are found blind by energy rise (which sees the soft piano attack 1–3 ms late, so it is only
/// checked to 6 ms); each is then pinned to the sample by aligning the same note rendered alone, and that
/// onset must be within 2 ms of the Timeline's. Pitches come from an FFT harmonic sum.
/// Returns each note's onset error in frames (aligned onset − exact onset).
@discardableResult
func expectNotes(
    of timeline: Timeline, in wav: WAVAudio, soundFont: String, startingAt offsetSeconds: Double = 0,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> [Int] {
    var errors: [Int] = []
    let mono = wav.mono
    let rate = wav.sampleRate
    let detected = AudioAnalysis.onsets(mono, sampleRate: rate)
    let expected = timeline.notes.map { timeline.tempoMap.seconds(at: $0.onset) + offsetSeconds }
    #expect(detected.count == expected.count, "detected onsets at \(detected.map { Double($0) / Double(rate) })", sourceLocation: sourceLocation)
    var templates: [Int: [Float]] = [:]
    for (index, note) in timeline.notes.enumerated() where index < detected.count {
        let coarse = Double(detected[index]) / Double(rate)
        #expect(abs(coarse - expected[index]) <= 0.006, "note \(index) (\(note.pitch)): energy rises at \(coarse) s, expected \(expected[index]) s", sourceLocation: sourceLocation)
        let key = note.pitch.midiNumber
        if templates[key] == nil {
            templates[key] = try isolatedNote(soundFont: soundFont, key: key, velocity: note.velocity, sampleRate: Double(rate))
        }
        let template = templates[key] ?? []
        let aligned = AudioAnalysis.align(template, in: mono, near: Int(expected[index] * Double(rate)), radius: Int(0.01 * Double(rate)))
        let onset = aligned.map { Double($0) / Double(rate) } ?? -1
        errors.append((aligned ?? -1) - Int((expected[index] * Double(rate)).rounded()))
        #expect(abs(onset - expected[index]) <= 0.002, "note \(index) (\(note.pitch)) starts at \(onset) s, expected \(expected[index]) s", sourceLocation: sourceLocation)
        let heard = AudioAnalysis.pitch(mono, sampleRate: rate, from: detected[index] + Int(0.03 * Double(rate)))
        #expect(heard == key, "note \(index): heard MIDI \(heard ?? -1), expected \(note.pitch)", sourceLocation: sourceLocation)
    }
    return errors
}

/// Every test that makes real sound, one at a time (two cores; the paced test measures wall-clock time).
@Suite("FluidSynth", .serialized, .enabled(if: Prerequisite.met(testSoundFont != nil), "no SoundFont installed (Debian: fluid-soundfont-gm)"))
struct FluidSynthTests {
    @Test("offline render: every pitch right and every onset within 2 ms")
    func offlineRender() throws {
        let soundFont = try #require(testSoundFont)
        let path = temporaryPath("offline.wav")
        var fractions: [Double] = []
        let timeline = TestScores.arpeggioAndTriplet
        let report = try OfflineRenderer(soundFontPath: soundFont).render(timeline, to: path) { fractions.append($0) }
        let wav = try WAVAudio(path: path)
        #expect(wav.sampleRate == 44_100 && wav.channels == 2)
        #expect(wav.frames == report.frames)
        // The music lasts 4 s; the tail adds at most 1.5 s.
        #expect(report.frames > 4 * 44_100 && report.frames <= Int(5.5 * 44_100))
        #expect(report.speed > 1, "rendered at \(report.speed)× real time")
        #expect(fractions.first == 0 && fractions.last == 1)
        #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 <= $1 })
        let errors = try expectNotes(of: timeline, in: wav, soundFont: soundFont)
        // FluidSynth's 64-frame blocks: each note sounds from the block boundary nearest its exact frame.
        #expect(errors.allSatisfy { abs($0) <= 32 }, "onset errors in frames: \(errors)")
    }
}
