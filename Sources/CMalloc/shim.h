#include <malloc.h>

/* glibc's M_MMAP_THRESHOLD, a macro Swift does not import. */
static const int cmalloc_mmap_threshold = M_MMAP_THRESHOLD;
