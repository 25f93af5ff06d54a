import Foundation
import JianpuAudio

/// A rendered WAV as the analysis reads it.
typealias DecodedWAV = WAVAudio

/// Small, deliberately simple analysis used to check rendered audio.
enum AudioAnalysis {
    /// Sample indices where a new note starts: the energy of the signal's first difference (which
    /// favours the bright attack over the older notes' sustain) rises sharply.
    static func onsets(_ signal: [Float], sampleRate: Int, minimumGapSeconds: Double = 0.06) -> [Int] {
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
    static func align(_ template: [Float], in signal: [Float], near: Int, radius: Int) -> Int? {
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

    /// An in-place radix-2 FFT; `real.count` must be a power of two.
    static func fft(_ real: inout [Double], _ imaginary: inout [Double]) {
        let count = real.count
        var j = 0
        for i in 1..<count {
            var bit = count >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { real.swapAt(i, j); imaginary.swapAt(i, j) }
        }
        var length = 2
        while length <= count {
            let angle = -2 * Double.pi / Double(length)
            for start in stride(from: 0, to: count, by: length) {
                for k in 0..<(length / 2) {
                    let wr = cos(angle * Double(k)), wi = sin(angle * Double(k))
                    let a = start + k, b = a + length / 2
                    let tr = real[b] * wr - imaginary[b] * wi
                    let ti = real[b] * wi + imaginary[b] * wr
                    real[b] = real[a] - tr; imaginary[b] = imaginary[a] - ti
                    real[a] += tr; imaginary[a] += ti
                }
            }
            length <<= 1
        }
    }

    /// The MIDI note (36…96) whose harmonics carry the most energy in `signal[from..<from+length]`:
    /// a Hann-windowed, zero-padded FFT scored by a weighted harmonic sum.
    static func pitch(_ signal: [Float], sampleRate: Int, from: Int, length: Int = 8_192) -> Int? {
        let size = 32_768
        guard from >= 0, length <= size else { return nil }
        let available = min(length, signal.count - from)
        guard available > 1_024 else { return nil }
        var real = [Double](repeating: 0, count: size), imaginary = [Double](repeating: 0, count: size)
        for index in 0..<available {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(available - 1))
            real[index] = Double(signal[from + index]) * window
        }
        fft(&real, &imaginary)
        let magnitude = (0..<(size / 2)).map { (real[$0] * real[$0] + imaginary[$0] * imaginary[$0]).squareRoot() }
        let binHz = Double(sampleRate) / Double(size)
        func peak(near hz: Double) -> Double {
            let low = Int(hz * pow(2, -0.25 / 12) / binHz), high = Int(hz * pow(2, 0.25 / 12) / binHz) + 1
            guard high < magnitude.count else { return 0 }
            return magnitude[max(low, 1)...high].max() ?? 0
        }
        var best: (midi: Int, score: Double)?
        for midi in 36...96 {
            let f0 = 440 * pow(2, Double(midi - 69) / 12)
            var score = 0.0
            for harmonic in 1...5 { score += peak(near: f0 * Double(harmonic)) / Double(harmonic) }
            if best.map({ score > $0.score }) ?? true { best = (midi, score) }
        }
        return best?.midi
    }

    /// The nearest MIDI note number to a frequency.
    static func midiNote(forHz hz: Double) -> Int {
        Int((69 + 12 * log2(hz / 440)).rounded())
    }
}
