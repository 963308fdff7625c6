// A buffer with sentinel guards on both sides of the span handed to the code
// under test: intact() says whether anything was written outside the span (or,
// for an empty span, at all).
#pragma once
#include <cstddef>
#include <span>
#include <vector>

namespace ordo_test {

template <class T>
class guarded {
 public:
  guarded(std::size_t n, T sentinel, std::size_t guard = 16)
      : all_(n + 2 * guard, sentinel), n_(n), guard_(guard), sentinel_(sentinel) {}

  std::span<T> span() { return {all_.data() + guard_, n_}; }

  bool intact() const {
    for (std::size_t i = 0; i < all_.size(); ++i)
      if ((i < guard_ || i >= guard_ + n_) && !(all_[i] == sentinel_)) return false;
    return true;
  }

 private:
  std::vector<T> all_;
  std::size_t n_, guard_;
  T sentinel_;
};

}  // namespace ordo_test
