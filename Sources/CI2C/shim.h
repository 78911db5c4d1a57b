// libi2c (i2c-tools): the SMBus transfer helpers. They work on every Linux I2C adapter
// that speaks SMBus, including the kernel's i2c-stub, unlike plain I2C_RDWR transfers.
#ifndef CI2C_SHIM_H
#define CI2C_SHIM_H

#include <i2c/smbus.h>

#endif
