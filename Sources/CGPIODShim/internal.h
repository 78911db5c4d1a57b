// The request structure of each libgpiod version, shared by shim.c (inputs) and
// outputs.c (outputs and the BUSY wait). Not part of the shim's API.
#ifndef CGPIOD_SHIM_INTERNAL_H
#define CGPIOD_SHIM_INTERNAL_H

#include <gpiod.h>
#include <stddef.h>

#ifdef GPIOD_LINE_BULK_MAX_LINES
struct CGPIOD_Request {
    struct gpiod_chip *chip;
    struct gpiod_line_bulk lines;
    int epollDescriptor;
};
#else
struct CGPIOD_Request {
    struct gpiod_line_request *lines;
    struct gpiod_edge_event_buffer *buffer;
    size_t count;
    unsigned int offsets[64];
};
#endif

/// Waits at most `timeoutMilliseconds` for `descriptor` to become readable: 1, 0 on
/// timeout, -errno. Retries EINTR with the time that is left.
int CGPIOD_internalWaitReadable(int descriptor, int timeoutMilliseconds);

#endif
