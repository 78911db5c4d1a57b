// Typed wrappers for what Swift cannot import from Linux headers: variadic ioctl(2),
// function-like macros, and structures Swift sees only opaquely. One header per area;
// every wrapper is `static inline` and prefixed `CLinux_`.
#ifndef CLINUX_H
#define CLINUX_H

#include "CLinux_i2c.h"
#include "CLinux_framebuffer.h"
#include "CLinux_input.h"
#include "CLinux_clock.h"
#include "CLinux_memory.h"
#include "CLinux_spi.h"
#include "CLinux_uevent.h"
#include "CLinux_vt.h"

#endif
