import Foundation

/// A decoded 16-bit PCM WAV file.
struct DecodedWAV {
    var sampleRate: Int
    var channels: Int
    /// Interleaved samples scaled to −1…1.
    var samples: [Float]
    var frames: Int { samples.count / max(channels, 1) }

    /// The channels averaged to one.
    var mono: [Float] {
        guard channels > 1 else { return samples }
        var out = [Float](repeating: 0, count: frames)
        for frame in 0..<frames {
            var sum: Float = 0
            for channel in 0..<channels { sum += samples[frame * channels + channel] }
            out[frame] = sum / Float(channels)
        }
        return out
    }

    struct Invalid: Error, CustomStringConvertible { var description: String }

    init(sampleRate: Int, channels: Int, samples: [Float]) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.samples = samples
    }

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 44, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
              String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE" else { throw Invalid(description: "\(path) is not a WAV file") }
        var offset = 12
        var rate = 0, channels = 0, bits = 0
        var samples: [Float] = []
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = u32(offset + 4)
            let body = offset + 8
            if id == "fmt " {
                channels = u16(body + 2); rate = u32(body + 4); bits = u16(body + 14)
            } else if id == "data" {
                guard bits == 16 else { throw Invalid(description: "expected 16-bit PCM, got \(bits)") }
                let end = min(body + size, bytes.count)
                samples.reserveCapacity((end - body) / 2)
                var at = body
                while at + 1 < end {
                    samples.append(Float(Int16(bitPattern: UInt16(u16(at)))) / 32768)
                    at += 2
                }
                guard body + size == bytes.count || body + size + 1 == bytes.count || size < bytes.count else {
                    throw Invalid(description: "data chunk size \(size) does not match the file")
                }
            }
            offset = body + size + (size & 1)
        }
        self.init(sampleRate: rate, channels: channels, samples: samples)
    }
}

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
        var index = behind
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

    /// The fundamental frequency of `signal[from..<from+length]` by the YIN difference function, or nil.
    static func frequency(_ signal: [Float], sampleRate: Int, from: Int, length: Int = 2_048,
                          minHz: Double = 60, maxHz: Double = 1_500) -> Double? {
        let maxLag = Int(Double(sampleRate) / minHz)
        let minLag = max(2, Int(Double(sampleRate) / maxHz))
        guard from >= 0, from + length + maxLag <= signal.count else { return nil }
        var difference = [Double](repeating: 0, count: maxLag + 1)
        for lag in 1...maxLag {
            var sum = 0.0
            for index in from..<(from + length) {
                let delta = Double(signal[index] - signal[index + lag])
                sum += delta * delta
            }
            difference[lag] = sum
        }
        // Cumulative mean normalised difference.
        var normalised = [Double](repeating: 1, count: maxLag + 1)
        var running = 0.0
        for lag in 1...maxLag {
            running += difference[lag]
            normalised[lag] = running > 0 ? difference[lag] * Double(lag) / running : 1
        }
        var best: Int?
        var lag = minLag
        while lag < maxLag {
            if normalised[lag] < 0.15 {
                while lag + 1 < maxLag, normalised[lag + 1] < normalised[lag] { lag += 1 }
                best = lag
                break
            }
            lag += 1
        }
        if best == nil {
            best = (minLag..<maxLag).min { normalised[$0] < normalised[$1] }
        }
        guard let tau = best, tau > minLag, tau < maxLag else { return nil }
        let a = normalised[tau - 1], b = normalised[tau], c = normalised[tau + 1]
        let denominator = a - 2 * b + c
        let shift = denominator != 0 ? 0.5 * (a - c) / denominator : 0
        return Double(sampleRate) / (Double(tau) + shift)
    }

    /// The nearest MIDI note number to a frequency.
    static func midiNote(forHz hz: Double) -> Int {
        Int((69 + 12 * log2(hz / 440)).rounded())
    }
}
