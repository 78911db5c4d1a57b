// One small C API over libgpiod 1.6 and 2.x, chosen when the shim is compiled: the 1.6
// header defines GPIOD_LINE_BULK_MAX_LINES, the 2.x header does not. Every function
// reports failure as a negative errno (or NULL plus *errorNumber) and never exits.
#ifndef CGPIOD_SHIM_API_H
#define CGPIOD_SHIM_API_H

#include <stddef.h>
#include <stdint.h>

/// Room for a chip's device path, name and label, with the terminating NUL.
#define CGPIOD_PATH_CAPACITY 256
#define CGPIOD_NAME_CAPACITY 64

/// One GPIO chip character device, as `CGPIOD_listChips` finds it.
typedef struct {
    /// The device path, for example "/dev/gpiochip0".
    char path[CGPIOD_PATH_CAPACITY];
    /// The kernel's name, "gpiochip0".
    char name[CGPIOD_NAME_CAPACITY];
    /// The driver's label, "pinctrl-bcm2711"; empty when the chip could not be opened.
    char label[CGPIOD_NAME_CAPACITY];
    /// How many lines the chip has; 0 when it could not be opened.
    unsigned int lineCount;
    /// 0, or the errno of opening the chip (EACCES: not in group gpio).
    int errorNumber;
} CGPIOD_ChipInfo;

/// The pull resistor of an input line.
typedef enum {
    CGPIOD_BIAS_PULL_UP = 0,
    CGPIOD_BIAS_PULL_DOWN = 1,
    CGPIOD_BIAS_DISABLED = 2,
} CGPIOD_Bias;

/// One edge seen by the kernel on a requested line.
typedef struct {
    /// The line's offset on its chip.
    unsigned int offset;
    /// 1 for a rising edge (the line went high), 0 for a falling edge.
    int rising;
    /// The kernel's timestamp of the edge, in nanoseconds (CLOCK_MONOTONIC on kernels from 5.7).
    uint64_t timestampNanoseconds;
} CGPIOD_Edge;

/// Input lines requested from one chip, with edge detection.
typedef struct CGPIOD_Request CGPIOD_Request;

/// The libgpiod API the shim was compiled against: 1 or 2.
int CGPIOD_apiMajorVersion(void);

/// The version string of the libgpiod library loaded at run time.
const char *CGPIOD_libraryVersion(void);

/// Whether the kernel can debounce lines through this API (libgpiod 2.x only).
int CGPIOD_hasKernelDebounce(void);

/// Lists the `gpiochipN` devices in `directory` (normally "/dev") in numeric order. Fills
/// at most `capacity` entries of `chips` and returns how many chips there are (which may be
/// more than `capacity`), or -errno when the directory cannot be read.
int CGPIOD_listChips(const char *directory, CGPIOD_ChipInfo *chips, int capacity);

/// The offset of the line named `name` ("GPIO17") on the chip at `chipPath`; -ENOENT when
/// the chip has no such line, another -errno when the chip cannot be opened.
int CGPIOD_findLine(const char *chipPath, const char *name);

/// Whether line `offset` of the chip at `chipPath` is in use: 1 (its consumer's name copied
/// into `consumer`, possibly empty), 0 when free, -errno when it cannot be asked.
int CGPIOD_lineConsumer(const char *chipPath, unsigned int offset, char *consumer,
                        size_t capacity);

/// Requests `count` lines of the chip at `chipPath` as inputs with `bias`, edge detection
/// on both edges, and (libgpiod 2.x) kernel debounce of `debounceMicroseconds`. Returns
/// NULL with `*errorNumber` set on failure (EBUSY: another consumer holds a line).
CGPIOD_Request *CGPIOD_requestInputs(const char *chipPath, const unsigned int *offsets,
                                     size_t count, CGPIOD_Bias bias,
                                     unsigned long debounceMicroseconds,
                                     const char *consumer, int *errorNumber);

/// The one file descriptor that becomes readable when edges are waiting.
int CGPIOD_requestFileDescriptor(const CGPIOD_Request *request);

/// Reads the current level (0 low, 1 high) of every requested line into `levels`, in the
/// order of the request. Returns 0, or -errno.
int CGPIOD_readLevels(CGPIOD_Request *request, int *levels);

/// Reads the edges that are waiting, without blocking: returns how many were stored in
/// `edges` (0 when none are waiting), or -errno.
int CGPIOD_readEdges(CGPIOD_Request *request, CGPIOD_Edge *edges, int capacity);

/// Requests `count` lines of the chip at `chipPath` as outputs (push-pull, no bias), line
/// `i` starting at `levels[i]` (0 low, 1 high). Returns NULL with `*errorNumber` set on
/// failure (EBUSY: another consumer holds a line).
CGPIOD_Request *CGPIOD_requestOutputs(const char *chipPath, const unsigned int *offsets,
                                      size_t count, const int *levels, const char *consumer,
                                      int *errorNumber);

/// Drives every line of an output request to `levels` (0 low, 1 high), in the order of
/// the request. Returns 0, or -errno.
int CGPIOD_setLevels(CGPIOD_Request *request, const int *levels);

/// Waits at most `timeoutMilliseconds` for edges on an input request: 1 when edges are
/// waiting (read them with CGPIOD_readEdges), 0 on timeout, -errno on failure. Retries
/// EINTR with the time that is left.
int CGPIOD_waitForEdges(CGPIOD_Request *request, int timeoutMilliseconds);

/// Releases the lines and frees the request.
void CGPIOD_release(CGPIOD_Request *request);

#endif
