// The CPU backend's one scheduler layer: every CPU algorithm asks it how many
// workers to use and runs its parallel loops through it, so that thread
// start-up policy (the serial threshold) and the threading runtime (OpenMP
// here) live in one place.
//
//   workers(exec, n)           how many workers n elements of work deserve:
//                              1 below serial_below, else exec's threads
//   for_each_worker(w, f)      f(t) for t in [0, w), one call per thread
//   parallel_for(w, b, e, f)   f(i) for i in [b, e), static contiguous blocks
//   parallel_for_dynamic(w, b, e, grain, f)   the same, handed out `grain` at a time
//   for_each_claimed(w, count, grain, f)   f(t, b, e) for pieces [b, e) of
//                              [0, count), `grain` long, claimed by the w
//                              workers as they finish (t: the claimant)
//   reduce_blocks(w, n, init, f, combine)  f(b, e) over each worker's block,
//                              the results combined in block order
//   par_do(parallel, f, g)     f() and g(), at the same time when `parallel`
//   block_begin(n, w, t)       the first index of worker t's block of n
//
// With w == 1 (or an empty range) everything runs inline on the caller's
// thread: no OpenMP region is opened, so tiny inputs pay no thread start-up.
//
// Each loop is a phase: before it starts, outside any parallel region, the
// calling thread's interrupt flag is checked (ordo/interrupt.hpp), so a long
// call stops between two phases when asked. Never inside a region: an
// exception must not leave an OpenMP structured block.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ordo/execution.hpp"
#include "ordo/interrupt.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace ordo::detail::sched {

// Below this many elements one thread does the work (thread start-up costs more).
inline constexpr std::size_t serial_below = std::size_t(1) << 15;

inline int workers(const cpu& exec, std::size_t n) {
  if (n < serial_below) return 1;
  return std::max(1, exec.resolved_threads());
}

// Throws ordo::error(errc::interrupted) when this thread's interrupt flag is
// set and no parallel region is active (nested calls run inside one).
inline bool omp_top_level() {
#ifdef _OPENMP
  return !omp_in_parallel();
#else
  return true;
#endif
}
inline void phase_boundary() {
  if (omp_top_level()) check_interrupt();
}

inline std::size_t block_begin(std::size_t n, int w, int t) {
  return std::size_t((unsigned __int128)n * unsigned(t) / unsigned(w));
}

template <class F>
void for_each_worker(int w, F&& f) {
  phase_boundary();
  if (w <= 1) {
    f(0);
    return;
  }
#pragma omp parallel for num_threads(w) schedule(static, 1)
  for (int t = 0; t < w; ++t) f(t);
}

template <class F>
void parallel_for(int w, std::int64_t b, std::int64_t e, F&& f) {
  phase_boundary();
  if (w <= 1 || e - b < 2) {
    for (std::int64_t i = b; i < e; ++i) f(i);
    return;
  }
#pragma omp parallel for num_threads(w) schedule(static)
  for (std::int64_t i = b; i < e; ++i) f(i);
}

template <class F>
void parallel_for_dynamic(int w, std::int64_t b, std::int64_t e, std::int64_t grain, F&& f) {
  phase_boundary();
  if (w <= 1 || e - b < 2) {
    for (std::int64_t i = b; i < e; ++i) f(i);
    return;
  }
#pragma omp parallel for num_threads(w) schedule(dynamic, grain)
  for (std::int64_t i = b; i < e; ++i) f(i);
}

// Claiming is a phase boundary of its own: once the caller's interrupt flag
// is set, no worker claims another piece, and the caller throws after the
// region (a long claimed loop stops within one piece's time).
template <class F>
void for_each_claimed(int w, std::uint64_t count, std::uint64_t grain, F&& f) {
  std::atomic<std::uint64_t> next{0};
  const interrupt_flag* stop = omp_top_level() ? watched_interrupt() : nullptr;
  for_each_worker(w, [&](int t) {
    for (std::uint64_t b; (stop == nullptr || !stop->requested()) &&
                          (b = next.fetch_add(grain, std::memory_order_relaxed)) < count;)
      f(t, b, std::min(count, b + grain));
  });
  if (stop != nullptr) phase_boundary();
}

template <class T, class F, class Combine>
T reduce_blocks(int w, std::size_t n, T init, F&& f, Combine&& combine) {
  std::vector<T> part(std::size_t(std::max(w, 1)), init);
  for_each_worker(w, [&](int t) { part[t] = f(block_begin(n, w, t), block_begin(n, w, t + 1)); });
  T r = init;
  for (const T& x : part) r = combine(r, x);
  return r;
}

template <class F, class G>
void par_do(bool parallel, F&& f, G&& g) {
  phase_boundary();
  if (!parallel) {
    f();
    g();
    return;
  }
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    f();
#pragma omp section
    g();
  }
}

}  // namespace ordo::detail::sched
