// spidev ioctls for LinuxPlatform's SPI adapter.
#ifndef CLINUX_SPI_H
#define CLINUX_SPI_H

#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/spi/spidev.h>

/// Sets the SPI mode (0…3), 8 bits per word and the clock in Hz on an open spidev.
/// Returns 0, or -1 with errno set (ENOTTY when the file is not an spidev device).
static inline int CLinux_spi_configure(int descriptor, uint8_t mode, uint32_t speedHz) {
    uint8_t bits = 8;
    if (ioctl(descriptor, SPI_IOC_WR_MODE, &mode) < 0) return -1;
    if (ioctl(descriptor, SPI_IOC_WR_BITS_PER_WORD, &bits) < 0) return -1;
    return ioctl(descriptor, SPI_IOC_WR_MAX_SPEED_HZ, &speedHz);
}

/// Clocks `count` bytes out in one transfer (SPI_IOC_MESSAGE(1)); `count` must not pass
/// the driver's bufsiz. Returns the bytes transferred, or -1 with errno set (EMSGSIZE
/// when `count` is larger than bufsiz).
static inline int CLinux_spi_write(int descriptor, const uint8_t *bytes, uint32_t count,
                                   uint32_t speedHz) {
    struct spi_ioc_transfer transfer;
    memset(&transfer, 0, sizeof transfer);
    transfer.tx_buf = (uint64_t)(uintptr_t)bytes;
    transfer.len = count;
    transfer.speed_hz = speedHz;
    transfer.bits_per_word = 8;
    return ioctl(descriptor, SPI_IOC_MESSAGE(1), &transfer);
}

#endif
