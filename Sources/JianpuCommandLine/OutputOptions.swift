import ArgumentParser
import JianpuAudio
import JianpuCore

/// What makes the sound: the SoundFont and the level (`play`, `render`, `quiz`, `chordpad`).
public struct SynthOptions: ParsableArguments {
    @Option(help: "The SoundFont (.sf2). Default: $JIANPU_SOUNDFONT, then /usr/share/sounds/sf2/default-GM.sf2.")
    public var soundfont: String?

    @Option(help: "Output level, 0.0-10.0 (default 0.5). `render` brings its audio to a loudness instead unless --gain is given.")
    public var gain: Float?

    public init() {}

    /// The synthesizer's level: the one asked for, else 0.5.
    public var level: Float { gain ?? 0.5 }

    public func validate() throws {
        if let gain, !(0...10).contains(gain) { throw ValidationError("--gain must be between 0 and 10") }
    }

    /// The SoundFont to load, found in the documented order; throws the one-line `AudioError`.
    public func soundFont() throws -> String {
        try SoundFontLocator().locate(explicitPath: soundfont)
    }

    /// The SoundFont the run will read, when one is found (`--soundfont`, `$JIANPU_SOUNDFONT`, the
    /// system's): outputs are checked against it before any work, as against the score.
    public var soundFontInputs: [String] { (try? soundFont()).map { [$0] } ?? [] }
}

/// Where live sound goes: the device, or a WAV at real-time pace (`play`, `quiz`, `chordpad`).
public struct OutputOptions: ParsableArguments {
    @OptionGroup public var synth: SynthOptions

    @Option(help: "FluidSynth audio driver (alsa, pulseaudio, jack, oss, sdl2).")
    public var driver: String?

    @Option(help: "ALSA device, e.g. hw:1 or plughw:0,0.")
    public var device: String?

    @Option(help: "Write the sound to this WAV file at real-time pace instead of the sound device.")
    public var out: String?

    public init() {}

    /// The device, or the WAV at real-time pace that `--out` names.
    public var destination: AudioOutput.Destination {
        out.map { .pacedWAV(path: $0) } ?? .device(driver: driver, device: device)
    }

    /// Opens `destination` for `source` at 44.1 kHz; a missing sound device is reported with `noDeviceFix`.
    public func open(_ destination: AudioOutput.Destination, source: any AudioSource, noDeviceFix: String) throws -> AudioOutput {
        do {
            return try AudioOutput(destination, source: source, sampleRate: 44_100)
        } catch let error as AudioError where error.kind == .noSoundDevice {
            throw error.with(fix: noDeviceFix)
        }
    }
}

/// Reading `--…-program` options: a General MIDI number 0-127 or a name such as Flute.
public enum ProgramOption {
    /// The program, or a validation error naming the option and what it takes.
    public static func program(_ value: String, option name: String) throws -> UInt8 {
        guard let program = GeneralMIDI.program(named: value) else {
            throw ValidationError("\(name) '\(value)' is not a General MIDI program: give 0-127 or a name such as Flute or Violin")
        }
        return program
    }
}
