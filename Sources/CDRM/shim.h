// libdrm (Debian's libdrm-dev) for the DRM/KMS display: cards, connectors, modes, dumb
// buffers, page flips and the DPMS property, plus typed wrappers for what Swift cannot
// import (the DRM_IOCTL_* macros, the page-flip event callback). No socket headers here:
// declarations a system module includes textually would belong to it (the uevent socket is
// CLinux's).
#ifndef CDRM_SHIM_H
#define CDRM_SHIM_H

#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

/// DRM_IOCTL_MODE_CREATE_DUMB: a buffer of `width` x `height` at `bpp` bits; fills in
/// `handle`, `pitch` (bytes per row, driver-aligned) and `size`.
static inline int CDRM_create_dumb(int fd, uint32_t width, uint32_t height, uint32_t bpp,
                                   uint32_t *handle, uint32_t *pitch, uint64_t *size) {
    struct drm_mode_create_dumb request;
    memset(&request, 0, sizeof request);
    request.width = width;
    request.height = height;
    request.bpp = bpp;
    int result = drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &request);
    if (result == 0) {
        *handle = request.handle;
        *pitch = request.pitch;
        *size = request.size;
    }
    return result;
}

/// DRM_IOCTL_MODE_MAP_DUMB: the offset to mmap the buffer `handle` at, on the card's fd.
static inline int CDRM_map_dumb(int fd, uint32_t handle, uint64_t *offset) {
    struct drm_mode_map_dumb request;
    memset(&request, 0, sizeof request);
    request.handle = handle;
    int result = drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &request);
    if (result == 0) *offset = request.offset;
    return result;
}

/// DRM_IOCTL_MODE_DESTROY_DUMB.
static inline int CDRM_destroy_dumb(int fd, uint32_t handle) {
    struct drm_mode_destroy_dumb request;
    memset(&request, 0, sizeof request);
    request.handle = handle;
    return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &request);
}

static void CDRM_flip_done(int fd, unsigned int sequence, unsigned int seconds,
                           unsigned int microseconds, void *data) {
    (void)fd; (void)sequence; (void)seconds; (void)microseconds;
    *(int *)data = 1;
}

/// Asks for `framebuffer` to be scanned out by `crtc` at the next vblank and waits up to
/// `timeout_ms` for it to happen, so the buffer shown before is free to draw into.
/// Returns 0 when the flip happened; -1 with errno when the driver refused the flip (no
/// page flip support: EINVAL, ENOSYS, EOPNOTSUPP; the CRTC is off: EBUSY); -2 with errno
/// when the wait failed (ETIMEDOUT when the vblank never came).
static inline int CDRM_page_flip_and_wait(int fd, uint32_t crtc, uint32_t framebuffer,
                                          int timeout_ms) {
    int done = 0;
    if (drmModePageFlip(fd, crtc, framebuffer, DRM_MODE_PAGE_FLIP_EVENT, &done) != 0) return -1;
    drmEventContext context;
    memset(&context, 0, sizeof context);
    context.version = 2;
    context.page_flip_handler = CDRM_flip_done;
    while (!done) {
        struct pollfd entry = { .fd = fd, .events = POLLIN, .revents = 0 };
        int ready = poll(&entry, 1, timeout_ms);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return -2;
        }
        if (ready == 0) {
            errno = ETIMEDOUT;
            return -2;
        }
        // Reads the event and calls CDRM_flip_done with the &done given to the flip.
        if (drmHandleEvent(fd, &context) != 0) return -2;
    }
    return 0;
}

/// The connector type's name as the kernel spells it ("HDMI-A", "DSI", "Composite",
/// "Virtual"), or NULL for an unknown type.
static inline const char *CDRM_connector_type_name(uint32_t type) {
    return drmModeGetConnectorTypeName(type);
}

static const uint32_t CDRM_MODE_TYPE_PREFERRED = DRM_MODE_TYPE_PREFERRED;
static const uint32_t CDRM_MODE_PAGE_FLIP_EVENT = DRM_MODE_PAGE_FLIP_EVENT;
static const uint64_t CDRM_DPMS_ON = DRM_MODE_DPMS_ON;
static const uint64_t CDRM_DPMS_OFF = DRM_MODE_DPMS_OFF;
static const uint32_t CDRM_MODE_OBJECT_CONNECTOR = DRM_MODE_OBJECT_CONNECTOR;
static const uint32_t CDRM_FORMAT_XRGB8888 = 0x34325258;  // DRM_FORMAT_XRGB8888, 'XR24'
static const uint64_t CDRM_CAP_DUMB_BUFFER = DRM_CAP_DUMB_BUFFER;

#endif
