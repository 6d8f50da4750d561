// Helpers shared by the shim's source files; not part of the API.
#ifndef CGPIOD_INTERNAL_H
#define CGPIOD_INTERNAL_H

#include <errno.h>
#include <stdio.h>

#include "cgpiod.h"

struct gpiod_chip;

/// An open chip: the same in both generations, which open and close chips with
/// functions of the same names and signatures.
struct cgpiod_chip {
  struct gpiod_chip *chip;
};

/// Copies a possibly NULL C string into a name buffer, truncating.
static inline void cgpiod_copy_name(char destination[CGPIOD_NAME_SIZE],
                                    const char *source) {
  snprintf(destination, CGPIOD_NAME_SIZE, "%s", source ? source : "");
}

/// The negated errno after a libgpiod call failed, never 0 (a library that
/// failed without setting errno reports EIO).
static inline int cgpiod_failure(void) {
  return errno > 0 ? -errno : -EIO;
}

#endif // CGPIOD_INTERNAL_H
