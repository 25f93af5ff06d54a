import Foundation
import JianpuAudio

/// Checks a recorded WAV for the pitches expected in consecutive segments (the test of the chord pad
/// in tmux): energy at each expected note's fundamental, and none at the notes of the segment before
/// that are not in this one (the previous chord was stopped).
public enum PitchCheck {
    /// A mono signal and its sample rate.
    public struct Audio: Sendable {
        public var samples: [Float]
        public var sampleRate: Double
    }

    /// Reads a 16-bit PCM WAV (mono or stereo; channels are mixed).
    public static func readWAV(path: String) throws -> Audio {
        do {
            let wav = try WAVAudio(path: path)
            return Audio(samples: wav.mono, sampleRate: Double(wav.sampleRate))
        } catch {
            throw ChordPadError(error.message)
        }
    }

    /// The frequency of a MIDI note (A4 = 69 = 440 Hz).
    public static func frequency(ofMIDI note: Int) -> Double { 440 * pow(2, Double(note - 69) / 12) }

    /// Power at `frequency` over `count` samples from `start` (Hann window, Goertzel).
    public static func power(_ audio: Audio, at frequency: Double, start: Int, count: Int) -> Double {
        let begin = max(0, min(start, audio.samples.count))
        let end = min(audio.samples.count, begin + count)
        let n = end - begin
        guard n > 1 else { return 0 }
        let omega = 2 * Double.pi * frequency / audio.sampleRate
        let coefficient = 2 * cos(omega)
        var s1 = 0.0, s2 = 0.0
        for index in 0..<n {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(n - 1))
            let s0 = Double(audio.samples[begin + index]) * window + coefficient * s1 - s2
            s2 = s1
            s1 = s0
        }
        return (s1 * s1 + s2 * s2 - coefficient * s1 * s2) / Double(n * n)
    }

    /// Whether MIDI note `note` lies within 30 cents of the 2nd to 8th harmonic of `base`.
    public static func isHarmonic(_ note: Int, of base: Int) -> Bool {
        (2...8).contains { harmonic in
            abs(Double(note - base) - 12 * log2(Double(harmonic))) < 0.3
        }
    }

    /// The first sample louder than `threshold`, or nil for silence.
    public static func onset(_ audio: Audio, threshold: Float = 0.01) -> Int? {
        audio.samples.firstIndex { abs($0) > threshold }
    }

    /// The result of checking one segment.
    public struct SegmentResult: Sendable {
        public var index: Int
        public var expected: [Int]
        public var stopped: [Int]
        /// Level of each expected note relative to the segment's loudest expected note, in dB.
        public var expectedLevels: [Double]
        /// Level of each stopped note (of the previous segment, not in this one), in dB, same reference.
        public var stoppedLevels: [Double]
        /// The loudest of the off-chord semitones (not expected, not stopped) in the same octaves, in dB.
        public var passed: Bool
        public var line: String
    }

    /// Checks `segments` (MIDI notes each) sounding one after another, `segmentSeconds` apart from the first
    /// onset, analysing each from `skip` seconds after its start for `window` seconds.
    /// A note is present when within `presentDB` of the loudest expected note; a stopped note must be at least
    /// `stoppedDB` below it.
    public static func check(_ audio: Audio, segments: [[Int]], segmentSeconds: Double, skip: Double = 0.45, window: Double = 0.6,
                             presentDB: Double = -30, stoppedDB: Double = -25) -> [SegmentResult] {
        guard let first = onset(audio) else {
            return [SegmentResult(index: 0, expected: [], stopped: [], expectedLevels: [], stoppedLevels: [], passed: false, line: "FAIL: the WAV is silent")]
        }
        var results: [SegmentResult] = []
        for (index, expected) in segments.enumerated() {
            let start = first + Int(((Double(index) * segmentSeconds) + skip) * audio.sampleRate)
            let count = Int(window * audio.sampleRate)
            let previous = index > 0 ? segments[index - 1] : []
            // A note of the previous chord counts as stopped unless it is a harmonic (2nd–8th) of a note
            // still sounding (B4 in a chord with B3 is B3's octave, not a leftover).
            let stopped = previous.filter { note in
                !expected.contains(note) && !expected.contains { isHarmonic(note, of: $0) }
            }
            let powers = expected.map { power(audio, at: frequency(ofMIDI: $0), start: start, count: count) }
            let reference = max(powers.max() ?? 0, 1e-20)
            let db = { (value: Double) in 10 * log10(max(value, 1e-20) / reference) }
            let expectedLevels = powers.map(db)
            let stoppedLevels = stopped.map { db(power(audio, at: frequency(ofMIDI: $0), start: start, count: count)) }
            let enoughSound = start + count <= audio.samples.count && reference > 1e-9
            let passed = enoughSound && expectedLevels.allSatisfy { $0 >= presentDB } && stoppedLevels.allSatisfy { $0 <= stoppedDB }
            let format = { (values: [Double]) in values.map { String(Int($0.rounded())) }.joined(separator: ",") }
            let line = "\(passed ? "PASS" : "FAIL"): segment \(index + 1) notes \(expected.map(String.init).joined(separator: ",")) at [\(format(expectedLevels))] dB"
                + (stopped.isEmpty ? "" : "; stopped \(stopped.map(String.init).joined(separator: ",")) at [\(format(stoppedLevels))] dB")
                + (enoughSound ? "" : " (segment missing or silent)")
            results.append(SegmentResult(index: index, expected: expected, stopped: stopped, expectedLevels: expectedLevels,
                                         stoppedLevels: stoppedLevels, passed: passed, line: line))
        }
        return results
    }
}
