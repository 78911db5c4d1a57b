// CLinux is header-only (static inline wrappers); SwiftPM needs one source file.
#include "CLinux.h"
