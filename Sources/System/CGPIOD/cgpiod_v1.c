// The shim over libgpiod 1.6 (Debian 12, Raspberry Pi OS bookworm).
#include <gpiod.h>

#ifdef GPIOD_LINE_BULK_MAX_LINES // Only v1's header defines it.

#include <stdlib.h>
#include <time.h>

#include "cgpiod_internal.h"

// Most events one read takes from one line (libgpiod 1.6 reads at most 16).
#define EVENTS_PER_READ 16

// The lines belong to the chip object; the request only remembers them.
struct cgpiod_request {
  struct gpiod_line_bulk bulk;
};

int cgpiod_api_version(void) { return 1; }

const char *cgpiod_library_version(void) { return gpiod_version_string(); }

bool cgpiod_supports_debounce(void) { return false; }

bool cgpiod_supports_sequence_numbers(void) { return false; }

int cgpiod_chip_get_info(cgpiod_chip *chip, cgpiod_chip_info *info) {
  if (!chip || !info) return -EINVAL;
  cgpiod_copy_name(info->name, gpiod_chip_name(chip->chip));
  cgpiod_copy_name(info->label, gpiod_chip_label(chip->chip));
  info->num_lines = gpiod_chip_num_lines(chip->chip);
  return 0;
}

int cgpiod_chip_get_line_info(cgpiod_chip *chip, unsigned int offset,
                              cgpiod_line_info *info) {
  if (!chip || !info) return -EINVAL;
  errno = 0;
  struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
  // The line object is cached by the chip: read the kernel's info afresh.
  if (!line || gpiod_line_update(line) < 0) return cgpiod_failure();
  info->offset = gpiod_line_offset(line);
  cgpiod_copy_name(info->name, gpiod_line_name(line));
  cgpiod_copy_name(info->consumer, gpiod_line_consumer(line));
  info->used = gpiod_line_is_used(line);
  return 0;
}

int cgpiod_chip_find_line(cgpiod_chip *chip, const char *name,
                          unsigned int *offset) {
  if (!chip || !name || !offset) return -EINVAL;
  errno = 0;
  struct gpiod_line *line = gpiod_chip_find_line(chip->chip, name);
  if (!line) return cgpiod_failure();
  *offset = gpiod_line_offset(line);
  return 0;
}

static int request_type(cgpiod_edge edge) {
  switch (edge) {
  case CGPIOD_EDGE_RISING: return GPIOD_LINE_REQUEST_EVENT_RISING_EDGE;
  case CGPIOD_EDGE_FALLING: return GPIOD_LINE_REQUEST_EVENT_FALLING_EDGE;
  case CGPIOD_EDGE_BOTH: default: return GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES;
  }
}

static int request_flags(const cgpiod_input_config *config) {
  int flags = config->active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0;
  switch (config->bias) {
  case CGPIOD_BIAS_DISABLED: return flags | GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE;
  case CGPIOD_BIAS_PULL_UP: return flags | GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP;
  case CGPIOD_BIAS_PULL_DOWN:
    return flags | GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN;
  case CGPIOD_BIAS_AS_IS: default: return flags;
  }
}

int cgpiod_request_inputs(cgpiod_chip *chip, const cgpiod_input_config *config,
                          cgpiod_request **request) {
  if (!chip || !config || !request) return -EINVAL;
  if (config->num_offsets == 0 || !config->offsets) return -EINVAL;
  if (config->num_offsets > CGPIOD_MAX_LINES) return -E2BIG;
  // The v1 uAPI has neither a debounce period nor a choice of clock.
  if (config->debounce_us > 0 || config->clock != CGPIOD_CLOCK_MONOTONIC)
    return -EOPNOTSUPP;

  cgpiod_request *made = calloc(1, sizeof *made);
  if (!made) return -ENOMEM;
  unsigned int offsets[CGPIOD_MAX_LINES];
  for (size_t index = 0; index < config->num_offsets; index++)
    offsets[index] = config->offsets[index];

  errno = 0;
  if (gpiod_chip_get_lines(chip->chip, offsets,
                           (unsigned int)config->num_offsets,
                           &made->bulk) < 0) {
    int failure = cgpiod_failure();
    free(made);
    return failure;
  }
  struct gpiod_line_request_config request_config = {
      .consumer = config->consumer ? config->consumer : "",
      .request_type = request_type(config->edge),
      .flags = request_flags(config),
  };
  errno = 0;
  if (gpiod_line_request_bulk(&made->bulk, &request_config, NULL) < 0) {
    int failure = cgpiod_failure();
    free(made);
    return failure;
  }
  *request = made;
  return 0;
}

void cgpiod_request_release(cgpiod_request *request) {
  if (!request) return;
  gpiod_line_release_bulk(&request->bulk);
  free(request);
}

size_t cgpiod_request_num_lines(const cgpiod_request *request) {
  return request ? gpiod_line_bulk_num_lines(
                       (struct gpiod_line_bulk *)&request->bulk)
                 : 0;
}

int cgpiod_request_get_values(cgpiod_request *request, int *values,
                              size_t capacity) {
  if (!request || !values) return -EINVAL;
  if (capacity < gpiod_line_bulk_num_lines(&request->bulk)) return -EINVAL;
  errno = 0;
  if (gpiod_line_get_value_bulk(&request->bulk, values) < 0)
    return cgpiod_failure();
  return 0;
}

int cgpiod_request_wait_events(cgpiod_request *request, int64_t timeout_ns) {
  if (!request) return -EINVAL;
  struct timespec timeout = {
      .tv_sec = (time_t)(timeout_ns / 1000000000),
      .tv_nsec = (long)(timeout_ns % 1000000000),
  };
  errno = 0;
  int ready = gpiod_line_event_wait_bulk(
      &request->bulk, timeout_ns < 0 ? NULL : &timeout, NULL);
  return ready < 0 ? cgpiod_failure() : (ready > 0 ? 1 : 0);
}

int cgpiod_request_fds(cgpiod_request *request, int *fds, size_t capacity) {
  if (!request || (!fds && capacity > 0)) return -EINVAL;
  unsigned int count = gpiod_line_bulk_num_lines(&request->bulk);
  if (capacity < count) return -EINVAL;
  for (unsigned int index = 0; index < count; index++) {
    errno = 0;
    int fd = gpiod_line_event_get_fd(gpiod_line_bulk_get_line(&request->bulk, index));
    if (fd < 0) return cgpiod_failure();
    fds[index] = fd;
  }
  return (int)count;
}

/// Sorts a batch by timestamp, keeping the order of equal ones. v1 reads
/// each line's queue separately, so a batch arrives grouped by line.
static void sort_by_timestamp(cgpiod_edge_event *events, size_t count) {
  for (size_t index = 1; index < count; index++) {
    cgpiod_edge_event moving = events[index];
    size_t slot = index;
    while (slot > 0 && events[slot - 1].timestamp_ns > moving.timestamp_ns) {
      events[slot] = events[slot - 1];
      slot--;
    }
    events[slot] = moving;
  }
}

int cgpiod_request_read_events(cgpiod_request *request,
                               cgpiod_edge_event *events, size_t capacity) {
  if (!request || (!events && capacity > 0)) return -EINVAL;
  if (capacity == 0) return 0;

  struct gpiod_line_bulk ready;
  gpiod_line_bulk_init(&ready);
  struct timespec now = {0, 0};
  errno = 0;
  int pending = gpiod_line_event_wait_bulk(&request->bulk, &now, &ready);
  if (pending <= 0) return pending < 0 ? cgpiod_failure() : 0;

  size_t count = 0;
  for (unsigned int index = 0;
       index < gpiod_line_bulk_num_lines(&ready) && count < capacity; index++) {
    struct gpiod_line *line = gpiod_line_bulk_get_line(&ready, index);
    struct gpiod_line_event read[EVENTS_PER_READ];
    size_t room = capacity - count;
    unsigned int wanted =
        room < EVENTS_PER_READ ? (unsigned int)room : EVENTS_PER_READ;
    errno = 0;
    int got = gpiod_line_event_read_multiple(line, read, wanted);
    if (got < 0) return cgpiod_failure();
    for (int event = 0; event < got; event++) {
      events[count++] = (cgpiod_edge_event){
          .offset = gpiod_line_offset(line),
          .edge = read[event].event_type == GPIOD_LINE_EVENT_RISING_EDGE
                      ? CGPIOD_EDGE_RISING
                      : CGPIOD_EDGE_FALLING,
          .timestamp_ns = (uint64_t)read[event].ts.tv_sec * 1000000000u +
                          (uint64_t)read[event].ts.tv_nsec,
          .global_seqno = CGPIOD_SEQNO_UNKNOWN,
          .line_seqno = CGPIOD_SEQNO_UNKNOWN,
      };
    }
  }
  sort_by_timestamp(events, count);
  return (int)count;
}

#endif // GPIOD_LINE_BULK_MAX_LINES
