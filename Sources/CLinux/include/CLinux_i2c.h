// i2c ioctls for LinuxPlatform.
#ifndef CLINUX_I2C_H
#define CLINUX_I2C_H

#include <sys/ioctl.h>
#include <linux/i2c.h>
#include <linux/i2c-dev.h>

/// Selects the 7-bit address the next transfers on `descriptor` go to (I2C_SLAVE).
/// Returns 0, or -1 with errno set (EBUSY when a kernel driver owns the address).
static inline int CLinux_i2c_select_address(int descriptor, unsigned char address) {
    return ioctl(descriptor, I2C_SLAVE, (unsigned long)address);
}

/// The adapter's functionality bits (I2C_FUNCS). Returns 0, or -1 with errno set (ENOTTY
/// when the file is not an I2C adapter).
static inline int CLinux_i2c_functionality(int descriptor, unsigned long *functions) {
    return ioctl(descriptor, I2C_FUNCS, functions);
}

/// The functionality bit for SMBus "read I2C block data" (up to 32 bytes).
static inline unsigned long CLinux_i2c_function_read_block(void) {
    return I2C_FUNC_SMBUS_READ_I2C_BLOCK;
}

/// The functionality bit for SMBus "quick" transfers (the address alone, no data).
static inline unsigned long CLinux_i2c_function_quick(void) {
    return I2C_FUNC_SMBUS_QUICK;
}

#endif
