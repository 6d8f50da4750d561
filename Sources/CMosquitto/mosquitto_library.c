#include "CMosquitto.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

const struct lane_mosquitto *lane_mosquitto_load(
    const char *library, char *why, size_t why_size) {
  void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    snprintf(why, why_size, "%s", dlerror());
    return NULL;
  }
  struct lane_mosquitto *found = malloc(sizeof *found);
  if (found == NULL) {
    snprintf(why, why_size, "no memory for %s's functions", library);
    dlclose(handle);
    return NULL;
  }
#define FIND(name)                                                                          \
  found->name = (__typeof__(found->name))dlsym(handle, #name);                              \
  if (found->name == NULL) {                                                                \
    snprintf(why, why_size, "%s has no function " #name ": lane needs libmosquitto 2.0 or later", \
             library);                                                                      \
    free(found);                                                                            \
    dlclose(handle);                                                                        \
    return NULL;                                                                            \
  }
  FIND(mosquitto_lib_init)
  FIND(mosquitto_lib_version)
  FIND(mosquitto_strerror)
  FIND(mosquitto_reason_string)
  FIND(mosquitto_new)
  FIND(mosquitto_destroy)
  FIND(mosquitto_int_option)
  FIND(mosquitto_username_pw_set)
  FIND(mosquitto_will_set_v5)
  FIND(mosquitto_tls_set)
  FIND(mosquitto_reconnect_delay_set)
  FIND(mosquitto_connect_v5_callback_set)
  FIND(mosquitto_disconnect_v5_callback_set)
  FIND(mosquitto_publish_v5_callback_set)
  FIND(mosquitto_subscribe_v5_callback_set)
  FIND(mosquitto_message_v5_callback_set)
  FIND(mosquitto_connect_bind_v5)
  FIND(mosquitto_threaded_set)
  FIND(mosquitto_loop)
  FIND(mosquitto_reconnect)
  FIND(mosquitto_disconnect_v5)
  FIND(mosquitto_publish_v5)
  FIND(mosquitto_subscribe_v5)
#undef FIND
  return found;
}
