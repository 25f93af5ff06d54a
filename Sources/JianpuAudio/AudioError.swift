import Foundation

/// An error from the sound layer: one line that says what was being done, what went wrong and the fix.
///
/// `description` (and `localizedDescription`) is the whole message, ready to print after `error: `.
public struct AudioError: Error, CustomStringConvertible, LocalizedError, Sendable, Equatable {
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
        /// A WAV file could not be written.
        case output
        /// Playback options that do not fit the score (bar numbers, tempo factor, sample rate).
        case invalidOptions
    }

    /// The kind of failure.
    public var kind: Kind
    /// The one-line message: what was being done, what went wrong, the fix.
    public var message: String

    /// An error of `kind` with a one-line `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
    /// The message (for `localizedDescription`).
    public var errorDescription: String? { message }
}
