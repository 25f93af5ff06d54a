import Foundation
import JianpuAudio

/// A 16-bit PCM WAV read back: what `WAVWriter` writes, for checking rendered sound.
public struct WAVAudio: Sendable {
    public var sampleRate: Int
    public var channels: Int
    /// Interleaved samples scaled to −1…1.
    public var samples: [Float]

    public init(sampleRate: Int, channels: Int, samples: [Float]) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.samples = samples
    }

    public var frames: Int { samples.count / max(channels, 1) }

    /// The channels averaged to one.
    public var mono: [Float] {
        guard channels > 1 else { return samples }
        var out = [Float](repeating: 0, count: frames)
        for frame in 0..<frames {
            var sum: Float = 0
            for channel in 0..<channels { sum += samples[frame * channels + channel] }
            out[frame] = sum / Float(channels)
        }
        return out
    }

    /// Reads a file; a data chunk whose size was never fixed up (an unfinished write) runs to the end.
    public init(path: String) throws(AudioError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AudioError(.output, "cannot read WAV \(path): check the path")
        }
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 44, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
            String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE"
        else {
            throw AudioError(.output, "\(path) is not a WAV file")
        }
        var offset = 12, rate = 44_100, channels = 2, bits = 16
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            var size = u32(offset + 4)
            let body = offset + 8
            if id == "fmt ", body + 16 <= bytes.count {
                channels = max(1, u16(body + 2)); rate = u32(body + 4); bits = u16(body + 14)
            } else if id == "data" {
                guard bits == 16 else { throw AudioError(.output, "\(path): expected 16-bit PCM, found \(bits)-bit") }
                if size == 0 || body + size > bytes.count { size = bytes.count - body }
                var samples = [Float](repeating: 0, count: size / 2)
                for index in samples.indices {
                    samples[index] = Float(Int16(bitPattern: UInt16(u16(body + 2 * index)))) / 32768
                }
                self.init(sampleRate: rate, channels: channels, samples: samples)
                return
            }
            offset = body + size + (size & 1)
        }
        throw AudioError(.output, "\(path) has no audio data")
    }
}
