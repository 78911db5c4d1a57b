// CLinux is header-only (static inline wrappers) but for what needs headers of its own.
#include "CLinux.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/netlink.h>
#include <signal.h>

int CLinux_open_uevent_socket(void) {
    int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
                    NETLINK_KOBJECT_UEVENT);
    if (fd < 0) return -1;
    struct sockaddr_nl address;
    memset(&address, 0, sizeof address);
    address.nl_family = AF_NETLINK;
    address.nl_groups = 1;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        int failure = errno;
        close(fd);
        errno = failure;
        return -1;
    }
    return fd;
}

// The pipe the forwarded signals are written to; -1 when none.
static volatile sig_atomic_t forward_fd = -1;

static void forward_signal(int number) {
    int saved = errno;
    int fd = forward_fd;
    if (fd >= 0) {
        unsigned char byte = (unsigned char)number;
        (void)write(fd, &byte, 1);
    }
    errno = saved;
}

int CLinux_forward_signals(int fd, int first, int second) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    action.sa_handler = fd >= 0 ? forward_signal : SIG_IGN;
    if (fd >= 0) forward_fd = fd;
    if (sigaction(first, &action, NULL) != 0 || sigaction(second, &action, NULL) != 0) return -1;
    if (fd < 0) forward_fd = -1;
    return 0;
}
