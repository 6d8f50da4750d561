// timer-overshoot: how late the kernel wakes a task waiting for an instant, by the way it
// waits. Built on the host and run in the gpio-sim guest by Hardware/gpio-sim/timers.sh.
//
//   timer-overshoot [SCALE]    SCALE (default 1) multiplies every run's count
//
// Each line: the wait, its length, how many, and the overshoot (woken minus asked,
// CLOCK_MONOTONIC) median, 99th percentile and worst, in microseconds. `ppoll` and `poll`
// take a relative timeout that the kernel widens by its select/poll slack (0.1 % of the
// timeout, at least the task's timer slack, 50 us); `clock_nanosleep` and a timerfd wake at
// the absolute instant (plus the timer slack for the sleep).
#define _GNU_SOURCE
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static struct timespec spec(int64_t ns) {
  return (struct timespec){.tv_sec = ns / 1000000000, .tv_nsec = ns % 1000000000};
}

static int compare(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

enum wait_kind { NANOSLEEP_ABS, PPOLL_RELATIVE, PPOLL_TIMERFD_ABS };
static const char *names[] = {"clock_nanosleep absolute", "ppoll relative timeout",
                              "ppoll on a timerfd, absolute"};

// Waits `length_ns` `count` times the given way; prints the overshoot's figures.
static void measure(enum wait_kind kind, int64_t length_ns, int count) {
  int64_t *late = calloc((size_t)count, sizeof *late);
  int timer = timerfd_create(CLOCK_MONOTONIC, 0);
  if (!late || timer < 0) { perror("timer-overshoot"); exit(1); }
  for (int index = 0; index < count; index++) {
    int64_t deadline = now_ns() + length_ns;
    struct timespec absolute = spec(deadline);
    if (kind == NANOSLEEP_ABS) {
      while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &absolute, NULL) != 0) {}
    } else if (kind == PPOLL_RELATIVE) {
      struct timespec relative = spec(deadline - now_ns());
      ppoll(NULL, 0, &relative, NULL);
    } else {
      struct itimerspec setting = {.it_value = absolute};
      timerfd_settime(timer, TFD_TIMER_ABSTIME, &setting, NULL);
      struct pollfd polled = {.fd = timer, .events = POLLIN};
      ppoll(&polled, 1, NULL, NULL);
      uint64_t expirations;
      if (read(timer, &expirations, sizeof expirations) < 0) { perror("timerfd read"); exit(1); }
    }
    late[index] = now_ns() - deadline;
  }
  qsort(late, (size_t)count, sizeof *late, compare);
  printf("%-30s %6.3f s x %4d: overshoot median %7.1f us, p99 %7.1f us, worst %7.1f us\n",
         names[kind], length_ns / 1e9, count, late[count / 2] / 1e3,
         late[(count * 99) / 100 < count ? (count * 99) / 100 : count - 1] / 1e3,
         late[count - 1] / 1e3);
  fflush(stdout);
  close(timer);
  free(late);
}

int main(int argc, char **argv) {
  int scale = argc > 1 ? atoi(argv[1]) : 1;
  if (scale < 1) { fprintf(stderr, "usage: timer-overshoot [SCALE >= 1]\n"); return 64; }
  measure(NANOSLEEP_ABS, 2000000, 1000 * scale);
  measure(PPOLL_RELATIVE, 2000000, 1000 * scale);
  measure(PPOLL_TIMERFD_ABS, 2000000, 1000 * scale);
  // lane's waits past a delivery: the settle window (3 s in the rig's wiring).
  measure(PPOLL_RELATIVE, 3000000000, 5 * scale);
  measure(PPOLL_TIMERFD_ABS, 3000000000, 5 * scale);
  measure(NANOSLEEP_ABS, 3000000000, 5 * scale);
  return 0;
}
