// CLinux is header-only (static inline wrappers) but for what needs headers of its own.
#include "CLinux.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/netlink.h>

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
