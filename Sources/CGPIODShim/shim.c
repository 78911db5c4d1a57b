// The shim over libgpiod: the parts both versions share, then one section per version.
#define _GNU_SOURCE
#include "CGPIODShim.h"
#include "internal.h"

#include <dirent.h>
#include <errno.h>
#include <gpiod.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <time.h>
#include <unistd.h>

static void copyText(char *destination, size_t capacity, const char *source) {
    if (capacity == 0) return;
    snprintf(destination, capacity, "%s", source ? source : "");
}

static int isChipName(const struct dirent *entry) {
    const char *name = entry->d_name;
    if (strncmp(name, "gpiochip", 8) != 0 || name[8] == '\0') return 0;
    for (const char *digit = name + 8; *digit; digit++) {
        if (*digit < '0' || *digit > '9') return 0;
    }
    return 1;
}

static int chipNumberOrder(const struct dirent **left, const struct dirent **right) {
    long a = strtol((*left)->d_name + 8, NULL, 10);
    long b = strtol((*right)->d_name + 8, NULL, 10);
    return (a > b) - (a < b);
}

static void describeChip(const char *path, CGPIOD_ChipInfo *info);

int CGPIOD_listChips(const char *directory, CGPIOD_ChipInfo *chips, int capacity) {
    struct dirent **entries = NULL;
    int count = scandir(directory, &entries, isChipName, chipNumberOrder);
    if (count < 0) return -errno;
    for (int index = 0; index < count; index++) {
        if (index < capacity) {
            CGPIOD_ChipInfo *info = &chips[index];
            memset(info, 0, sizeof *info);
            int length = snprintf(info->path, sizeof info->path, "%s/%s", directory,
                                  entries[index]->d_name);
            copyText(info->name, sizeof info->name, entries[index]->d_name);
            if (length < 0 || (size_t)length >= sizeof info->path) {
                info->errorNumber = ENAMETOOLONG;  // never open a cut-off path
            } else {
                describeChip(info->path, info);
            }
        }
        free(entries[index]);
    }
    free(entries);
    return count;
}

#ifdef GPIOD_LINE_BULK_MAX_LINES
// ---- libgpiod 1.6: per-line event file descriptors, gathered into one epoll set ----


int CGPIOD_apiMajorVersion(void) { return 1; }
const char *CGPIOD_libraryVersion(void) { return gpiod_version_string(); }
int CGPIOD_hasKernelDebounce(void) { return 0; }

static void describeChip(const char *path, CGPIOD_ChipInfo *info) {
    struct gpiod_chip *chip = gpiod_chip_open(path);
    if (!chip) {
        info->errorNumber = errno ? errno : ENODEV;
        return;
    }
    copyText(info->name, sizeof info->name, gpiod_chip_name(chip));
    copyText(info->label, sizeof info->label, gpiod_chip_label(chip));
    info->lineCount = gpiod_chip_num_lines(chip);
    gpiod_chip_close(chip);
}

int CGPIOD_findLine(const char *chipPath, const char *name) {
    struct gpiod_chip *chip = gpiod_chip_open(chipPath);
    if (!chip) return -(errno ? errno : ENODEV);
    errno = 0;
    struct gpiod_line *line = gpiod_chip_find_line(chip, name);
    int result = line ? (int)gpiod_line_offset(line) : -(errno ? errno : ENOENT);
    gpiod_chip_close(chip);
    return result;
}

int CGPIOD_lineConsumer(const char *chipPath, unsigned int offset, char *consumer,
                        size_t capacity) {
    copyText(consumer, capacity, "");
    struct gpiod_chip *chip = gpiod_chip_open(chipPath);
    if (!chip) return -(errno ? errno : ENODEV);
    struct gpiod_line *line = gpiod_chip_get_line(chip, offset);
    int result;
    if (!line) {
        result = -(errno ? errno : EINVAL);
    } else if (gpiod_line_is_used(line)) {
        copyText(consumer, capacity, gpiod_line_consumer(line));
        result = 1;
    } else {
        result = 0;
    }
    gpiod_chip_close(chip);
    return result;
}

CGPIOD_Request *CGPIOD_requestInputs(const char *chipPath, const unsigned int *offsets,
                                     size_t count, CGPIOD_Bias bias,
                                     unsigned long debounceMicroseconds,
                                     const char *consumer, int *errorNumber) {
    (void)debounceMicroseconds;  // the v1 uAPI has no kernel debounce
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
    int flags = bias == CGPIOD_BIAS_PULL_UP     ? GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP
                : bias == CGPIOD_BIAS_PULL_DOWN ? GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN
                                                : GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE;
    if (gpiod_line_request_bulk_both_edges_events_flags(&request->lines, consumer, flags) < 0)
        goto failed;
    request->epollDescriptor = epoll_create1(EPOLL_CLOEXEC);
    if (request->epollDescriptor < 0) goto failed;
    for (unsigned int index = 0; index < request->lines.num_lines; index++) {
        struct epoll_event interest = {.events = EPOLLIN, .data.u32 = index};
        int descriptor = gpiod_line_event_get_fd(request->lines.lines[index]);
        if (descriptor < 0 ||
            epoll_ctl(request->epollDescriptor, EPOLL_CTL_ADD, descriptor, &interest) < 0)
            goto failed;
    }
    return request;
failed:
    *errorNumber = errno ? errno : EIO;
    CGPIOD_release(request);
    return NULL;
}

int CGPIOD_requestFileDescriptor(const CGPIOD_Request *request) {
    return request->epollDescriptor;
}

int CGPIOD_readLevels(CGPIOD_Request *request, int *levels) {
    return gpiod_line_get_value_bulk(&request->lines, levels) < 0 ? -errno : 0;
}

int CGPIOD_readEdges(CGPIOD_Request *request, CGPIOD_Edge *edges, int capacity) {
    struct epoll_event ready[GPIOD_LINE_BULK_MAX_LINES];
    int readyCount;
    do {
        readyCount = epoll_wait(request->epollDescriptor, ready, GPIOD_LINE_BULK_MAX_LINES, 0);
    } while (readyCount < 0 && errno == EINTR);
    if (readyCount < 0) return -errno;
    int stored = 0;
    for (int index = 0; index < readyCount && stored < capacity; index++) {
        struct gpiod_line *line = request->lines.lines[ready[index].data.u32];
        struct gpiod_line_event events[16];
        int room = capacity - stored < 16 ? capacity - stored : 16;
        int count = gpiod_line_event_read_multiple(line, events, (unsigned int)room);
        if (count < 0) return -(errno ? errno : EIO);
        for (int event = 0; event < count; event++) {
            edges[stored].offset = gpiod_line_offset(line);
            edges[stored].rising = events[event].event_type == GPIOD_LINE_EVENT_RISING_EDGE;
            edges[stored].timestampNanoseconds =
                (uint64_t)events[event].ts.tv_sec * 1000000000u + (uint64_t)events[event].ts.tv_nsec;
            stored++;
        }
    }
    return stored;
}

void CGPIOD_release(CGPIOD_Request *request) {
    if (!request) return;
    if (request->epollDescriptor >= 0) close(request->epollDescriptor);
    int saved = errno;
    if (request->chip) gpiod_chip_close(request->chip);  // releases the requested lines
    errno = saved;
    free(request);
}

#else
// ---- libgpiod 2.x: one request file descriptor for all lines ----

static int pollReadable(int descriptor) {
    struct pollfd waiting = {.fd = descriptor, .events = POLLIN};
    int ready;
    do {
        ready = poll(&waiting, 1, 0);
    } while (ready < 0 && errno == EINTR);
    if (ready < 0) return -errno;
    if (ready > 0 && (waiting.revents & (POLLERR | POLLNVAL))) return -EIO;
    return ready > 0 && (waiting.revents & POLLIN) ? 1 : 0;
}


int CGPIOD_apiMajorVersion(void) { return 2; }
const char *CGPIOD_libraryVersion(void) { return gpiod_api_version(); }
int CGPIOD_hasKernelDebounce(void) { return 1; }

static void describeChip(const char *path, CGPIOD_ChipInfo *info) {
    struct gpiod_chip *chip = gpiod_chip_open(path);
    if (!chip) {
        info->errorNumber = errno ? errno : ENODEV;
        return;
    }
    struct gpiod_chip_info *chipInfo = gpiod_chip_get_info(chip);
    if (chipInfo) {
        copyText(info->name, sizeof info->name, gpiod_chip_info_get_name(chipInfo));
        copyText(info->label, sizeof info->label, gpiod_chip_info_get_label(chipInfo));
        info->lineCount = (unsigned int)gpiod_chip_info_get_num_lines(chipInfo);
        gpiod_chip_info_free(chipInfo);
    } else {
        info->errorNumber = errno ? errno : EIO;
    }
    gpiod_chip_close(chip);
}

int CGPIOD_findLine(const char *chipPath, const char *name) {
    struct gpiod_chip *chip = gpiod_chip_open(chipPath);
    if (!chip) return -(errno ? errno : ENODEV);
    errno = 0;
    int offset = gpiod_chip_get_line_offset_from_name(chip, name);
    int result = offset >= 0 ? offset : -(errno ? errno : ENOENT);
    gpiod_chip_close(chip);
    return result;
}

int CGPIOD_lineConsumer(const char *chipPath, unsigned int offset, char *consumer,
                        size_t capacity) {
    copyText(consumer, capacity, "");
    struct gpiod_chip *chip = gpiod_chip_open(chipPath);
    if (!chip) return -(errno ? errno : ENODEV);
    struct gpiod_line_info *info = gpiod_chip_get_line_info(chip, offset);
    int result;
    if (!info) {
        result = -(errno ? errno : EINVAL);
    } else {
        result = gpiod_line_info_is_used(info) ? 1 : 0;
        if (result) copyText(consumer, capacity, gpiod_line_info_get_consumer(info));
        gpiod_line_info_free(info);
    }
    gpiod_chip_close(chip);
    return result;
}

CGPIOD_Request *CGPIOD_requestInputs(const char *chipPath, const unsigned int *offsets,
                                     size_t count, CGPIOD_Bias bias,
                                     unsigned long debounceMicroseconds,
                                     const char *consumer, int *errorNumber) {
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
    request->buffer = gpiod_edge_event_buffer_new(64);
    if (!chip || !settings || !lineConfig || !requestConfig || !request->buffer) goto failed;
    enum gpiod_line_bias lineBias = bias == CGPIOD_BIAS_PULL_UP     ? GPIOD_LINE_BIAS_PULL_UP
                                    : bias == CGPIOD_BIAS_PULL_DOWN ? GPIOD_LINE_BIAS_PULL_DOWN
                                                                    : GPIOD_LINE_BIAS_DISABLED;
    if (gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT) < 0 ||
        gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH) < 0 ||
        gpiod_line_settings_set_bias(settings, lineBias) < 0)
        goto failed;
    gpiod_line_settings_set_debounce_period_us(settings, debounceMicroseconds);
    if (gpiod_line_config_add_line_settings(lineConfig, offsets, count, settings) < 0)
        goto failed;
    gpiod_request_config_set_consumer(requestConfig, consumer);
    gpiod_request_config_set_event_buffer_size(requestConfig, 64);
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

int CGPIOD_requestFileDescriptor(const CGPIOD_Request *request) {
    return gpiod_line_request_get_fd((struct gpiod_line_request *)request->lines);
}

int CGPIOD_readLevels(CGPIOD_Request *request, int *levels) {
    enum gpiod_line_value values[64];
    if (gpiod_line_request_get_values(request->lines, values) < 0) return -errno;
    for (size_t index = 0; index < request->count; index++) {
        levels[index] = values[index] == GPIOD_LINE_VALUE_ACTIVE ? 1 : 0;
    }
    return 0;
}

int CGPIOD_readEdges(CGPIOD_Request *request, CGPIOD_Edge *edges, int capacity) {
    int readable = pollReadable(gpiod_line_request_get_fd(request->lines));
    if (readable <= 0) return readable;
    int room = capacity < 64 ? capacity : 64;
    int count = gpiod_line_request_read_edge_events(request->lines, request->buffer,
                                                    (size_t)room);
    if (count < 0) return -(errno ? errno : EIO);
    for (int index = 0; index < count; index++) {
        struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(request->buffer,
                                                                           (unsigned long)index);
        edges[index].offset = gpiod_edge_event_get_line_offset(event);
        edges[index].rising =
            gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
        edges[index].timestampNanoseconds = gpiod_edge_event_get_timestamp_ns(event);
    }
    return count;
}

void CGPIOD_release(CGPIOD_Request *request) {
    if (!request) return;
    int saved = errno;
    if (request->lines) gpiod_line_request_release(request->lines);
    if (request->buffer) gpiod_edge_event_buffer_free(request->buffer);
    errno = saved;
    free(request);
}

#endif
