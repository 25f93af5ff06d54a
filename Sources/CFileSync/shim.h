#ifdef __linux__
/* Linux's sync_file_range, which glibc declares only under _GNU_SOURCE (Swift's Glibc module is built without it). */
extern int sync_file_range(int descriptor, long long offset, long long count, unsigned int flags);
#endif

/* Starts writing `count` bytes at `offset` of the file to disk without waiting for them
   (SYNC_FILE_RANGE_WRITE); 0, or -1 with errno. Elsewhere than Linux it does nothing. */
static inline int cfilesync_start_write_out(int descriptor, long long offset, long long count) {
#ifdef __linux__
    return sync_file_range(descriptor, offset, count, 2 /* SYNC_FILE_RANGE_WRITE */);
#else
    (void)descriptor; (void)offset; (void)count;
    return 0;
#endif
}
