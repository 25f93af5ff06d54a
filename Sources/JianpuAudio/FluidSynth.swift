import CFluidSynth
import JianpuCore

/// A FluidSynth synthesizer with one SoundFont loaded: owns the C settings and synth and frees them in `deinit`.
///
/// Not thread-safe by contract: use it from one thread at a time (while playing live, only the audio
/// thread touches it — hand it commands through `PlaybackEngine`).
public final class FluidSynth: Synthesizer {
    /// Frames per second (`synth.sample-rate`).
    public let sampleRate: Double
    /// FluidSynth renders in 64-frame blocks internally; an event takes effect at the next block boundary.
    public let blockSize = 64
    /// Frames rendered since creation: the synth's block phase is `framesRendered % 64`.
    public private(set) var framesRendered = 0
    /// The SoundFont file that was loaded.
    public let soundFontPath: String
    /// FluidSynth's id for the loaded SoundFont.
    public let soundFontID: Int32

    let settings: OpaquePointer
    let synth: OpaquePointer

    /// Creates a synthesizer and loads a SoundFont.
    ///
    /// - Parameters:
    ///   - soundFont: path of a `.sf2` file (see `SoundFontLocator`).
    ///   - sampleRate: 8000…96000 frames per second.
    ///   - gain: FluidSynth's master gain, 0…10 (0.2 is FluidSynth's default; 0.5 is louder and still rarely clips).
    ///   - loadSamplesOnDemand: load an instrument's samples when a program change first selects it
    ///     (`synth.dynamic-sample-loading`): the General MIDI SoundFont then loads in ~30 ms instead of ~180 ms.
    ///     Select programs before live playback starts (as `PlaybackEngine` does) so no loading happens in the audio thread.
    ///   - settings: extra FluidSynth settings by name (e.g. `["synth.reverb.active": .int(0)]`).
    /// - Throws: `AudioError` naming the step that failed and the fix.
    public init(
        soundFont: String, sampleRate: Double = 44_100, gain: Float = 0.5, loadSamplesOnDemand: Bool = true,
        settings extra: [String: FluidSetting] = [:]
    ) throws {
        FluidLog.install()
        FluidLog.shared.clear()
        guard (8_000...96_000).contains(sampleRate) else {
            throw AudioError(.invalidOptions, "cannot create the synthesizer: sample rate \(sampleRate) Hz is outside 8000…96000 Hz; choose e.g. 44100 or 48000")
        }
        guard let settings = new_fluid_settings() else {
            throw AudioError(.synthesizer, "cannot create FluidSynth settings (out of memory?); check that libfluidsynth is installed (Debian: libfluidsynth3)")
        }
        do {
            try FluidSynth.apply("synth.sample-rate", .number(sampleRate), to: settings)
            try FluidSynth.apply("synth.gain", .number(Double(gain)), to: settings)
            try FluidSynth.apply("synth.dynamic-sample-loading", .int(loadSamplesOnDemand ? 1 : 0), to: settings)
            for (name, value) in extra.sorted(by: { $0.key < $1.key }) { try FluidSynth.apply(name, value, to: settings) }
        } catch {
            delete_fluid_settings(settings)
            throw error
        }
        guard let synth = new_fluid_synth(settings) else {
            delete_fluid_settings(settings)
            throw AudioError(.synthesizer, "cannot create the FluidSynth synthesizer\(FluidLog.shared.suffix()); check the FluidSynth settings and that libfluidsynth works (`fluidsynth --version`)")
        }
        let id = fluid_synth_sfload(synth, soundFont, 1)
        guard id != FLUID_FAILED else {
            delete_fluid_synth(synth)
            delete_fluid_settings(settings)
            throw AudioError(
                .soundFontUnreadable,
                "cannot load SoundFont \(soundFont): not a readable SoundFont 2 file\(FluidLog.shared.suffix()); pass another with --soundfont or JIANPU_SOUNDFONT, or reinstall fluid-soundfont-gm")
        }
        self.settings = settings
        self.synth = synth
        self.soundFontID = id
        self.soundFontPath = soundFont
        self.sampleRate = sampleRate
    }

    deinit {
        delete_fluid_synth(synth)
        delete_fluid_settings(settings)
    }

    /// A value for a FluidSynth setting.
    public enum FluidSetting: Sendable, Hashable {
        case string(String)
        case int(Int)
        case number(Double)
    }

    static func apply(_ name: String, _ value: FluidSetting, to settings: OpaquePointer) throws {
        let result: Int32
        switch value {
        case .string(let text): result = fluid_settings_setstr(settings, name, text)
        case .int(let number): result = fluid_settings_setint(settings, name, Int32(clamping: number))
        case .number(let number): result = fluid_settings_setnum(settings, name, number)
        }
        guard result == FLUID_OK else {
            throw AudioError(.synthesizer, "cannot set FluidSynth setting \(name) to \(value): unknown setting or value out of range; see `fluidsynth -o help` for the settings this FluidSynth knows")
        }
    }

    /// Changes a FluidSynth setting (e.g. `audio.driver` before creating a driver).
    public func set(_ name: String, _ value: FluidSetting) throws {
        try FluidSynth.apply(name, value, to: settings)
    }

    public func send(_ message: MIDIMessage) {
        switch message {
        case .noteOn(let channel, let key, let velocity):
            _ = fluid_synth_noteon(synth, Int32(channel), Int32(min(key, 127)), Int32(min(max(velocity, 1), 127)))
        case .noteOff(let channel, let key, _):
            _ = fluid_synth_noteoff(synth, Int32(channel), Int32(min(key, 127)))
        case .programChange(let channel, let program):
            _ = fluid_synth_program_change(synth, Int32(channel), Int32(min(program, 127)))
        case .controlChange(let channel, let controller, let value):
            _ = fluid_synth_cc(synth, Int32(channel), Int32(min(controller, 127)), Int32(min(value, 127)))
        case .pitchBend(let channel, let value):
            _ = fluid_synth_pitch_bend(synth, Int32(channel), Int32(min(value, 0x3FFF)))
        case .polyPressure(let channel, let key, let pressure):
            _ = fluid_synth_key_pressure(synth, Int32(channel), Int32(min(key, 127)), Int32(min(pressure, 127)))
        case .channelPressure(let channel, let pressure):
            _ = fluid_synth_channel_pressure(synth, Int32(channel), Int32(min(pressure, 127)))
        }
    }

    public func render(frames: Int, into output: StereoOutput) {
        var remaining = frames
        var out = output
        while remaining > 0 {
            let chunk = min(remaining, 1 << 20)
            _ = fluid_synth_write_float(
                synth, Int32(chunk),
                UnsafeMutableRawPointer(out.left), 0, Int32(out.stride),
                UnsafeMutableRawPointer(out.right), 0, Int32(out.stride))
            framesRendered += chunk
            remaining -= chunk
            out = out.advanced(by: chunk)
        }
    }
}
