// The part of the shim that is the same for both libgpiod generations.
#define _GNU_SOURCE  // versionsort: gpiochip2 before gpiochip10
#include <dirent.h>
#include <gpiod.h>
#include <poll.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#include "cgpiod_internal.h"

// gpiod_chip_open and gpiod_chip_close have the same signatures in 1.6 and 2.x.

int cgpiod_chip_open(const char *path, cgpiod_chip **chip) {
  if (!path || !chip) return -EINVAL;
  cgpiod_chip *opened = calloc(1, sizeof *opened);
  if (!opened) return -ENOMEM;
  errno = 0;
  opened->chip = gpiod_chip_open(path);
  if (!opened->chip) {
    int failure = cgpiod_failure();
    free(opened);
    return failure;
  }
  *chip = opened;
  return 0;
}

void cgpiod_chip_close(cgpiod_chip *chip) {
  if (!chip) return;
  gpiod_chip_close(chip->chip);
  free(chip);
}

static int is_chip_entry(const struct dirent *entry) {
  return strncmp(entry->d_name, "gpiochip", 8) == 0;
}

int cgpiod_chip_open_by_label(const char *directory, const char *label,
                              cgpiod_chip **chip) {
  if (!label || !chip) return -EINVAL;
  const char *folder = directory ? directory : "/dev";
  struct dirent **entries = NULL;
  int count = scandir(folder, &entries, is_chip_entry, versionsort);
  if (count < 0) return cgpiod_failure();

  int first_failure = 0;
  int result = -ENOENT;
  for (int index = 0; index < count; index++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", folder, entries[index]->d_name);
    cgpiod_chip *candidate = NULL;
    cgpiod_chip_info info;
    int status = cgpiod_chip_open(path, &candidate);
    if (status == 0) status = cgpiod_chip_get_info(candidate, &info);
    if (status == 0 && strcmp(info.label, label) == 0) {
      *chip = candidate;
      result = 0;
      break;
    }
    cgpiod_chip_close(candidate);
    // Only a chip we may not open could have been the one with that label.
    bool denied = status == -EACCES || status == -EPERM;
    if (denied && first_failure == 0) first_failure = status;
  }
  for (int index = 0; index < count; index++) free(entries[index]);
  free(entries);
  if (result == -ENOENT && first_failure < 0) return first_failure;
  return result;
}

int cgpiod_wait_fds(const int *fds, size_t count, int64_t timeout_ns,
                    bool *ready) {
  if ((!fds || !ready) && count > 0) return -EINVAL;
  if (count > CGPIOD_MAX_LINES + 8) return -E2BIG;
  struct pollfd polled[CGPIOD_MAX_LINES + 8];
  for (size_t index = 0; index < count; index++) {
    polled[index] = (struct pollfd){.fd = fds[index], .events = POLLIN};
  }
  struct timespec timeout = {
      .tv_sec = (time_t)(timeout_ns / 1000000000),
      .tv_nsec = (long)(timeout_ns % 1000000000),
  };
  errno = 0;
  int result = ppoll(polled, (nfds_t)count, timeout_ns < 0 ? NULL : &timeout,
                     NULL);
  if (result < 0) return errno > 0 ? -errno : -EIO;
  for (size_t index = 0; index < count; index++) {
    ready[index] = (polled[index].revents & (POLLIN | POLLERR | POLLHUP)) != 0;
  }
  return result;
}
