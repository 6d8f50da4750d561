// The shim over libgpiod 2.x (Debian 13, Raspberry Pi OS trixie).
#include <gpiod.h>

#ifndef GPIOD_LINE_BULK_MAX_LINES // v1's header defines it, v2's does not.

#include <stdlib.h>

#include "cgpiod_internal.h"

struct cgpiod_request {
  struct gpiod_line_request *request;
  struct gpiod_edge_event_buffer *buffer;
  size_t num_lines;
};

int cgpiod_api_version(void) { return 2; }

const char *cgpiod_library_version(void) { return gpiod_api_version(); }

bool cgpiod_supports_debounce(void) { return true; }

bool cgpiod_supports_sequence_numbers(void) { return true; }

int cgpiod_chip_get_info(cgpiod_chip *chip, cgpiod_chip_info *info) {
  if (!chip || !info) return -EINVAL;
  errno = 0;
  struct gpiod_chip_info *kernel = gpiod_chip_get_info(chip->chip);
  if (!kernel) return cgpiod_failure();
  cgpiod_copy_name(info->name, gpiod_chip_info_get_name(kernel));
  cgpiod_copy_name(info->label, gpiod_chip_info_get_label(kernel));
  info->num_lines = (unsigned int)gpiod_chip_info_get_num_lines(kernel);
  gpiod_chip_info_free(kernel);
  return 0;
}

int cgpiod_chip_get_line_info(cgpiod_chip *chip, unsigned int offset,
                              cgpiod_line_info *info) {
  if (!chip || !info) return -EINVAL;
  errno = 0;
  struct gpiod_line_info *kernel = gpiod_chip_get_line_info(chip->chip, offset);
  if (!kernel) return cgpiod_failure();
  info->offset = gpiod_line_info_get_offset(kernel);
  cgpiod_copy_name(info->name, gpiod_line_info_get_name(kernel));
  cgpiod_copy_name(info->consumer, gpiod_line_info_get_consumer(kernel));
  info->used = gpiod_line_info_is_used(kernel);
  gpiod_line_info_free(kernel);
  return 0;
}

int cgpiod_chip_find_line(cgpiod_chip *chip, const char *name,
                          unsigned int *offset) {
  if (!chip || !name || !offset) return -EINVAL;
  errno = 0;
  int found = gpiod_chip_get_line_offset_from_name(chip->chip, name);
  if (found < 0) return cgpiod_failure();
  *offset = (unsigned int)found;
  return 0;
}

static enum gpiod_line_bias kernel_bias(cgpiod_bias bias) {
  switch (bias) {
  case CGPIOD_BIAS_DISABLED: return GPIOD_LINE_BIAS_DISABLED;
  case CGPIOD_BIAS_PULL_UP: return GPIOD_LINE_BIAS_PULL_UP;
  case CGPIOD_BIAS_PULL_DOWN: return GPIOD_LINE_BIAS_PULL_DOWN;
  case CGPIOD_BIAS_AS_IS: default: return GPIOD_LINE_BIAS_AS_IS;
  }
}

static enum gpiod_line_edge kernel_edge(cgpiod_edge edge) {
  switch (edge) {
  case CGPIOD_EDGE_RISING: return GPIOD_LINE_EDGE_RISING;
  case CGPIOD_EDGE_FALLING: return GPIOD_LINE_EDGE_FALLING;
  case CGPIOD_EDGE_BOTH: default: return GPIOD_LINE_EDGE_BOTH;
  }
}

static enum gpiod_line_clock kernel_clock(cgpiod_clock clock) {
  switch (clock) {
  case CGPIOD_CLOCK_REALTIME: return GPIOD_LINE_CLOCK_REALTIME;
  case CGPIOD_CLOCK_HTE: return GPIOD_LINE_CLOCK_HTE;
  case CGPIOD_CLOCK_MONOTONIC: default: return GPIOD_LINE_CLOCK_MONOTONIC;
  }
}

/// Builds the three libgpiod configuration objects and requests the lines.
static int request_lines(struct gpiod_chip *chip,
                         const cgpiod_input_config *config,
                         struct gpiod_line_request **request) {
  struct gpiod_line_settings *settings = gpiod_line_settings_new();
  struct gpiod_line_config *line_config = gpiod_line_config_new();
  struct gpiod_request_config *request_config = gpiod_request_config_new();
  int status = -ENOMEM;
  if (!settings || !line_config || !request_config) goto done;

  errno = 0;
  if (gpiod_line_settings_set_direction(settings,
                                        GPIOD_LINE_DIRECTION_INPUT) < 0 ||
      gpiod_line_settings_set_edge_detection(settings,
                                             kernel_edge(config->edge)) < 0 ||
      gpiod_line_settings_set_bias(settings, kernel_bias(config->bias)) < 0 ||
      gpiod_line_settings_set_event_clock(settings,
                                          kernel_clock(config->clock)) < 0) {
    status = cgpiod_failure();
    goto done;
  }
  gpiod_line_settings_set_active_low(settings, config->active_low);

  // Two groups: the lines that are debounced and those that are not.
  unsigned int groups[2][CGPIOD_MAX_LINES];
  size_t counts[2] = {0, 0};
  for (size_t index = 0; index < config->num_offsets; index++) {
    int debounced = !config->debounced || config->debounced[index];
    groups[debounced][counts[debounced]++] = config->offsets[index];
  }
  for (int debounced = 0; debounced < 2; debounced++) {
    if (counts[debounced] == 0) continue;
    gpiod_line_settings_set_debounce_period_us(
        settings, debounced ? config->debounce_us : 0);
    if (gpiod_line_config_add_line_settings(line_config, groups[debounced],
                                            counts[debounced], settings) < 0) {
      status = cgpiod_failure();
      goto done;
    }
  }
  if (config->consumer)
    gpiod_request_config_set_consumer(request_config, config->consumer);
  if (config->event_buffer_size > 0)
    gpiod_request_config_set_event_buffer_size(request_config,
                                               config->event_buffer_size);

  errno = 0;
  *request = gpiod_chip_request_lines(chip, request_config, line_config);
  status = *request ? 0 : cgpiod_failure();

done:
  gpiod_request_config_free(request_config);
  gpiod_line_config_free(line_config);
  gpiod_line_settings_free(settings);
  return status;
}

int cgpiod_request_inputs(cgpiod_chip *chip, const cgpiod_input_config *config,
                          cgpiod_request **request) {
  if (!chip || !config || !request) return -EINVAL;
  if (config->num_offsets == 0 || !config->offsets) return -EINVAL;
  if (config->num_offsets > CGPIOD_MAX_LINES) return -E2BIG;

  cgpiod_request *made = calloc(1, sizeof *made);
  if (!made) return -ENOMEM;
  made->num_lines = config->num_offsets;
  // Room for a full kernel queue, so one read drains what is pending.
  size_t capacity = config->event_buffer_size > 0
                        ? config->event_buffer_size
                        : 16 * config->num_offsets;
  made->buffer = gpiod_edge_event_buffer_new(capacity);
  if (!made->buffer) {
    free(made);
    return -ENOMEM;
  }
  int status = request_lines(chip->chip, config, &made->request);
  if (status < 0) {
    gpiod_edge_event_buffer_free(made->buffer);
    free(made);
    return status;
  }
  *request = made;
  return 0;
}

void cgpiod_request_release(cgpiod_request *request) {
  if (!request) return;
  gpiod_line_request_release(request->request);
  gpiod_edge_event_buffer_free(request->buffer);
  free(request);
}

size_t cgpiod_request_num_lines(const cgpiod_request *request) {
  return request ? request->num_lines : 0;
}

int cgpiod_request_get_values(cgpiod_request *request, int *values,
                              size_t capacity) {
  if (!request || !values || capacity < request->num_lines) return -EINVAL;
  enum gpiod_line_value read[CGPIOD_MAX_LINES];
  errno = 0;
  if (gpiod_line_request_get_values(request->request, read) < 0)
    return cgpiod_failure();
  for (size_t index = 0; index < request->num_lines; index++)
    values[index] = read[index] == GPIOD_LINE_VALUE_ACTIVE ? 1 : 0;
  return 0;
}

int cgpiod_request_wait_events(cgpiod_request *request, int64_t timeout_ns) {
  if (!request) return -EINVAL;
  errno = 0;
  int ready = gpiod_line_request_wait_edge_events(request->request, timeout_ns);
  return ready < 0 ? cgpiod_failure() : (ready > 0 ? 1 : 0);
}

int cgpiod_request_fds(cgpiod_request *request, int *fds, size_t capacity) {
  if (!request || (!fds && capacity > 0)) return -EINVAL;
  if (capacity < 1) return -EINVAL;
  errno = 0;
  int fd = gpiod_line_request_get_fd(request->request);
  if (fd < 0) return cgpiod_failure();
  fds[0] = fd;
  return 1;
}

int cgpiod_request_read_events(cgpiod_request *request,
                               cgpiod_edge_event *events, size_t capacity) {
  if (!request || (!events && capacity > 0)) return -EINVAL;
  if (capacity == 0) return 0;
  // libgpiod's read blocks when nothing is pending; this one must not.
  int pending = cgpiod_request_wait_events(request, 0);
  if (pending <= 0) return pending;

  size_t room = gpiod_edge_event_buffer_get_capacity(request->buffer);
  size_t wanted = capacity < room ? capacity : room;
  errno = 0;
  int count = gpiod_line_request_read_edge_events(request->request,
                                                  request->buffer, wanted);
  if (count < 0) return cgpiod_failure();
  for (int index = 0; index < count; index++) {
    struct gpiod_edge_event *event =
        gpiod_edge_event_buffer_get_event(request->buffer, (unsigned long)index);
    events[index].offset = gpiod_edge_event_get_line_offset(event);
    events[index].edge =
        gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE
            ? CGPIOD_EDGE_RISING
            : CGPIOD_EDGE_FALLING;
    events[index].timestamp_ns = gpiod_edge_event_get_timestamp_ns(event);
    events[index].global_seqno = gpiod_edge_event_get_global_seqno(event);
    events[index].line_seqno = gpiod_edge_event_get_line_seqno(event);
  }
  return count;
}

#endif // !GPIOD_LINE_BULK_MAX_LINES
