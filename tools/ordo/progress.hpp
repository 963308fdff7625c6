// Progress of a long read or write on stderr: "reading keys.npy: 45%".
// Shown only for large files (reading 64 MiB takes long enough to wonder),
// and only when the caller allows it (stderr is a TTY, or --progress).
#pragma once
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>

namespace ordo::tools {

inline bool stderr_is_tty() { return ::isatty(STDERR_FILENO) == 1; }

inline constexpr std::uint64_t default_progress_threshold = std::uint64_t(64) << 20;

class progress {
 public:
  // `total` in any unit (bytes); nothing is printed unless `allowed` and
  // total >= threshold.
  progress(std::string label, std::uint64_t total, bool allowed,
           std::uint64_t threshold = default_progress_threshold)
      : label_(std::move(label)), total_(total), on_(allowed && total > 0 && total >= threshold),
        tty_(stderr_is_tty()) {}
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;
  // Left early (an error): end the line so the error message starts on its own.
  ~progress() {
    if (on_ && tty_ && last_ >= 0) std::fputc('\n', stderr);
  }

  void update(std::uint64_t done) {
    if (!on_) return;
    const int pct = int(double(done) / double(total_) * 100.0);
    // A TTY line is redrawn each percent; a log (--progress into a file) gets
    // one line per 10%.
    const int step = tty_ ? 1 : 10;
    if (last_ >= 0 && pct / step == last_ / step) return;
    last_ = pct;
    std::fprintf(stderr, tty_ ? "\r%s: %d%%" : "%s: %d%%\n", label_.c_str(), pct);
    std::fflush(stderr);
  }

  void finish() {
    update(total_);
    if (on_ && tty_) std::fputc('\n', stderr);
    on_ = false;
  }

 private:
  std::string label_;
  std::uint64_t total_;
  bool on_;
  bool tty_;
  int last_ = -1;
};

}  // namespace ordo::tools
