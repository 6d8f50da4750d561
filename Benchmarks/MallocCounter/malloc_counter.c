// Counts malloc-family calls for the reader+detector micro-benchmark (SensingBenchmark):
//   gcc -O2 -shared -fPIC -o libmalloc_counter.so Benchmarks/MallocCounter/malloc_counter.c
//   LD_PRELOAD=./libmalloc_counter.so .build/release/SensingBenchmark
// SensingBenchmark finds malloc_counter_count with dlsym and reports allocations per event.
// Not part of the package build; Benchmarks/replay-benchmark.sh compiles it in its scratch
// folder.
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_long calls;

void *malloc(size_t size) {
  atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
  return __libc_realloc(pointer, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return 12; // ENOMEM
  *result = pointer;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
  return __libc_memalign(alignment, size);
}

long malloc_counter_count(void) {
  return atomic_load_explicit(&calls, memory_order_relaxed);
}
