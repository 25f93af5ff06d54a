import Foundation
import JianpuCore

/// An error from the sound layer: a code (`kind`), what was being done and what went wrong (`message`),
/// and the fix (`fix`), which the program may replace with its own (`--out x.wav`, `--mute`).
///
/// `description` (and `localizedDescription`) is the whole line, ready to print after `error: `.
public struct AudioError: DescribedError, LocalizedError, Equatable {
    /// What kind of failure it is, for callers that react differently (e.g. exit codes).
    public enum Kind: Sendable, Hashable {
        /// No SoundFont was found anywhere we look.
        case soundFontNotFound
        /// A SoundFont path was given but there is no file there.
        case soundFontMissing
        /// The SoundFont file exists but FluidSynth could not load it.
        case soundFontUnreadable
        /// FluidSynth could not be set up (settings, synth, an unknown setting).
        case synthesizer
        /// No audio device could be opened.
        case noSoundDevice
        /// The audio driver asked for is not one FluidSynth has.
        case unknownDriver
        /// A WAV file could not be written.
        case output
        /// Playback options that do not fit the score (bar numbers, tempo factor, sample rate).
        case invalidOptions
    }

    /// The kind of failure.
    public var kind: Kind
    /// What was being done and what went wrong.
    public var message: String
    /// What to do about it, or nil when the message says it all.
    public var fix: String?

    /// An error of `kind` with a one-line `message` and, optionally, the `fix`.
    public init(_ kind: Kind, _ message: String, fix: String? = nil) {
        self.kind = kind
        self.message = message
        self.fix = fix
    }

    /// The same error with the program's own fix.
    public func with(fix: String) -> AudioError { AudioError(kind, message, fix: fix) }

    /// The message and the fix: one line.
    public var description: String { fix.map { "\(message); \($0)" } ?? message }
    /// The whole line (for `localizedDescription`).
    public var errorDescription: String? { description }
}
