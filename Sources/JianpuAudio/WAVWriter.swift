import JianpuCore
import JianpuFiles
import JianpuPerformance

/// Writes a 16-bit PCM WAV file as audio arrives; `close()` fixes up the header's sizes.
///
/// Float samples are clipped to −1…1 and rounded. The audio goes to a temporary file beside the
/// target that `close()` renames into place: a writer dropped without `close()`, or one that failed,
/// leaves the old file as it was and no partial file. A RIFF file holds at most 4 GiB: audio
/// past that is refused with an error, never written with wrapped sizes.
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

    private var file: OutputFileWriter?
    /// The failure that closed the file early (a full disk): every later write and `close()` report it,
    /// not that the file is closed.
    private var failure: AudioError?
    private var scratch: [Int16] = []

    /// The most audio bytes a RIFF WAV can hold (its sizes are 32-bit).
    public static let maximumDataBytes = Int(UInt32.max) - 36

    /// The longest audio, in seconds, a WAV of this rate and channel count can hold.
    public static func maximumSeconds(sampleRate: Int, channels: Int = 2) -> Double {
        Double(maximumDataBytes / (channels * 2)) / Double(sampleRate)
    }

    /// Checks `path` as an output (see `OutputFile`) and starts writing it.
    /// - Throws: `AudioError(.output)` if the file cannot be written.
    public convenience init(path: String, sampleRate: Int, channels: Int = 2) throws {
        let output: OutputFile
        do { output = try OutputFile(path) } catch { throw AudioError(.output, "cannot write WAV file \(error)") }
        try self.init(output: output, sampleRate: sampleRate, channels: channels)
    }

    /// Starts writing an output already checked, with a provisional header.
    public init(output: OutputFile, sampleRate: Int, channels: Int = 2) throws {
        self.path = output.path
        self.sampleRate = sampleRate
        self.channels = max(1, channels)
        do { file = try output.open() } catch { throw AudioError(.output, "cannot write WAV file \(error)") }
        try writeHeader(dataBytes: 0)
    }

    private func writeHeader(dataBytes: Int) throws {
        try write(Self.header(dataBytes: dataBytes, sampleRate: sampleRate, channels: channels))
    }

    private static func header(dataBytes: Int, sampleRate: Int, channels: Int) -> [UInt8] {
        var header: [UInt8] = []
        header.reserveCapacity(44)
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { header += $0 } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { header += $0 } }
        header += Array("RIFF".utf8)
        append32(min(36 + dataBytes, Int(UInt32.max)))
        header += Array("WAVEfmt ".utf8)
        append32(16)
        append16(1)  // PCM
        append16(channels)
        append32(sampleRate)
        append32(sampleRate * channels * 2)
        append16(channels * 2)
        append16(16)
        header += Array("data".utf8)
        append32(min(dataBytes, Int(UInt32.max)))
        return header
    }

    private func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let file else { throw failure ?? AudioError(.output, "cannot write to WAV file \(path): it is already closed") }
        guard bytes.count > 0 else { return }
        guard file.bytesWritten + bytes.count <= 44 + Self.maximumDataBytes else {
            self.file = nil
            let tooLong = AudioError(
                .output,
                "cannot write WAV file \(path): a WAV file holds at most 4 GiB (\(ScoreSummary.clock(Self.maximumSeconds(sampleRate: sampleRate, channels: channels))) of this audio); nothing was written"
            )
            failure = tooLong
            throw tooLong
        }
        do { try file.write(bytes) } catch {
            self.file = nil
            let failed = AudioError(.output, "cannot write WAV file \(error)")
            failure = failed
            throw failed
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

    /// Writes the final sizes into the header and puts the file in place. Calling it again does nothing.
    public func close() throws {
        guard let file else {
            if let failure { throw failure }
            return
        }
        self.file = nil
        do {
            try file.overwrite(Self.header(dataBytes: framesWritten * channels * 2, sampleRate: sampleRate, channels: channels), at: 0)
            try file.commit()
        } catch {
            throw AudioError(.output, "cannot finish WAV file \(error)")
        }
    }
}
