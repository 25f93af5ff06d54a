#if canImport(Glibc)
import Glibc

/// Stops libasound from printing its own diagnostics (`ALSA lib confmisc.c:…`) to stderr, so a machine
/// without a sound card gets our one-line error only.
///
/// libasound is loaded by FluidSynth, so its `snd_lib_error_set_handler` is looked up at run time
/// (no ALSA headers or link needed); if it is not there, nothing happens.
enum ALSAErrorSilencer {
    /// `void handler(const char *file, int line, const char *function, int err, const char *fmt, ...)`;
    /// ignoring every argument makes the variadic tail harmless.
    private typealias Handler = @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?) -> Void
    private typealias SetHandler = @convention(c) (Handler?) -> Int32

    private static let installed: Bool = {
        guard let library = dlopen("libasound.so.2", RTLD_NOW | RTLD_NOLOAD) ?? dlopen("libasound.so.2", RTLD_NOW),
              let symbol = dlsym(library, "snd_lib_error_set_handler") else { return false }
        let setHandler = unsafeBitCast(symbol, to: SetHandler.self)
        let quiet: Handler = { _, _, _, _, _ in }
        return setHandler(quiet) == 0
    }()

    /// Installs the silent handler once (later calls do nothing).
    static func install() { _ = installed }
}
#else
enum ALSAErrorSilencer {
    static func install() {}
}
#endif
