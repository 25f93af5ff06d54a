import CALSA

/// Stops libasound from printing its own diagnostics (`ALSA lib confmisc.c:…`) to stderr, so a machine
/// without a sound card gets our one-line error only.
enum ALSAErrorSilencer {
    private static let installed: Bool = calsa_silence_errors() == 0

    /// Installs the silent handler once (later calls do nothing).
    static func install() { _ = installed }
}
