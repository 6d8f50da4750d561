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
#define FIND(name)                                                                         \
  found->name = (__typeof__(found->name))dlsym(handle, #name);                             \
  if (found->name == NULL) {                                                               \
    snprintf(why, why_size, "%s has no function " #name                                    \
             ": lane needs libmosquitto 2.0 or later", library);                           \
    free(found);                                                                           \
    dlclose(handle);                                                                       \
    return NULL;                                                                           \
  }
  LANE_MOSQUITTO_FUNCTIONS(FIND)
#undef FIND
  return found;
}
