// Declarations only: LLVMFuzzerRunDriver comes from libclang_rt.fuzzer, linked by
// `-sanitize=fuzzer`. Without it (the replay build) the symbol is never referenced.
#include "CFuzzerDriver.h"
