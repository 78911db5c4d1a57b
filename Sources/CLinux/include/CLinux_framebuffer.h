// framebuffer ioctls for LinuxPlatform.
#ifndef CLINUX_FRAMEBUFFER_H
#define CLINUX_FRAMEBUFFER_H

#include <sys/ioctl.h>

#endif
