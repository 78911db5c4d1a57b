// input ioctls for LinuxPlatform.
#ifndef CLINUX_INPUT_H
#define CLINUX_INPUT_H

#include <sys/ioctl.h>

#endif
