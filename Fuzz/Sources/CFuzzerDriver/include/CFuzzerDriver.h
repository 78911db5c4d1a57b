// libFuzzer's driver for programs that have their own main (compiler-rt, LLVM 11 and later).
// SwiftPM renames an executable's main (to `<module>_main`, for testable executables), so
// libFuzzer's own main cannot be used: each fuzz target's main calls this instead.
#ifndef C_FUZZER_DRIVER_H
#define C_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `*argc`/`*argv` on `callback`; returns its exit status.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
