// input (evdev) ioctls for LinuxPlatform.
#ifndef CLINUX_INPUT_H
#define CLINUX_INPUT_H

#include <linux/input.h>
#include <sys/ioctl.h>
#include <time.h>

/// The size of `struct input_event` on this machine: 24 bytes on 64-bit Linux (a 16-byte
/// timeval, then type u16, code u16, value s32), 16 on 32-bit with a 32-bit time_t.
static inline int CLinux_inputEventSize(void) { return (int)sizeof(struct input_event); }

/// EVIOCGNAME: the device's name into `name` (NUL-terminated); returns the length or -1.
static inline int CLinux_inputDeviceName(int descriptor, char *name, unsigned int capacity) {
    return ioctl(descriptor, EVIOCGNAME(capacity), name);
}

/// EVIOCGBIT(EV_KEY): the bitmap of key codes the device can send; returns bytes or -1.
static inline int CLinux_inputKeyCapabilities(int descriptor, unsigned char *bits,
                                              unsigned int capacity) {
    return ioctl(descriptor, EVIOCGBIT(EV_KEY, capacity), bits);
}

/// EVIOCGKEY: the bitmap of keys held down now (to resynchronise after SYN_DROPPED).
static inline int CLinux_inputKeyState(int descriptor, unsigned char *bits,
                                       unsigned int capacity) {
    return ioctl(descriptor, EVIOCGKEY(capacity), bits);
}

/// EVIOCSCLOCKID: stamp events with CLOCK_MONOTONIC instead of the wall clock.
static inline int CLinux_inputUseMonotonicClock(int descriptor) {
    int clock = CLOCK_MONOTONIC;
    return ioctl(descriptor, EVIOCSCLOCKID, &clock);
}

/// The number of bytes a key bitmap needs: KEY_MAX bits.
static inline unsigned int CLinux_inputKeyBitmapSize(void) { return KEY_MAX / 8 + 1; }

#endif
