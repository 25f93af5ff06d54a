import Foundation

/// Small, deliberately simple analysis used to check rendered audio: onsets, alignment, pitch.
public enum AudioAnalysis {
    /// Sample indices where a new note starts: the energy of the signal's first difference (which
    /// favours the bright attack over the older notes' sustain) rises sharply.
    public static func onsets(_ signal: [Float], sampleRate: Int, minimumGapSeconds: Double = 0.06) -> [Int] {
        let count = signal.count
        guard count > 1024 else { return [] }
        var diff = [Float](repeating: 0, count: count)
        for index in 1..<count { diff[index] = signal[index] - signal[index - 1] }
        // Prefix sums of squared differences: energy of any window in O(1).
        var prefix = [Double](repeating: 0, count: count + 1)
        for index in 0..<count { prefix[index + 1] = prefix[index] + Double(diff[index] * diff[index]) }
        func energy(_ from: Int, _ to: Int) -> Double {
            let a = max(0, min(from, count)), b = max(0, min(to, count))
            return b > a ? (prefix[b] - prefix[a]) / Double(b - a) : 0
        }
        let globalPeak = stride(from: 0, to: count - 256, by: 64).map { energy($0, $0 + 256) }.max() ?? 0
        let floor = globalPeak * 1e-4
        let ahead = 128, behind = 1024
        let gap = Int(minimumGapSeconds * Double(sampleRate))
        var result: [Int] = []
        var index = 0
        while index < count - ahead {
            let after = energy(index, index + ahead)
            let before = energy(index - behind, index)
            if after > floor, after > 6 * before + floor * 0.1 {
                // Refine: the first sample whose difference stands clearly above the noise before it.
                let noise = sqrt(before)
                var start = index
                let peak = (index..<min(count, index + ahead)).map { abs(Double(diff[$0])) }.max() ?? 0
                let threshold = max(4 * noise, 0.1 * peak)
                for candidate in max(1, index - ahead)..<min(count, index + ahead) where abs(Double(diff[candidate])) > threshold {
                    start = candidate
                    break
                }
                result.append(start)
                index = start + gap
            } else {
                index += 8
            }
        }
        return result
    }

    /// Where `template` (a note rendered alone, starting at its index 0) sits in `signal` near `near`:
    /// the shift within ±`radius` samples that minimises the squared difference over the template.
    public static func align(_ template: [Float], in signal: [Float], near: Int, radius: Int) -> Int? {
        var best: (shift: Int, error: Double)?
        for shift in max(0, near - radius)...max(0, near + radius) where shift + template.count <= signal.count {
            var error = 0.0
            for index in template.indices {
                let delta = Double(signal[shift + index] - template[index])
                error += delta * delta
                if let current = best, error >= current.error { break }
            }
            if best.map({ error < $0.error }) ?? true { best = (shift, error) }
        }
        return best?.shift
    }

    /// The MIDI note (36…96) whose harmonics carry the most energy in `signal[from..<from+length]`:
    /// a Hann-windowed spectrum zero-padded to 32,768 points, scored by a weighted harmonic sum.
    public static func pitch(_ signal: [Float], sampleRate: Int, from: Int, length: Int = 8_192) -> Int? {
        guard from >= 0, length <= 32_768, min(length, signal.count - from) > 1_024 else { return nil }
        return Spectrum(signal[from...], sampleRate: sampleRate, windowLength: length, size: 32_768).pitch()
    }

    /// The nearest MIDI note number to a frequency.
    public static func midiNote(forHz hz: Double) -> Int {
        Int((69 + 12 * log2(hz / 440)).rounded())
    }
}
