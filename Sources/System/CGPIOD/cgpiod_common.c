// The part of the shim that is the same for both libgpiod generations.
#define _GNU_SOURCE  // versionsort: gpiochip2 before gpiochip10
#include <dirent.h>
#include <gpiod.h>
#include <poll.h>
#include <sys/timerfd.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

// A timerfd armed at `deadline_ns` on CLOCK_MONOTONIC (the clock of edge timestamps), or
// -1 when one cannot be made.
static int cgpiod_deadline_timer(int64_t deadline_ns) {
  int timer = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
  if (timer < 0) return -1;
  struct itimerspec deadline = {
      .it_value = {.tv_sec = (time_t)(deadline_ns / 1000000000),
                   .tv_nsec = (long)(deadline_ns % 1000000000)},
  };
  if (timerfd_settime(timer, TFD_TIMER_ABSTIME, &deadline, NULL) != 0) {
    close(timer);
    return -1;
  }
  return timer;
}

int cgpiod_wait_fds_until(const int *fds, size_t count, int64_t deadline_ns,
                          bool *ready) {
  if ((!fds || !ready) && count > 0) return -EINVAL;
  if (count > CGPIOD_MAX_LINES + 8) return -E2BIG;
  struct pollfd polled[CGPIOD_MAX_LINES + 9];
  for (size_t index = 0; index < count; index++) {
    polled[index] = (struct pollfd){.fd = fds[index], .events = POLLIN};
  }
  // ppoll widens a relative timeout by the kernel's poll slack, 0.1 % of it (3 ms on a 3 s
  // settle window) for a task that is not real-time; a timerfd fires at its instant. A
  // deadline passed only polls; without a timerfd (no descriptor left), ppoll's timeout
  // to the deadline still ends the wait.
  struct timespec now = {0};
  if (deadline_ns >= 0 && clock_gettime(CLOCK_MONOTONIC, &now) != 0) return -errno;
  int64_t remaining = deadline_ns - ((int64_t)now.tv_sec * 1000000000 + now.tv_nsec);
  if (remaining < 0) remaining = 0;
  int timer = deadline_ns >= 0 && remaining > 0 ? cgpiod_deadline_timer(deadline_ns) : -1;
  struct timespec timeout = {
      .tv_sec = (time_t)(remaining / 1000000000),
      .tv_nsec = (long)(remaining % 1000000000),
  };
  nfds_t watched = (nfds_t)count;
  if (timer >= 0) polled[watched++] = (struct pollfd){.fd = timer, .events = POLLIN};
  errno = 0;
  int result = ppoll(polled, watched,
                     deadline_ns < 0 || timer >= 0 ? NULL : &timeout, NULL);
  int failure = errno;
  if (timer >= 0) {
    if (result > 0 && polled[count].revents != 0) result--;
    close(timer);
  }
  if (result < 0) return failure > 0 ? -failure : -EIO;
  for (size_t index = 0; index < count; index++) {
    ready[index] = (polled[index].revents & (POLLIN | POLLERR | POLLHUP)) != 0;
  }
  return result;
}
