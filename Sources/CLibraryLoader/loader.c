/* Opens each library at the first call into it (see include/CLibraryLoader.h) and fills the addresses
 * the trampolines (trampolines.S) jump through. Implib.so's design, written out for the libraries of libraries.h. */
#define _GNU_SOURCE
#include "CLibraryLoader.h"
#include "libraries.h"
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One function routed here: its address once its library is open (read by its trampoline first, so it
 * stays the first field), its name, and its library. */
struct lazy_symbol {
    void *address;
    const char *name;
    int library;
};

#define LAZY(library, name) __attribute__((visibility("hidden"))) struct lazy_symbol jianpu_lazy_##name = {0, #name, library};
#include "symbols.h"
#undef LAZY

static struct lazy_symbol *const symbols[] = {
#define LAZY(library, name) &jianpu_lazy_##name,
#include "symbols.h"
#undef LAZY
};

/* Each library's names, newest first; the unversioned name (installed with its -dev package) last. */
static const char *const file_names[LIBRARY_COUNT][5] = {
    [LIBRARY_FLUIDSYNTH] = {"libfluidsynth.so.3", "libfluidsynth.so.2", "libfluidsynth.so", 0},
    [LIBRARY_SNDFILE] = {"libsndfile.so.1", "libsndfile.so", 0},
    [LIBRARY_ASOUND] = {"libasound.so.2", "libasound.so", 0},
    [LIBRARY_LEPTONICA] = {"liblept.so.5", "libleptonica.so.6", "liblept.so", "libleptonica.so", 0},
    [LIBRARY_CAIRO] = {"libcairo.so.2", "libcairo.so", 0},
    [LIBRARY_FONTCONFIG] = {"libfontconfig.so.1", "libfontconfig.so", 0},
    [LIBRARY_POPPLER] = {"libpoppler-glib.so.8", "libpoppler-glib.so", 0},
    [LIBRARY_GOBJECT] = {"libgobject-2.0.so.0", "libgobject-2.0.so", 0},
    [LIBRARY_GLIB] = {"libglib-2.0.so.0", "libglib-2.0.so", 0},
    [LIBRARY_TESSERACT] = {"libtesseract.so.5", "libtesseract.so", 0},
};

static const char *const titles[LIBRARY_COUNT] = {
    [LIBRARY_FLUIDSYNTH] = "FluidSynth",
    [LIBRARY_SNDFILE] = "libsndfile",
    [LIBRARY_ASOUND] = "ALSA (libasound)",
    [LIBRARY_LEPTONICA] = "leptonica",
    [LIBRARY_CAIRO] = "cairo",
    [LIBRARY_FONTCONFIG] = "fontconfig",
    [LIBRARY_POPPLER] = "poppler-glib",
    [LIBRARY_GOBJECT] = "GObject (glib)",
    [LIBRARY_GLIB] = "glib",
    [LIBRARY_TESSERACT] = "tesseract",
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int opened[LIBRARY_COUNT];
static void (*exit_hook)(void);

void clibraryloader_set_exit_hook(void (*hook)(void)) { __atomic_store_n(&exit_hook, hook, __ATOMIC_RELEASE); }

/* The program cannot go on without the library: one line, as the dynamic loader would have said at
 * start-up, and the status of any other failed command. */
static void give_up(const char *what, const char *detail) {
    pthread_mutex_unlock(&lock);
    fprintf(stderr, "%s: %s%s%s; scripts/bootstrap installs it\n", program_invocation_short_name, what,
            detail ? ": " : "", detail ? detail : "");
    fflush(stderr);
    void (*hook)(void) = __atomic_load_n(&exit_hook, __ATOMIC_ACQUIRE);
    if (hook) hook();
    exit(1);
}

static void open_library(int library) {
    void *handle = 0;
    const char *error = 0;
    char first_error[512] = "";
    for (int i = 0; file_names[library][i] && !handle; i++) {
        handle = dlopen(file_names[library][i], RTLD_LAZY | RTLD_LOCAL);
        if (!handle && i == 0 && (error = dlerror())) snprintf(first_error, sizeof first_error, "%s", error);
    }
    if (!handle) {
        char what[128];
        snprintf(what, sizeof what, "cannot open %s", titles[library]);
        give_up(what, first_error[0] ? first_error : file_names[library][0]);
    }
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        if (symbols[i]->library != library) continue;
        void *address = dlsym(handle, symbols[i]->name);
        if (!address) {
            char what[192];
            snprintf(what, sizeof what, "%s has no function %s (too old a version)", titles[library], symbols[i]->name);
            give_up(what, 0);
        }
        __atomic_store_n(&symbols[i]->address, address, __ATOMIC_RELEASE);
    }
    opened[library] = 1;
}

/* Called by a trampoline whose address is still unknown, with its arguments saved: the function's address. */
__attribute__((visibility("hidden"))) void *jianpu_lazy_resolve(struct lazy_symbol *symbol) {
    pthread_mutex_lock(&lock);
    if (!opened[symbol->library]) open_library(symbol->library);
    pthread_mutex_unlock(&lock);
    return __atomic_load_n(&symbol->address, __ATOMIC_ACQUIRE);
}

int clibraryloader_is_open(const char *function) {
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        if (strcmp(symbols[i]->name, function) != 0) continue;
        pthread_mutex_lock(&lock);
        int open = opened[symbols[i]->library];
        pthread_mutex_unlock(&lock);
        return open;
    }
    return -1;
}

int clibraryloader_can_open(const char *function) {
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        if (strcmp(symbols[i]->name, function) != 0) continue;
        int library = symbols[i]->library;
        pthread_mutex_lock(&lock);
        int open = opened[library];
        pthread_mutex_unlock(&lock);
        if (open) return 1;
        for (int j = 0; file_names[library][j]; j++) {
            void *handle = dlopen(file_names[library][j], RTLD_LAZY | RTLD_LOCAL);
            if (handle) {
                dlclose(handle);
                return 1;
            }
        }
        return 0;
    }
    return -1;
}
