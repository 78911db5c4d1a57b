// Counts every heap allocation of the process (Swift, Cairo, FreeType, pixman alike) by
// defining malloc and its relatives in the benchmark executable: the dynamic linker binds
// every library's calls to these, and they forward to glibc's own __libc_* functions.
#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Allocations made so far (malloc, calloc, realloc, memalign and friends).
uint64_t AllocationCounter_allocations(void);

/// Bytes requested by those allocations.
uint64_t AllocationCounter_bytes(void);

#endif
