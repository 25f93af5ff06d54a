import Foundation
import JianpuAudio
import Subprocesses
import Testing

@testable import JianpuChordPad

/// The package folder (two levels above this file).
let packageRoot = PackageFolder.root.path
let chordpadProgram = PackageFolder.program("chordpad")
let hasTmux = Subprocess.which("tmux") != nil

/// The ears of the tmux test (`Tests/tmux/check-pitches.py`), checked on tones of known pitch.
@Suite("Pitch check")
struct PitchCheckTests {
    /// A WAV of chords (MIDI notes) `seconds` each, after 0.3 s of silence; its path.
    func tones(_ segments: [[Int]], seconds: Double, rate: Int = 44_100) throws -> String {
        var samples = [Float](repeating: 0, count: rate * 3 / 10)
        for notes in segments {
            for index in 0..<Int(seconds * Double(rate)) {
                let t = Double(index) / Double(rate)
                samples.append(Float(notes.reduce(0.0) { $0 + 0.1 * sin(2 * .pi * 440 * pow(2, Double($1 - 69) / 12) * t) }))
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pitch-check-\(UUID().uuidString).wav").path
        let writer = try WAVWriter(path: path, sampleRate: rate, channels: 1)
        try samples.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            try writer.write(interleaved: base, frames: buffer.count)
        }
        try writer.close()
        return path
    }

    func check(_ path: String, expect: String) throws -> String {
        try ProcessRunner.run("/usr/bin/env", ["python3", packageRoot + "/Tests/tmux/check-pitches.py", path, "--expect", expect, "--segment-seconds", "1.5"])
    }

    @Test("finds the notes of each segment and notices a chord left sounding or a note missing")
    func check() throws {
        let good = try check(tones([[50, 54, 57], [57, 61, 64]], seconds: 1.5), expect: "50,54,57/57,61,64")
        #expect(good.contains("PASS: segment 2") && !good.contains("FAIL"), "\(good)")
        let hanging = try check(tones([[50, 54, 57], [50, 54, 57, 61, 64]], seconds: 1.5), expect: "50,54,57/57,61,64")
        #expect(hanging.contains("FAIL: segment 2"), "\(hanging)")
        let missing = try check(tones([[50, 54]], seconds: 1.5), expect: "50,54,57")
        #expect(missing.contains("FAIL: segment 1"), "\(missing)")
    }
}

@Suite("chordpad in tmux", .enabled(if: Prerequisite.met(hasTmux), "needs tmux"))
struct TmuxTests {
    @Test("I-V-vi-IV in D major and MIDI C E G from a FIFO, heard in the WAV and named on screen", .timeLimit(.minutes(6)))
    func script() throws {
        let output = try ProcessRunner.run("/bin/bash", [packageRoot + "/Tests/tmux/chordpad-test.sh", chordpadProgram])
        print(output)
        #expect(output.contains("PASS: all chordpad tmux tests"), "\(output)")
        #expect(!output.contains("FAIL"), "\(output)")
    }
}
