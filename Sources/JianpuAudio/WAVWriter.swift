#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a 16-bit PCM WAV file as audio arrives; `close()` fixes up the header's sizes.
///
/// Float samples are clipped to −1…1 and rounded. If the writer is dropped without `close()`,
/// `deinit` closes it (errors then are lost).
public final class WAVWriter {
    /// The file being written.
    public let path: String
    /// Frames per second in the header.
    public let sampleRate: Int
    /// Interleaved channels (2 for stereo).
    public let channels: Int
    /// Frames written so far.
    public private(set) var framesWritten = 0
    /// The largest absolute sample written so far (0…1).
    public private(set) var peak: Float = 0
    /// Samples that had to be clipped.
    public private(set) var clippedSamples = 0

    private var file: UnsafeMutablePointer<FILE>?
    private var scratch: [Int16] = []

    /// Creates (or truncates) `path` and writes a provisional header.
    /// - Throws: `AudioError(.output)` if the file cannot be created.
    public init(path: String, sampleRate: Int, channels: Int = 2) throws {
        self.path = path
        self.sampleRate = sampleRate
        self.channels = max(1, channels)
        guard let file = fopen(path, "wb") else {
            let reason = String(cString: strerror(errno))
            throw AudioError(.output, "cannot create WAV file \(path): \(reason); check that the folder exists and is writable")
        }
        self.file = file
        try writeHeader(dataBytes: 0)
    }

    deinit { try? close() }

    private func writeHeader(dataBytes: Int) throws {
        var header: [UInt8] = []
        header.reserveCapacity(44)
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { header += $0 } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { header += $0 } }
        header += Array("RIFF".utf8)
        append32(min(36 + dataBytes, Int(UInt32.max)))
        header += Array("WAVEfmt ".utf8)
        append32(16)
        append16(1) // PCM
        append16(channels)
        append32(sampleRate)
        append32(sampleRate * channels * 2)
        append16(channels * 2)
        append16(16)
        header += Array("data".utf8)
        append32(min(dataBytes, Int(UInt32.max)))
        try write(header)
    }

    private func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let file else { throw AudioError(.output, "cannot write to WAV file \(path): it is already closed") }
        guard bytes.count > 0, let base = bytes.baseAddress else { return }
        if fwrite(base, 1, bytes.count, file) != bytes.count {
            let reason = String(cString: strerror(errno))
            throw AudioError(.output, "cannot write WAV file \(path): \(reason); check free disk space")
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Appends `frames` frames of interleaved Float32 samples (`frames × channels` floats).
    public func write(interleaved samples: UnsafePointer<Float>, frames: Int) throws {
        let count = frames * channels
        guard count > 0 else { return }
        if scratch.count < count { scratch = [Int16](repeating: 0, count: count) }
        var peak = self.peak
        var clipped = 0
        scratch.withUnsafeMutableBufferPointer { out in
            for index in 0..<count {
                var value = samples[index]
                let magnitude = abs(value)
                if magnitude > peak { peak = magnitude }
                if magnitude > 1 { clipped += 1; value = value > 0 ? 1 : -1 }
                if value.isNaN { value = 0 }
                out[index] = Int16((value * 32767).rounded()).littleEndian
            }
        }
        self.peak = peak
        clippedSamples += clipped
        try scratch.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[0..<(count * 2)])) }
        framesWritten += frames
    }

    /// Appends planar stereo Float32 (the writer must have 2 channels).
    public func write(left: UnsafePointer<Float>, right: UnsafePointer<Float>, frames: Int) throws {
        guard frames > 0 else { return }
        var interleaved = [Float](repeating: 0, count: frames * 2)
        for index in 0..<frames {
            interleaved[2 * index] = left[index]
            interleaved[2 * index + 1] = right[index]
        }
        try interleaved.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            try write(interleaved: base, frames: frames)
        }
    }

    /// Writes the final sizes into the header and closes the file. Calling it again does nothing.
    public func close() throws {
        guard let file else { return }
        let dataBytes = framesWritten * channels * 2
        var failed = fflush(file) != 0
        if fseek(file, 0, SEEK_SET) == 0 {
            do { try writeHeader(dataBytes: dataBytes) } catch { failed = true }
        } else {
            failed = true
        }
        failed = fclose(file) != 0 || failed
        self.file = nil
        if failed {
            throw AudioError(.output, "cannot finish WAV file \(path): writing its header failed; check free disk space")
        }
    }
}
