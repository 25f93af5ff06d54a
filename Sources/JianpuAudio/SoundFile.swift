import CSndFile
import Foundation
import JianpuFiles

/// The audio file formats `render` writes, told by the file's extension.
public enum AudioFileFormat: String, Sendable, Hashable, CaseIterable {
    case wav, flac, ogg

    /// The format a name ends in (`.wav`, `.flac`, `.ogg`/`.oga`, any case); nil for any other.
    public init?(path: String) {
        let name = path.lowercased()
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        let ext = String(name[name.index(after: dot)...])
        self.init(rawValue: ext == "oga" ? "ogg" : ext)
    }

    /// libsndfile's format: 16-bit PCM for WAV and FLAC, Vorbis in Ogg.
    var sndFileFormat: Int32 {
        switch self {
        case .wav: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        case .flac: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        case .ogg: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        }
    }

    /// What the format is called in messages.
    public var name: String {
        switch self {
        case .wav: "WAV"
        case .flac: "FLAC"
        case .ogg: "Ogg Vorbis"
        }
    }
}

/// An open libsndfile handle; closed when released.
final class SoundFile {
    private var handle: OpaquePointer?
    let path: String
    let channels: Int
    let frames: Int

    /// Opens `path` for reading.
    init(reading path: String) throws(AudioError) {
        var info = SF_INFO()
        guard let handle = sf_open(path, Int32(SFM_READ), &info) else {
            throw AudioError(.output, "cannot read \(path): \(String(cString: sf_strerror(nil)))")
        }
        self.handle = handle
        self.path = path
        self.channels = Int(info.channels)
        self.frames = Int(info.frames)
    }

    /// Opens `path` for writing 32-bit float stereo in Sony Wave64, which has no 4 GiB limit.
    init(scratch path: String, sampleRate: Int) throws(AudioError) {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 2
        info.format = Int32(SF_FORMAT_W64 | SF_FORMAT_FLOAT)
        guard let handle = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw AudioError(.output, "cannot write the audio to \(path): \(String(cString: sf_strerror(nil)))")
        }
        self.handle = handle
        self.path = path
        self.channels = 2
        self.frames = 0
    }

    /// Writes stereo in `format` through an output's open descriptor; samples beyond full scale are clipped.
    init(writing writer: OutputFileWriter, format: AudioFileFormat, sampleRate: Int) throws(AudioError) {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 2
        info.format = format.sndFileFormat
        // Asked before libsndfile tries (and may close the descriptor on failing).
        let isPipe = lseek(writer.fileDescriptor, 0, SEEK_CUR) < 0 && errno == ESPIPE
        guard let handle = sf_open_fd(writer.fileDescriptor, Int32(SFM_WRITE), &info, 0) else {
            // libsndfile's "Error : this file format does not support pipe write.", said with the way out.
            if isPipe {
                throw AudioError(
                    .output, "cannot write \(format.name) to \(writer.file.path): it is a pipe, and a \(format.name) file's header is written last; send FLAC or Ogg to a pipe, or write a file")
            }
            throw AudioError(.output, "cannot write \(format.name) to \(writer.file.path): \(String(cString: sf_strerror(nil)))")
        }
        self.handle = handle
        self.path = writer.file.path
        self.channels = 2
        self.frames = 0
        sf_command(handle, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        if format == .ogg {
            var quality = 0.5
            sf_command(handle, Int32(SFC_SET_VBR_ENCODING_QUALITY), &quality, Int32(MemoryLayout<Double>.size))
        }
    }

    deinit { if let handle { sf_close(handle) } }

    func write(_ samples: UnsafePointer<Float>, frames: Int) throws(AudioError) {
        guard let handle, sf_writef_float(handle, samples, sf_count_t(frames)) == sf_count_t(frames) else {
            // libsndfile says "System error : No space left on device."; the other outputs say it in words.
            let code = errno
            let full = [ENOSPC, EDQUOT, EFBIG].contains(code)
            throw AudioError(.output, "cannot write \(path): \(full ? FileProblem.writeReason(code) + "; nothing was changed" : String(cString: sf_strerror(handle)))")
        }
    }

    /// Reads up to `frames` frames; returns how many were read (0 at the end).
    func read(into samples: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        guard let handle else { return 0 }
        return max(Int(sf_readf_float(handle, samples, sf_count_t(frames))), 0)
    }

    /// Finishes the file (an encoder flushes its last pages here).
    func close() throws(AudioError) {
        guard let handle else { return }
        self.handle = nil
        if sf_close(handle) != 0 { throw AudioError(.output, "cannot finish \(path)") }
    }
}
