import CSndFile
import Foundation

/// Compresses a rendered WAV for embedding (the playing HTML page): Ogg Vorbis through libsndfile.
public enum AudioEncoder {
    /// Reads the WAV at `wavPath` and writes it as Ogg Vorbis at `oggPath`; `quality` from 0 (smallest) to 1 (best).
    public static func encodeOggVorbis(wavPath: String, to oggPath: String, quality: Double = 0.3) throws(AudioError) {
        var inInfo = SF_INFO()
        guard let input = sf_open(wavPath, Int32(SFM_READ), &inInfo) else {
            throw AudioError(.output, "cannot read \(wavPath): \(String(cString: sf_strerror(nil)))")
        }
        defer { sf_close(input) }
        var outInfo = SF_INFO()
        outInfo.samplerate = inInfo.samplerate
        outInfo.channels = inInfo.channels
        outInfo.format = Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        guard let output = sf_open(oggPath, Int32(SFM_WRITE), &outInfo) else {
            throw AudioError(.output, "cannot write Ogg Vorbis to \(oggPath): \(String(cString: sf_strerror(nil)))")
        }
        var level = max(0, min(quality, 1))
        sf_command(output, Int32(SFC_SET_VBR_ENCODING_QUALITY), &level, Int32(MemoryLayout<Double>.size))
        let frames = 8_192
        var buffer = [Float](repeating: 0, count: frames * Int(max(inInfo.channels, 1)))
        var failed = false
        while true {
            let read = sf_readf_float(input, &buffer, sf_count_t(frames))
            if read <= 0 { break }
            if sf_writef_float(output, buffer, read) != read { failed = true; break }
        }
        let closed = sf_close(output)
        if failed || closed != 0 { throw AudioError(.output, "cannot write Ogg Vorbis to \(oggPath)") }
    }
}
