// libmosquitto (Debian's libmosquitto-dev 2.0) for the HomeAssistant adapter. Everything it
// needs imports as is; these wrappers only name the constants that are macros or enums
// Swift imports awkwardly, so the adapter reads like the C documentation.
#ifndef CMOSQUITTO_SHIM_H
#define CMOSQUITTO_SHIM_H

#include <mosquitto.h>
#include <mqtt_protocol.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>

// MQTT 3.1.1 for mosquitto_int_option(MOSQ_OPT_PROTOCOL_VERSION, …).
static inline int CMosquitto_protocol_v311(void) { return MQTT_PROTOCOL_V311; }

// MQTT 5 for mosquitto_int_option(MOSQ_OPT_PROTOCOL_VERSION, …): its CONNECT can tell the
// broker the largest packet the client takes.
static inline int CMosquitto_protocol_v5(void) { return MQTT_PROTOCOL_V5; }

// CONNACK codes for a refused user: MQTT 3.1.1's return codes (section 3.2.2.3) and
// MQTT 5's reason codes (section 3.2.2.2).
static inline int CMosquitto_connack_bad_credentials(void) { return 4; }
static inline int CMosquitto_connack_not_authorised(void) { return 5; }
static inline int CMosquitto_connack_bad_credentials_v5(void) {
    return MQTT_RC_BAD_USERNAME_OR_PASSWORD;
}
static inline int CMosquitto_connack_not_authorised_v5(void) { return MQTT_RC_NOT_AUTHORIZED; }

// CONNECT properties with a Maximum Packet Size of `bytes`: the broker sends nothing larger
// to this client (it drops it). NULL when out of memory; free with
// mosquitto_property_free_all.
static inline mosquitto_property *CMosquitto_maximum_packet_size(uint32_t bytes) {
    mosquitto_property *properties = NULL;
    if (mosquitto_property_add_int32(&properties, MQTT_PROP_MAXIMUM_PACKET_SIZE, bytes)
        != MOSQ_ERR_SUCCESS) {
        return NULL;
    }
    return properties;
}

// An eventfd that wakes the connection's thread from its back-off sleep on stop.
static inline int CMosquitto_wake_descriptor(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

// Names the calling thread (prctl is variadic): `top -H` and the tests see it.
static inline void CMosquitto_name_thread(const char *name) {
    prctl(PR_SET_NAME, name, 0, 0, 0);
}

#endif
