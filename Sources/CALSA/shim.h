#include <alsa/asoundlib.h>

/* libasound's error handler is variadic, which Swift cannot define: this one ignores everything. */
static inline void calsa_quiet_error_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

/* Stops libasound from printing its own diagnostics to stderr. Returns 0 on success. */
static inline int calsa_silence_errors(void) {
    return snd_lib_error_set_handler(calsa_quiet_error_handler);
}
