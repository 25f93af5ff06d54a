import CFluidSynth

/// Plays a `PlaybackEngine` on a sound device through FluidSynth's audio driver (ALSA by default),
/// with the engine's own callback (`new_fluid_audio_driver2`), so the scheduler runs inside the audio thread.
///
/// Sound starts as soon as the output is created and stops when it is released (or `close()`d).
/// Keep it alive while playing; poll `engine.isFinished` from the control thread.
public final class LiveOutput {
    /// The engine the audio thread runs; steer playback through it.
    public let engine: PlaybackEngine
    private let synth: FluidSynth
    private var driver: OpaquePointer?

    /// Opens the audio device and starts calling the engine.
    ///
    /// - Parameters:
    ///   - engine: an engine whose synthesizer is a `FluidSynth`.
    ///   - driver: FluidSynth's `audio.driver` (`alsa`, `pulseaudio`, `jack`, `oss`, `sdl2`); nil means `alsa`.
    ///   - device: the ALSA device (`audio.alsa.device`, e.g. `hw:1`); nil means ALSA's `default`.
    ///   - periodFrames: frames per callback (`audio.period-size`); nil keeps FluidSynth's default (64).
    /// - Throws: `AudioError(.noSoundDevice)` when no device can be opened; `.synthesizer` for a bad setting.
    public init(engine: PlaybackEngine, driver: String? = nil, device: String? = nil, periodFrames: Int? = nil) throws {
        guard let synth = engine.synth as? FluidSynth else {
            throw AudioError(.synthesizer, "cannot open live output: the engine's synthesizer is not FluidSynth; create the PlaybackEngine with a FluidSynth")
        }
        let name = driver ?? "alsa"
        try synth.set("audio.driver", .string(name))
        if let device {
            guard name == "alsa" else {
                throw AudioError(.invalidOptions, "cannot choose device \(device) for audio driver \(name): --device is only for ALSA; leave it out or use --driver alsa")
            }
            try synth.set("audio.alsa.device", .string(device))
        }
        if let periodFrames { try synth.set("audio.period-size", .int(periodFrames)) }
        ALSAErrorSilencer.install()
        FluidLog.shared.clear()
        guard let created = new_fluid_audio_driver2(synth.settings, PlaybackEngine.renderCallback, engine.callbackContext) else {
            let what = device.map { "device \($0)" } ?? "the default device"
            throw AudioError(.noSoundDevice, "no sound device: cannot open \(what) with the \(name) audio driver\(FluidLog.shared.suffix()); write a file instead with `jianpu render … -o x.wav` (or --out x.wav)")
        }
        self.engine = engine
        self.synth = synth
        self.driver = created
    }

    /// Stops the audio thread and closes the device. Safe to call twice; `deinit` calls it.
    public func close() {
        if let driver { delete_fluid_audio_driver(driver) }
        driver = nil
    }

    deinit { close() }
}
