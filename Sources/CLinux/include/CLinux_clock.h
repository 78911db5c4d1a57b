// Clock state for LinuxPlatform: whether the kernel considers the clock synchronised.
#ifndef CLINUX_CLOCK_H
#define CLINUX_CLOCK_H

#include <sys/timex.h>

/// 1 when the kernel's clock is synchronised (NTP or timesyncd set it), 0 when not, -1 when
/// the state cannot be read. A Pi without a real-time clock boots unsynchronised.
static inline int CLinux_clock_synchronized(void) {
    struct timex state = {0};
    int result = adjtimex(&state);
    if (result == -1) return -1;
    return (result == TIME_ERROR || (state.status & STA_UNSYNC)) ? 0 : 1;
}

#endif
