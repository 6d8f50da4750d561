// libmosquitto as the system provides it (Debian's libmosquitto-dev, 2.0.x): the client
// API's types and constants, the MQTT v5 reason codes and property identifiers, and the
// functions lane calls, found in the library only when a client is first made.
//
// The library is loaded with dlopen, not linked: a lane without a broker (a replay, a lane
// that keeps its own scores) never maps libmosquitto nor the OpenSSL it brings (1.7 MiB of a
// replay's 17.5, docs/history.md), and runs where libmosquitto is not installed.
#ifndef LANEBRIDGE_CMOSQUITTO_H
#define LANEBRIDGE_CMOSQUITTO_H

#include <stdbool.h>
#include <stddef.h>
#include <mosquitto.h>
#include <mqtt_protocol.h>

/// The soname lane loads: the one Debian's libmosquitto1 and every 1.x/2.x build install.
#define LANE_MOSQUITTO_LIBRARY "libmosquitto.so.1"

/// Each libmosquitto function lane calls, X(name) for each: the struct below and the loader
/// list them from here.
#define LANE_MOSQUITTO_FUNCTIONS(X)                                              \
  X(mosquitto_lib_init) X(mosquitto_strerror) X(mosquitto_reason_string)          \
  X(mosquitto_new) X(mosquitto_destroy) X(mosquitto_int_option)                   \
  X(mosquitto_username_pw_set) X(mosquitto_will_set_v5) X(mosquitto_tls_set)     \
  X(mosquitto_reconnect_delay_set) X(mosquitto_connect_v5_callback_set)           \
  X(mosquitto_disconnect_v5_callback_set) X(mosquitto_publish_v5_callback_set)    \
  X(mosquitto_subscribe_v5_callback_set) X(mosquitto_message_v5_callback_set)     \
  X(mosquitto_connect_bind_v5) X(mosquitto_threaded_set) X(mosquitto_loop)        \
  X(mosquitto_reconnect) X(mosquitto_disconnect_v5) X(mosquitto_publish_v5)       \
  X(mosquitto_subscribe_v5)

/// The functions, each typed as the library's own header declares it.
struct lane_mosquitto {
#define LANE_MOSQUITTO_FIELD(name) __typeof__(name) *_Nonnull name;
  LANE_MOSQUITTO_FUNCTIONS(LANE_MOSQUITTO_FIELD)
#undef LANE_MOSQUITTO_FIELD
};

/// Loads `library` (a soname the dynamic loader searches for, or a path) and finds every
/// function of `struct lane_mosquitto` in it. Returns the functions, valid for the rest of the
/// process; or NULL with what is wrong in `why` (the loader's message, or the first function
/// the library lacks), the library unloaded again.
const struct lane_mosquitto *_Nullable lane_mosquitto_load(
    const char *_Nonnull library, char *_Nonnull why, size_t why_size);

#endif
