#include <malloc.h>

/* glibc's M_MMAP_THRESHOLD, a macro Swift does not import. */
static const int cmalloc_mmap_threshold = M_MMAP_THRESHOLD;

/* glibc's M_ARENA_MAX: each thread's own arena reserves 64 MB of address space (ulimit -v counts it). */
static const int cmalloc_arena_max = M_ARENA_MAX;
