import Foundation

/// The magnitude spectrum of a stretch of audio, and the strength of notes in it.
public struct Spectrum: Sendable {
    public let magnitudes: [Double]
    public let binHertz: Double

    /// The spectrum of the first `windowLength` samples of `signal` (Hann-windowed), zero-padded to `size`,
    /// a power of two.
    public init(_ signal: ArraySlice<Float>, sampleRate: Int, windowLength: Int = 16_384, size: Int = 16_384) {
        let length = min(windowLength, signal.count, size)
        var real = [Double](repeating: 0, count: size), imaginary = [Double](repeating: 0, count: size)
        for (index, value) in signal.prefix(length).enumerated() {
            real[index] = Double(value) * (0.5 - 0.5 * cos(2 * .pi * Double(index) / Double(max(length - 1, 1))))
        }
        FFT.transform(&real, &imaginary)
        magnitudes = (0..<size / 2).map { (real[$0] * real[$0] + imaginary[$0] * imaginary[$0]).squareRoot() }
        binHertz = Double(sampleRate) / Double(size)
    }

    /// The frequency of a MIDI note (A4 = 69 = 440 Hz).
    public static func frequency(ofNote note: Int) -> Double { 440 * pow(2, Double(note - 69) / 12) }

    /// The largest magnitude within `semitones` of `hertz`.
    public func peak(near hertz: Double, within semitones: Double) -> Double {
        let low = Int(hertz * pow(2, -semitones / 12) / binHertz), high = Int(hertz * pow(2, semitones / 12) / binHertz) + 1
        guard max(low, 1) <= min(high, magnitudes.count - 1) else { return 0 }
        return magnitudes[max(low, 1)...min(high, magnitudes.count - 1)].max() ?? 0
    }

    /// The largest magnitude within a quarter tone of the MIDI note's fundamental.
    public func strength(ofNote note: Int) -> Double {
        peak(near: Self.frequency(ofNote: note), within: 0.5)
    }

    /// The MIDI note among `candidates` whose first five harmonics carry the most energy
    /// (each weighted by 1/harmonic, so that a note's octave below does not win).
    public func pitch(among candidates: ClosedRange<Int> = 36...96) -> Int? {
        var best: (note: Int, score: Double)?
        for note in candidates {
            let fundamental = Self.frequency(ofNote: note)
            let score = (1...5).reduce(0.0) { $0 + peak(near: fundamental * Double($1), within: 0.25) / Double($1) }
            if best.map({ score > $0.score }) ?? true { best = (note, score) }
        }
        return best?.note
    }
}
