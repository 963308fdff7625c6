// The progress bar of a long library call: see compute_progress.hpp.
#include "compute_progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>

namespace ordo::tools {

bool progress_shown(const progress_flags& f) { return progress_shown(f, ::isatty(STDERR_FILENO) == 1); }

double extrapolate_seconds(double probe_seconds, std::uint64_t m, std::uint64_t n, growth g) {
  if (m == 0 || probe_seconds < 0) return -1;
  double t = probe_seconds * (double(n) / double(m));
  if (g == growth::n_log_n && m >= 2 && n > m) t *= std::log2(double(n)) / std::log2(double(m));
  return t;
}

double fit_seconds(double t1, std::uint64_t m1, double t2, std::uint64_t m2, std::uint64_t n, growth g) {
  const auto w = [g](std::uint64_t x) { return g == growth::n_log_n && x > 1 ? double(x) * std::log2(double(x)) : double(x); };
  if (m1 == 0 || m2 <= m1 || t1 < 0 || t2 <= t1) return extrapolate_seconds(t2, m2, n, g);
  const double r = (t2 - t1) / (w(m2) - w(m1));
  const double c = t1 - r * w(m1);
  if (c < 0) return extrapolate_seconds(t2, m2, n, g);
  return c + r * w(n);
}

std::uint64_t probe_size(std::uint64_t n) {
  const std::uint64_t lo = std::uint64_t(1) << 16, hi = std::uint64_t(1) << 21;
  return std::min(n, std::clamp(n / 32, lo, hi));
}

std::string format_duration(double seconds) {
  char buf[32];
  if (seconds < 0) return "?";
  if (seconds < 10) std::snprintf(buf, sizeof buf, "%.1fs", seconds);
  else if (seconds < 60) std::snprintf(buf, sizeof buf, "%.0fs", seconds);
  else if (seconds < 3600) {
    const long s = std::lround(seconds);
    std::snprintf(buf, sizeof buf, "%ldm%02lds", s / 60, s % 60);
  } else {
    const long m = std::lround(seconds / 60);
    std::snprintf(buf, sizeof buf, "%ldh%02ldm", m / 60, m % 60);
  }
  return buf;
}

std::string format_rate(double per_second, const std::string& unit) {
  char buf[64];
  if (!(per_second >= 0) || std::isinf(per_second)) return "? " + unit + "/s";
  if (per_second < 1e3) std::snprintf(buf, sizeof buf, "%.0f", per_second);
  else if (per_second < 1e6) std::snprintf(buf, sizeof buf, "%.1f k", per_second / 1e3);
  else if (per_second < 1e9) std::snprintf(buf, sizeof buf, "%.1f M", per_second / 1e6);
  else std::snprintf(buf, sizeof buf, "%.1f G", per_second / 1e9);
  return std::string(buf) + " " + unit + "/s";
}

double shown_fraction(const bar_state& s) {
  if (s.estimate <= 0) return -1;
  return std::clamp(s.elapsed / s.estimate, 0.0, 0.99);  // 100% only once the call has returned
}

double eta_seconds(const bar_state& s) {
  if (s.estimate <= 0 || s.elapsed > s.estimate) return -1;
  return s.estimate - s.elapsed;
}

std::string format_bar(const bar_state& s, int width) {
  std::string bar(std::size_t(std::max(width, 3)), ' ');
  const double f = shown_fraction(s);
  if (f < 0) {
    // No estimate: a marker bouncing along the bar, and the elapsed time.
    const int w = int(bar.size()) - 3;
    const int step = int(s.elapsed * 8) % (2 * w);
    const int at = step < w ? step : 2 * w - step;
    bar.replace(std::size_t(at), 3, "<=>");
    return s.label + ": [" + bar + "] " + format_duration(s.elapsed) + " elapsed (no estimate)";
  }
  const auto filled = std::size_t(f * double(bar.size()));
  std::fill(bar.begin(), bar.begin() + std::ptrdiff_t(filled), '#');
  char pct[16];
  std::snprintf(pct, sizeof pct, "~%d%%", int(f * 100));
  const double eta = eta_seconds(s);
  const std::string when = eta >= 0 ? "ETA ~" + format_duration(eta) + " (estimate)"
                                    : format_duration(s.elapsed) + " elapsed, longer than estimated";
  return s.label + ": [" + bar + "] " + pct + "  ~" + format_rate(double(s.n) / s.estimate, s.unit) + "  " + when;
}

std::string format_done(const bar_state& s) {
  return s.label + ": done in " + format_duration(s.elapsed) + " (" +
         format_rate(s.elapsed > 0 ? double(s.n) / s.elapsed : -1, s.unit) + ")";
}

namespace {

using clock_type = std::chrono::steady_clock;
double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// Calls estimated under this many seconds run without a bar.
double min_seconds() {
  if (const char* e = std::getenv("ORDO_PROGRESS_MIN_SECONDS")) {
    char* end = nullptr;
    const double v = std::strtod(e, &end);
    if (end != e && v >= 0) return v;
  }
  return 1.0;
}

// Below this many elements every call is well under a second: no probe, no bar.
constexpr std::uint64_t min_elements = std::uint64_t(1) << 20;

double estimate_seconds(const compute_task& t) {
  if (!t.probe) return -1;
  const std::uint64_t m = probe_size(t.n);
  try {
    // A first tiny call, untimed, starts the thread pool and warms the
    // allocator: their fixed cost would otherwise be extrapolated n/m times.
    t.probe(std::min<std::uint64_t>(m, 4096));
    auto t0 = clock_type::now();
    t.probe(m / 4);
    const double t1 = seconds_since(t0);
    t0 = clock_type::now();
    t.probe(m);
    return fit_seconds(t1, m / 4, seconds_since(t0), m, t.n, t.g);
  } catch (...) {
    return -1;  // the full call will meet the same fault and report it
  }
}

}  // namespace

void run_with_progress(bool shown, const compute_task& task, const std::function<void()>& work) {
  if (!shown || task.n < min_elements) return work();
  const double floor_s = min_seconds();
  bar_state s{task.label, task.unit, task.n, 0, estimate_seconds(task)};
  if (s.estimate >= 0 && s.estimate < floor_s) return work();

  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::exception_ptr failure;
  const auto t0 = clock_type::now();
  std::thread worker([&] {
    try {
      work();
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(m);
    done = true;
    cv.notify_one();
  });

  // A terminal gets the bar redrawn 5 times a second; a log (--progress into
  // a file) one line per 10% of the estimate, or per 10 s without one.
  const bool tty = ::isatty(STDERR_FILENO) == 1;
  bool drawn = false;
  int last_tenth = 0;
  double last_log = 0;
  // With an estimate the bar appears at once (0%); without one, once the call has run floor_s.
  const auto draw = [&] {
    s.elapsed = seconds_since(t0);
    if (s.estimate < 0 && s.elapsed < floor_s) return;
    if (tty) {
      std::fprintf(stderr, "\r%s\x1b[K", format_bar(s).c_str());
    } else {
      const double f = shown_fraction(s);
      const int tenth = f < 0 ? 0 : int(f * 10);
      const bool due = !drawn || (f < 0 ? s.elapsed - last_log >= 10 : tenth > last_tenth);
      if (!due) return;
      last_tenth = tenth;
      last_log = s.elapsed;
      std::fprintf(stderr, "%s\n", format_bar(s, 10).c_str());
    }
    std::fflush(stderr);
    drawn = true;
  };
  {
    std::unique_lock<std::mutex> lock(m);
    if (!done) draw();
    while (!cv.wait_for(lock, std::chrono::milliseconds(200), [&] { return done; })) draw();
  }
  worker.join();
  s.elapsed = seconds_since(t0);
  if (failure) {
    if (drawn && tty) std::fputc('\n', stderr);  // the error message starts on its own line
    std::rethrow_exception(failure);
  }
  if (drawn) std::fprintf(stderr, tty ? "\r%s\x1b[K\n" : "%s\n", format_done(s).c_str());
}

}  // namespace ordo::tools
