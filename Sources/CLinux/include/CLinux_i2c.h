// i2c ioctls for LinuxPlatform.
#ifndef CLINUX_I2C_H
#define CLINUX_I2C_H

#include <sys/ioctl.h>

#endif
