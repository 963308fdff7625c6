// The item count a CUB baseline is given: int, as a caller with n < 2^31
// passes it. CUB picks its offset type from the count's type, and with
// std::int64_t DeviceRadixSort takes its 64-bit path: SortPairs of 2^28
// (int32, uint32) 8.7 ms on an H200 where int gives 7.5. The suites passed
// std::int64_t before 2026-11-30, which made those baselines slower than
// what a user gets (their JSON under bench/results says the commit).
#pragma once
#include <cstdint>
#include <stdexcept>

namespace ordo_bench {

inline int cub_count(std::uint64_t n) {
  if (n >= (std::uint64_t(1) << 31))
    throw std::invalid_argument("CUB baselines are timed with int item counts: n must be below 2^31");
  return int(n);
}

}  // namespace ordo_bench
