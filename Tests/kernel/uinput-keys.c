// uinput-keys: a keyboard made through /dev/uinput for the kernel tests (vm-checks.sh).
//
//   uinput-keys NAME
//
// Creates an input device called NAME with a few keys and kernel auto-repeat, prints its
// /dev/input/eventN path on stdout, then reads commands from stdin, one per line:
//   press KEY | release KEY | sleep MILLISECONDS | quit
// KEY is a name from the table below or a decimal key code. Every press and release is
// followed by a SYN_REPORT. Exits 0 after "quit" or end of input (removing the device),
// 1 with a message on stderr when anything fails.
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static const struct {
    const char *name;
    int code;
} keys[] = {
    {"KEY_LEFT", KEY_LEFT}, {"KEY_RIGHT", KEY_RIGHT}, {"KEY_UP", KEY_UP},
    {"KEY_DOWN", KEY_DOWN}, {"KEY_ENTER", KEY_ENTER}, {"KEY_SPACE", KEY_SPACE},
    {"KEY_ESC", KEY_ESC},   {"KEY_A", KEY_A},         {"KEY_B", KEY_B},
    {"KEY_C", KEY_C},       {"KEY_1", KEY_1},         {"KEY_2", KEY_2},
    {"KEY_3", KEY_3},
};

static int fail(const char *what) {
    fprintf(stderr, "uinput-keys: %s: %s\n", what, strerror(errno));
    return 1;
}

static int key_code(const char *text) {
    for (size_t index = 0; index < sizeof keys / sizeof keys[0]; index++) {
        if (strcmp(keys[index].name, text) == 0) return keys[index].code;
    }
    char *end = NULL;
    long code = strtol(text, &end, 10);
    return (end != text && *end == '\0' && code > 0 && code < KEY_MAX) ? (int)code : -1;
}

static int emit(int device, int type, int code, int value) {
    struct input_event event;
    memset(&event, 0, sizeof event);
    event.type = (unsigned short)type;
    event.code = (unsigned short)code;
    event.value = value;
    ssize_t written;
    do {
        written = write(device, &event, sizeof event);
    } while (written < 0 && errno == EINTR);
    return written == (ssize_t)sizeof event ? 0 : -1;
}

static void sleep_milliseconds(long milliseconds) {
    struct timespec remaining = {milliseconds / 1000, (milliseconds % 1000) * 1000000L};
    while (nanosleep(&remaining, &remaining) < 0 && errno == EINTR) {}
}

int main(int argc, char **argv) {
    if (argc != 2 || strlen(argv[1]) >= UINPUT_MAX_NAME_SIZE) {
        fprintf(stderr, "usage: uinput-keys NAME (shorter than %d bytes)\n", UINPUT_MAX_NAME_SIZE);
        return 2;
    }
    int device = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
    if (device < 0) return fail("open /dev/uinput");
    if (ioctl(device, UI_SET_EVBIT, EV_KEY) < 0 || ioctl(device, UI_SET_EVBIT, EV_REP) < 0) {
        return fail("UI_SET_EVBIT");
    }
    for (size_t index = 0; index < sizeof keys / sizeof keys[0]; index++) {
        if (ioctl(device, UI_SET_KEYBIT, keys[index].code) < 0) return fail("UI_SET_KEYBIT");
    }
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_HOST;
    setup.id.vendor = 0x0001;
    setup.id.product = 0x0001;
    setup.id.version = 0x0100;
    strcpy(setup.name, argv[1]);
    if (ioctl(device, UI_DEV_SETUP, &setup) < 0) return fail("UI_DEV_SETUP");
    if (ioctl(device, UI_DEV_CREATE) < 0) return fail("UI_DEV_CREATE");

    // UI_GET_SYSNAME gives "inputN"; its eventM child is the node a reader opens.
    char system_name[64] = {0};
    if (ioctl(device, UI_GET_SYSNAME(sizeof system_name - 1), system_name) < 0) {
        return fail("UI_GET_SYSNAME");
    }
    char event_node[64] = {0};
    for (int attempt = 0; attempt < 100 && event_node[0] == '\0'; attempt++) {
        for (int number = 0; number < 64; number++) {
            char path[160];
            snprintf(path, sizeof path, "/sys/devices/virtual/input/%s/event%d", system_name, number);
            if (access(path, F_OK) == 0) {
                snprintf(event_node, sizeof event_node, "/dev/input/event%d", number);
                break;
            }
        }
        if (event_node[0] == '\0') sleep_milliseconds(20);
    }
    if (event_node[0] == '\0') {
        errno = ENOENT;
        return fail("no eventN node appeared for the new device");
    }
    printf("%s\n", event_node);
    fflush(stdout);

    char line[128];
    while (fgets(line, sizeof line, stdin) != NULL) {
        char command[32] = {0}, argument[64] = {0};
        int fields = sscanf(line, "%31s %63s", command, argument);
        if (fields < 1) continue;
        if (strcmp(command, "quit") == 0) break;
        if (strcmp(command, "sleep") == 0 && fields == 2) {
            sleep_milliseconds(strtol(argument, NULL, 10));
            continue;
        }
        int value = strcmp(command, "press") == 0 ? 1 : strcmp(command, "release") == 0 ? 0 : -1;
        int code = fields == 2 ? key_code(argument) : -1;
        if (value < 0 || code < 0) {
            fprintf(stderr, "uinput-keys: cannot understand \"%.*s\"\n", (int)strcspn(line, "\n"), line);
            return 1;
        }
        if (emit(device, EV_KEY, code, value) < 0 || emit(device, EV_SYN, SYN_REPORT, 0) < 0) {
            return fail("write an event");
        }
    }
    ioctl(device, UI_DEV_DESTROY);
    close(device);
    return 0;
}
