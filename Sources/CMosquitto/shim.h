// libmosquitto (Debian's libmosquitto-dev 2.0) for the HomeAssistant adapter. Everything it
// needs imports as is; these wrappers only name the constants that are macros or enums
// Swift imports awkwardly, so the adapter reads like the C documentation.
#ifndef CMOSQUITTO_SHIM_H
#define CMOSQUITTO_SHIM_H

#include <mosquitto.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>

// MQTT 3.1.1 for mosquitto_int_option(MOSQ_OPT_PROTOCOL_VERSION, …).
static inline int CMosquitto_protocol_v311(void) { return MQTT_PROTOCOL_V311; }

// CONNACK return codes of MQTT 3.1.1 (section 3.2.2.3).
static inline int CMosquitto_connack_bad_credentials(void) { return 4; }
static inline int CMosquitto_connack_not_authorised(void) { return 5; }

// An eventfd that wakes the connection's thread from its back-off sleep on stop.
static inline int CMosquitto_wake_descriptor(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

// Names the calling thread (prctl is variadic): `top -H` and the tests see it.
static inline void CMosquitto_name_thread(const char *name) {
    prctl(PR_SET_NAME, name, 0, 0, 0);
}

#endif
