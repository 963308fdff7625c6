// Progress of a long library call (sort, rank, list_rank...) on stderr.
//
// The library calls are single monolithic calls that report nothing while
// they run, so the bar cannot count finished elements. Instead:
//   1. the same call runs on two prefixes of the same input (m/4 and m
//      elements, m a few % of n) and is timed; the full call's time is
//      extrapolated from them (a fixed cost plus a linear or n log n term):
//      that is an *estimate*, and the bar says so ("~42%", "ETA ~7s
//      (estimate)");
//   2. the full call runs on a worker thread while this thread redraws the
//      bar from the elapsed time; an exception thrown by the call is
//      rethrown here unchanged once the worker has ended.
// Where no prefix can be timed (the GPU, whose first call pays for starting
// the context), the bar shows the elapsed time without a fraction.
//
// Shown when stderr is a terminal, or with --progress (then one line per
// 10% instead of a redrawn bar); never with --quiet; never for a call
// estimated under a second (ORDO_PROGRESS_MIN_SECONDS overrides that
// second, for tests).
#pragma once
#include <cstdint>
#include <functional>
#include <string>

namespace ordo::tools {

// --progress / --quiet, which every verb takes.
struct progress_flags {
  bool force = false;  // --progress: show progress even when stderr is not a terminal
  bool quiet = false;  // --quiet: no progress and no summary line; errors only
};

// Whether progress is drawn: never with --quiet, else on a terminal or when forced.
constexpr bool progress_shown(const progress_flags& f, bool tty) { return !f.quiet && (f.force || tty); }
bool progress_shown(const progress_flags& f);  // with stderr's TTY-ness

// How the call's time grows with n, for the extrapolation from the prefix.
enum class growth { linear, n_log_n };

// Seconds for n elements from `probe_seconds` for m (m <= n): t * (n/m),
// times log2(n)/log2(m) for n_log_n.
double extrapolate_seconds(double probe_seconds, std::uint64_t m, std::uint64_t n, growth g);

// Seconds for n elements from two timings, t1 for m1 and t2 for m2 (m1 < m2
// <= n): fits t(x) = c + r * w(x), w(x) = x (linear) or x log2 x, so that a
// fixed cost per call (starting threads) is not multiplied by n/m. Falls back
// to extrapolate_seconds(t2, m2, ...) when the timings are too noisy to fit
// (t2 <= t1, or a negative fixed cost).
double fit_seconds(double t1, std::uint64_t m1, double t2, std::uint64_t m2, std::uint64_t n, growth g);

// How many elements the prefix probe takes: n/32, within [2^16, 2^21], at most n.
std::uint64_t probe_size(std::uint64_t n);

// "7s", "1m05s", "2h03m".
std::string format_duration(double seconds);
// "950 keys/s", "12.3 k keys/s", "8.1 M keys/s", "1.2 G keys/s".
std::string format_rate(double per_second, const std::string& unit);

// One state of the bar, and its text (without "\r" or a newline).
struct bar_state {
  std::string label;        // "sorting 100000000 keys"
  std::string unit;         // "keys"
  std::uint64_t n = 0;
  double elapsed = 0;       // seconds since the call began
  double estimate = -1;     // estimated seconds for the whole call; < 0: none
};
// The fraction shown: elapsed / estimate, at most 0.99 until the call ends; -1 without an estimate.
double shown_fraction(const bar_state& s);
// Estimated seconds left; < 0 when unknown (no estimate, or the call outlasted it).
double eta_seconds(const bar_state& s);
std::string format_bar(const bar_state& s, int width = 24);
// The line after the call: "sorting 100000000 keys: done in 12.3s (8.1 M keys/s)".
std::string format_done(const bar_state& s);

// A long call to run with progress.
struct compute_task {
  std::string label;  // what is being done, "sorting 100000000 keys"
  std::string unit;   // "keys", "nodes", "values"
  std::uint64_t n = 0;
  growth g = growth::linear;
  // Runs the same call on the first m elements (into scratch output); empty:
  // no estimate. An exception from it only means no estimate.
  std::function<void(std::uint64_t m)> probe;
};

// Runs `work`, drawing progress when `shown` and the task is long enough.
// Exceptions from `work` propagate unchanged.
void run_with_progress(bool shown, const compute_task& task, const std::function<void()>& work);

}  // namespace ordo::tools
