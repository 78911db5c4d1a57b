// Virtual terminal switching for a screen that holds DRM master: VT_SETMODE with
// VT_PROCESS, so the kernel asks (with a signal) before switching away from the kiosk's VT
// and tells it (another signal) when it is back; VT_RELDISP answers.
#ifndef CLINUX_VT_H
#define CLINUX_VT_H

#include <string.h>
#include <sys/ioctl.h>
#include <linux/vt.h>

/// VT_SETMODE VT_PROCESS: `release_signal` asks to let go of the screen, `acquire_signal`
/// says the VT is shown again.
static inline int CLinux_vt_process_mode(int fd, int release_signal, int acquire_signal) {
    struct vt_mode mode;
    memset(&mode, 0, sizeof mode);
    mode.mode = VT_PROCESS;
    mode.relsig = (short)release_signal;
    mode.acqsig = (short)acquire_signal;
    return ioctl(fd, VT_SETMODE, &mode);
}

/// VT_SETMODE VT_AUTO: the kernel switches VTs on its own again.
static inline int CLinux_vt_auto_mode(int fd) {
    struct vt_mode mode;
    memset(&mode, 0, sizeof mode);
    mode.mode = VT_AUTO;
    return ioctl(fd, VT_SETMODE, &mode);
}

/// VT_RELDISP 1: the screen is let go, the switch away may happen.
static inline int CLinux_vt_release(int fd) { return ioctl(fd, VT_RELDISP, 1); }

/// VT_RELDISP VT_ACKACQ: the VT is ours again.
static inline int CLinux_vt_acknowledge(int fd) { return ioctl(fd, VT_RELDISP, VT_ACKACQ); }

/// Makes `first` and `second` write their number (one byte) to `fd` from an
/// async-signal-safe handler, so a thread polling the pipe's read end handles them. A
/// negative `fd` ignores them again. Returns 0, or -1 with errno.
int CLinux_forward_signals(int fd, int first, int second);

#endif
