// The shim's output lines (an e-paper panel's RESET, DC, CS) and its bounded wait for
// edges (the panel's BUSY line), for libgpiod 1.6 and 2.x.
#define _GNU_SOURCE
#include "CGPIODShim.h"
#include "internal.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int CGPIOD_internalWaitReadable(int descriptor, int timeoutMilliseconds) {
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int left = timeoutMilliseconds;
    while (1) {
        struct pollfd waiting = {.fd = descriptor, .events = POLLIN};
        int ready = poll(&waiting, 1, left);
        if (ready > 0) {
            if (waiting.revents & (POLLERR | POLLNVAL)) return -EIO;
            return 1;
        }
        if (ready == 0) return 0;
        if (errno != EINTR) return -errno;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long spent = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        left = spent >= timeoutMilliseconds ? 0 : timeoutMilliseconds - (int)spent;
    }
}

#ifdef GPIOD_LINE_BULK_MAX_LINES
// ---- libgpiod 1.6 ----

CGPIOD_Request *CGPIOD_requestOutputs(const char *chipPath, const unsigned int *offsets,
                                      size_t count, const int *levels, const char *consumer,
                                      int *errorNumber) {
    if (count == 0 || count > GPIOD_LINE_BULK_MAX_LINES) {
        *errorNumber = EINVAL;
        return NULL;
    }
    CGPIOD_Request *request = calloc(1, sizeof *request);
    if (!request) {
        *errorNumber = ENOMEM;
        return NULL;
    }
    request->epollDescriptor = -1;
    request->chip = gpiod_chip_open(chipPath);
    if (!request->chip) goto failed;
    if (gpiod_chip_get_lines(request->chip, (unsigned int *)offsets, (unsigned int)count,
                             &request->lines) < 0)
        goto failed;
    if (gpiod_line_request_bulk_output(&request->lines, consumer, levels) < 0) goto failed;
    return request;
failed:
    *errorNumber = errno ? errno : EIO;
    CGPIOD_release(request);
    return NULL;
}

int CGPIOD_setLevels(CGPIOD_Request *request, const int *levels) {
    return gpiod_line_set_value_bulk(&request->lines, (int *)levels) < 0 ? -errno : 0;
}

int CGPIOD_waitForEdges(CGPIOD_Request *request, int timeoutMilliseconds) {
    if (request->epollDescriptor < 0) return -EINVAL;  // an output request has no edges
    return CGPIOD_internalWaitReadable(request->epollDescriptor, timeoutMilliseconds);
}

#else
// ---- libgpiod 2.x ----

CGPIOD_Request *CGPIOD_requestOutputs(const char *chipPath, const unsigned int *offsets,
                                      size_t count, const int *levels, const char *consumer,
                                      int *errorNumber) {
    if (count == 0 || count > 64) {
        *errorNumber = EINVAL;
        return NULL;
    }
    CGPIOD_Request *request = calloc(1, sizeof *request);
    struct gpiod_chip *chip = NULL;
    struct gpiod_line_settings *settings = NULL;
    struct gpiod_line_config *lineConfig = NULL;
    struct gpiod_request_config *requestConfig = NULL;
    if (!request) {
        *errorNumber = ENOMEM;
        return NULL;
    }
    request->count = count;
    memcpy(request->offsets, offsets, count * sizeof *offsets);
    errno = 0;
    chip = gpiod_chip_open(chipPath);
    settings = gpiod_line_settings_new();
    lineConfig = gpiod_line_config_new();
    requestConfig = gpiod_request_config_new();
    if (!chip || !settings || !lineConfig || !requestConfig) goto failed;
    for (size_t index = 0; index < count; index++) {
        gpiod_line_settings_reset(settings);
        if (gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT) < 0 ||
            gpiod_line_settings_set_bias(settings, GPIOD_LINE_BIAS_DISABLED) < 0 ||
            gpiod_line_settings_set_output_value(settings, levels[index]
                                                               ? GPIOD_LINE_VALUE_ACTIVE
                                                               : GPIOD_LINE_VALUE_INACTIVE) < 0 ||
            gpiod_line_config_add_line_settings(lineConfig, &offsets[index], 1, settings) < 0)
            goto failed;
    }
    gpiod_request_config_set_consumer(requestConfig, consumer);
    request->lines = gpiod_chip_request_lines(chip, requestConfig, lineConfig);
    if (!request->lines) goto failed;
    gpiod_request_config_free(requestConfig);
    gpiod_line_config_free(lineConfig);
    gpiod_line_settings_free(settings);
    gpiod_chip_close(chip);
    return request;
failed:
    *errorNumber = errno ? errno : EIO;
    gpiod_request_config_free(requestConfig);
    gpiod_line_config_free(lineConfig);
    gpiod_line_settings_free(settings);
    if (chip) gpiod_chip_close(chip);
    CGPIOD_release(request);
    return NULL;
}

int CGPIOD_setLevels(CGPIOD_Request *request, const int *levels) {
    enum gpiod_line_value values[64];
    for (size_t index = 0; index < request->count; index++) {
        values[index] = levels[index] ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    }
    return gpiod_line_request_set_values(request->lines, values) < 0 ? -errno : 0;
}

int CGPIOD_waitForEdges(CGPIOD_Request *request, int timeoutMilliseconds) {
    return CGPIOD_internalWaitReadable(gpiod_line_request_get_fd(request->lines), timeoutMilliseconds);
}

#endif
