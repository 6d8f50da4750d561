// cgpiod: one small C API over libgpiod 1.6 (v1) and libgpiod 2.x (v2).
//
// The generation is chosen when the shim is compiled, from the <gpiod.h> that
// pkg-config points at: v1's header defines GPIOD_LINE_BULK_MAX_LINES, v2's
// does not. This header itself never includes <gpiod.h>, so the Swift side
// sees the same API whichever generation is compiled in.
//
// Error convention: every function that can fail returns an `int`; a negative
// value is the negated errno (-ENOENT, -EBUSY, ...), zero or a positive value
// is success (a count where documented). errno itself is left as libgpiod left
// it and must not be relied on. Interrupted system calls come back as -EINTR
// and are NOT retried here: the caller retries.
//
// Ownership: a chip is closed with cgpiod_chip_close, a request released with
// cgpiod_request_release. A request must be released before the chip it came
// from is closed (under v1 the lines belong to the chip object).
//
// Not thread-safe: one thread at a time per chip or request.

#ifndef CGPIOD_H
#define CGPIOD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Longest chip name, chip label, line name or consumer, with the final NUL.
/// The kernel's GPIO_MAX_NAME_SIZE; longer strings are truncated.
#define CGPIOD_NAME_SIZE 32

/// Most lines one request may hold (the kernel's GPIO_V2_LINES_MAX and v1's
/// GPIOD_LINE_BULK_MAX_LINES are both 64).
#define CGPIOD_MAX_LINES 64

/// The sequence number of an event when libgpiod cannot tell it (v1). The
/// kernel numbers events from 1, so 0 never names a real event.
#define CGPIOD_SEQNO_UNKNOWN 0

/// An open GPIO chip (opaque).
typedef struct cgpiod_chip cgpiod_chip;

/// A set of requested lines (opaque).
typedef struct cgpiod_request cgpiod_request;

/// Internal bias of an input line.
typedef enum {
  /// Leave the bias as it is.
  CGPIOD_BIAS_AS_IS = 0,
  /// No pull-up or pull-down resistor.
  CGPIOD_BIAS_DISABLED = 1,
  /// The internal pull-up resistor.
  CGPIOD_BIAS_PULL_UP = 2,
  /// The internal pull-down resistor.
  CGPIOD_BIAS_PULL_DOWN = 3,
} cgpiod_bias;

/// Which edges a request reports.
typedef enum {
  CGPIOD_EDGE_RISING = 1,
  CGPIOD_EDGE_FALLING = 2,
  CGPIOD_EDGE_BOTH = 3,
} cgpiod_edge;

/// The clock of edge event timestamps.
typedef enum {
  /// CLOCK_MONOTONIC. The only clock of v1 (kernel 5.7 and later).
  CGPIOD_CLOCK_MONOTONIC = 0,
  /// CLOCK_REALTIME (v2 only).
  CGPIOD_CLOCK_REALTIME = 1,
  /// The hardware timestamp engine (v2 only, where the hardware has one).
  CGPIOD_CLOCK_HTE = 2,
} cgpiod_clock;

/// What a chip says about itself.
typedef struct {
  /// Kernel name, e.g. "gpiochip0".
  char name[CGPIOD_NAME_SIZE];
  /// Driver label, e.g. "pinctrl-bcm2711".
  char label[CGPIOD_NAME_SIZE];
  /// Number of lines; valid offsets are 0 ..< num_lines.
  unsigned int num_lines;
} cgpiod_chip_info;

/// What the kernel says about one line.
typedef struct {
  unsigned int offset;
  /// Line name from the device tree, "" when unnamed.
  char name[CGPIOD_NAME_SIZE];
  /// Who holds the line, "" when nobody or the holder gave no name.
  char consumer[CGPIOD_NAME_SIZE];
  /// Whether the line is in use (by a process or by a kernel driver).
  bool used;
} cgpiod_line_info;

/// How to request a set of input lines.
typedef struct {
  /// Consumer name shown to other programs (gpioinfo); may be NULL.
  const char *consumer;
  /// The offsets to request, at most CGPIOD_MAX_LINES, no duplicates.
  const unsigned int *offsets;
  size_t num_offsets;
  /// Which edges to report.
  cgpiod_edge edge;
  cgpiod_bias bias;
  /// Whether the line is active when its electrical level is low.
  bool active_low;
  /// Kernel debounce period in microseconds; 0 for none. v1 has no kernel
  /// debounce: a non-zero period fails there with -EOPNOTSUPP.
  unsigned long debounce_us;
  /// Which lines get the debounce period, parallel to `offsets`; NULL for all.
  /// Lines whose pulses are short and meaningful (a ball detector) must not be
  /// debounced, or the kernel swallows them.
  const bool *debounced;
  /// Timestamp clock; v1 supports only CGPIOD_CLOCK_MONOTONIC (otherwise
  /// -EOPNOTSUPP).
  cgpiod_clock clock;
  /// Kernel event queue size hint for v2 (0: the kernel's default); v1 ignores
  /// it (its queue is 16 events per line).
  size_t event_buffer_size;
} cgpiod_input_config;

/// One edge, as the kernel time-stamped it.
typedef struct {
  /// The line's offset on its chip.
  unsigned int offset;
  /// CGPIOD_EDGE_RISING or CGPIOD_EDGE_FALLING (logical, so active-low flips
  /// it).
  cgpiod_edge edge;
  /// Kernel timestamp in nanoseconds on the request's clock.
  uint64_t timestamp_ns;
  /// Number of this event among all events of the request (v2), or
  /// CGPIOD_SEQNO_UNKNOWN.
  uint64_t global_seqno;
  /// Number of this event among the events of its line (v2), or
  /// CGPIOD_SEQNO_UNKNOWN.
  uint64_t line_seqno;
} cgpiod_edge_event;

/// The libgpiod API generation compiled in: 1 or 2.
int cgpiod_api_version(void);

/// The version string of the libgpiod library loaded at run time ("1.6.3").
const char *cgpiod_library_version(void);

/// Whether the compiled-in generation has a kernel debounce period (v2).
bool cgpiod_supports_debounce(void);

/// Whether edge events carry sequence numbers (v2).
bool cgpiod_supports_sequence_numbers(void);

/// Opens the chip at `path` (e.g. "/dev/gpiochip0").
///
/// @return 0 and `*chip` set, or -errno: -ENOENT no such file, -EACCES or
///         -EPERM not allowed, -ENODEV / -ENOTTY not a GPIO chip.
int cgpiod_chip_open(const char *path, cgpiod_chip **chip);

/// Opens the first chip whose label is `label`, searching the `gpiochip*`
/// entries of `directory` (NULL for "/dev") in name order.
///
/// @return 0 and `*chip` set; -ENOENT when no chip has that label; -EACCES or
///         -EPERM when none matched but a chip could not be opened for lack of
///         permission (it might have been the one); another -errno when the
///         directory cannot be read.
int cgpiod_chip_open_by_label(const char *directory, const char *label,
                              cgpiod_chip **chip);

/// Closes a chip; NULL is ignored.
void cgpiod_chip_close(cgpiod_chip *chip);

/// Reads the chip's name, label and number of lines.
///
/// @return 0 or -errno.
int cgpiod_chip_get_info(cgpiod_chip *chip, cgpiod_chip_info *info);

/// Reads what the kernel says about the line at `offset`.
///
/// @return 0 or -errno; -EINVAL when the chip has no such line.
int cgpiod_chip_get_line_info(cgpiod_chip *chip, unsigned int offset,
                              cgpiod_line_info *info);

/// Finds the offset of the first line named `name`.
///
/// @return 0 and `*offset` set, or -ENOENT when no line has that name, or
///         another -errno.
int cgpiod_chip_find_line(cgpiod_chip *chip, const char *name,
                          unsigned int *offset);

/// Requests `config->offsets` as inputs with edge detection.
///
/// @return 0 and `*request` set, or -errno: -EBUSY a line is held by someone
///         else, -EINVAL an offset beyond the chip (or a bad configuration),
///         -EOPNOTSUPP a setting this generation or kernel cannot do,
///         -E2BIG more than CGPIOD_MAX_LINES lines.
int cgpiod_request_inputs(cgpiod_chip *chip, const cgpiod_input_config *config,
                          cgpiod_request **request);

/// Releases the lines of a request; NULL is ignored.
void cgpiod_request_release(cgpiod_request *request);

/// Number of lines in the request.
size_t cgpiod_request_num_lines(const cgpiod_request *request);

/// Reads the logical values (1 active, 0 inactive) of all requested lines, in
/// the order of the offsets they were requested with.
///
/// @param values room for `capacity` values, at least the number of lines.
/// @return 0 or -errno; -EINVAL when `capacity` is too small.
int cgpiod_request_get_values(cgpiod_request *request, int *values,
                              size_t capacity);

/// Blocks until at least one edge event is pending or `timeout_ns` passes. A
/// negative timeout waits for ever, 0 only polls.
///
/// @return 1 events are pending, 0 timed out, or -errno (-EINTR on a signal).
int cgpiod_request_wait_events(cgpiod_request *request, int64_t timeout_ns);

/// The file descriptors that become readable when the request has edge events
/// pending (one for v2, one per line for v1), to wait on them together with
/// others (cgpiod_wait_fds). They belong to the request: never close them.
///
/// @return the number of descriptors stored, or -EINVAL when `capacity` is
///         smaller than that.
int cgpiod_request_fds(cgpiod_request *request, int *fds, size_t capacity);

/// Blocks until at least one of `fds` is readable or CLOCK_MONOTONIC reaches
/// `deadline_ns` (a negative deadline waits for ever, one passed only polls),
/// with ppoll: no periodic wake-up. The deadline is a timerfd armed at that
/// instant (TFD_TIMER_ABSTIME), not ppoll's own timeout, which the kernel lets
/// run 0.1 % long (its poll slack); a signal's -EINTR can wait again for the
/// same deadline without reading the clock. Not libgpiod, but it waits on the
/// descriptors of requests.
///
/// @param ready set to true for each readable descriptor, false otherwise.
/// @return the number of readable descriptors, 0 timed out, or -errno
///         (-EINTR on a signal).
int cgpiod_wait_fds_until(const int *fds, size_t count, int64_t deadline_ns,
                          bool *ready);

/// Reads up to `capacity` pending edge events without blocking, oldest first
/// (by kernel timestamp).
///
/// @return the number of events stored (0 when none is pending), or -errno.
int cgpiod_request_read_events(cgpiod_request *request,
                               cgpiod_edge_event *events, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif // CGPIOD_H
