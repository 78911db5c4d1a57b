// The kernel's device events (uevents) for the DRM display's hotplug watch. Declared here
// without system headers and defined in shim.c, so that the socket declarations stay
// Glibc's (a header that included them would make them this module's).
#ifndef CLINUX_UEVENT_H
#define CLINUX_UEVENT_H

/// A non-blocking, close-on-exec socket on the kernel's uevent multicast group
/// (NETLINK_KOBJECT_UEVENT, group 1): one datagram per device event,
/// "ACTION@DEVPATH\0KEY=VALUE\0...". -1 with errno on failure.
int CLinux_open_uevent_socket(void);

#endif
