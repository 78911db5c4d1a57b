// glibc malloc settings for a process that runs for months.
#ifndef CLINUX_MEMORY_H
#define CLINUX_MEMORY_H

#include <malloc.h>

/// Keeps a long-running process's heap small: at most two malloc arenas (glibc's default
/// is eight per core, each holding on to what its threads freed), and blocks of 128 KiB
/// and more (frames, Cairo surfaces, PNG buffers) always mapped for themselves and given
/// back to the kernel when freed. A fixed mmap threshold stops glibc from raising it after
/// the first large free, which would keep every later frame on the heap.
/// Returns 1 when glibc took all three settings.
static inline int CLinux_malloc_for_long_run(void) {
    int arenas = mallopt(M_ARENA_MAX, 2);
    int mapped = mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    int trimmed = mallopt(M_TRIM_THRESHOLD, 128 * 1024);
    return arenas == 1 && mapped == 1 && trimmed == 1;
}

#endif
