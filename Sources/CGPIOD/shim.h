// libgpiod as pkg-config finds it: 1.6 (Debian 12) or 2.x (Debian 13, bookworm-backports).
// Swift code does not use this module directly: CGPIODShim wraps both versions in one API.
#ifndef CGPIOD_SHIM_H
#define CGPIOD_SHIM_H

#include <gpiod.h>

#endif
