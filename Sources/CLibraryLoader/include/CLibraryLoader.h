#ifndef CLIBRARYLOADER_H
#define CLIBRARYLOADER_H

/* FluidSynth, libsndfile, ALSA, leptonica, cairo, fontconfig, poppler-glib (with glib) and tesseract are opened
 * (dlopen) at the first call into each, so a command that neither sounds, draws nor scans (export, check,
 * info) does not pay at start-up for them and the ~90 libraries they pull in (PulseAudio, JACK, SDL2, X11,
 * NSS, codecs, image formats). The Swift code calls them as before, through
 * their system library modules; this target defines those functions as trampolines (trampolines.S).
 * A library that cannot be opened is one line on standard error and exit status 1. */

/* 1 when the library that defines `function` (e.g. "new_fluid_synth") is open, 0 when not yet, -1
 * when no such function is routed here. For tests: which commands open which libraries. */
int clibraryloader_is_open(const char *function);

/* 1 when the library that defines `function` is open or can be opened (tried and closed again, so that a
 * program may go on without an optional library such as tesseract), 0 when it cannot, -1 when no such
 * function is routed here. */
int clibraryloader_can_open(const char *function);

/* Called before the program exits for a library that cannot be opened (e.g. to remove temporary files). */
void clibraryloader_set_exit_hook(void (*hook)(void));

#endif
