// libmosquitto as the system provides it (Debian's libmosquitto-dev, 2.0.x): the client
// API's types and constants, the MQTT v5 reason codes and property identifiers, and the
// functions lane calls, found in the library only when a client is first made.
//
// The library is loaded with dlopen, not linked: a lane without a broker (a replay, a lane
// that keeps its own scores) never maps libmosquitto nor the OpenSSL it brings (1.7 MiB of a
// replay's 17.5, docs/performance.md), and runs where libmosquitto is not installed.
#ifndef LANEBRIDGE_CMOSQUITTO_H
#define LANEBRIDGE_CMOSQUITTO_H

#include <stdbool.h>
#include <stddef.h>
#include <mosquitto.h>
#include <mqtt_protocol.h>

/// The soname lane loads: the one Debian's libmosquitto1 and every 1.x/2.x build install.
#define LANE_MOSQUITTO_LIBRARY "libmosquitto.so.1"

/// Each libmosquitto function lane calls, as the library's own header declares it.
struct lane_mosquitto {
  __typeof__(mosquitto_lib_init) *_Nonnull mosquitto_lib_init;
  __typeof__(mosquitto_lib_version) *_Nonnull mosquitto_lib_version;
  __typeof__(mosquitto_strerror) *_Nonnull mosquitto_strerror;
  __typeof__(mosquitto_reason_string) *_Nonnull mosquitto_reason_string;
  __typeof__(mosquitto_new) *_Nonnull mosquitto_new;
  __typeof__(mosquitto_destroy) *_Nonnull mosquitto_destroy;
  __typeof__(mosquitto_int_option) *_Nonnull mosquitto_int_option;
  __typeof__(mosquitto_username_pw_set) *_Nonnull mosquitto_username_pw_set;
  __typeof__(mosquitto_will_set_v5) *_Nonnull mosquitto_will_set_v5;
  __typeof__(mosquitto_tls_set) *_Nonnull mosquitto_tls_set;
  __typeof__(mosquitto_reconnect_delay_set) *_Nonnull mosquitto_reconnect_delay_set;
  __typeof__(mosquitto_connect_v5_callback_set) *_Nonnull mosquitto_connect_v5_callback_set;
  __typeof__(mosquitto_disconnect_v5_callback_set) *_Nonnull mosquitto_disconnect_v5_callback_set;
  __typeof__(mosquitto_publish_v5_callback_set) *_Nonnull mosquitto_publish_v5_callback_set;
  __typeof__(mosquitto_subscribe_v5_callback_set) *_Nonnull mosquitto_subscribe_v5_callback_set;
  __typeof__(mosquitto_message_v5_callback_set) *_Nonnull mosquitto_message_v5_callback_set;
  __typeof__(mosquitto_connect_bind_v5) *_Nonnull mosquitto_connect_bind_v5;
  __typeof__(mosquitto_threaded_set) *_Nonnull mosquitto_threaded_set;
  __typeof__(mosquitto_loop) *_Nonnull mosquitto_loop;
  __typeof__(mosquitto_reconnect) *_Nonnull mosquitto_reconnect;
  __typeof__(mosquitto_disconnect_v5) *_Nonnull mosquitto_disconnect_v5;
  __typeof__(mosquitto_publish_v5) *_Nonnull mosquitto_publish_v5;
  __typeof__(mosquitto_subscribe_v5) *_Nonnull mosquitto_subscribe_v5;
};

/// Loads `library` (a soname the dynamic loader searches for, or a path) and finds every
/// function of `struct lane_mosquitto` in it. Returns the functions, valid for the rest of the
/// process; or NULL with what is wrong in `why` (the loader's message, or the first function
/// the library lacks), the library unloaded again.
const struct lane_mosquitto *_Nullable lane_mosquitto_load(
    const char *_Nonnull library, char *_Nonnull why, size_t why_size);

#endif
