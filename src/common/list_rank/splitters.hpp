// Where Helman-JaJa and RHJ cut a list into sublists. The paper picks
// splitters "at intervals of n/p" (Algorithm 3, step 4), i.e. by index, which
// a list laid out adversarially can defeat. Here each group of `stride`
// consecutive indices holds exactly one splitter, at an offset drawn from a
// hash of the group number and a seed: the positions look random to any
// input, yet a node's splitter status and sublist number are arithmetic, with
// no table to read. `equidistant` puts it at the group's first index instead
// (the load-balance study of Fig. 9).
#pragma once
#include <cstdint>

#include "ordo/detail/host_device.hpp"

namespace ordo::detail::list {

ORDO_HD std::uint32_t mix32(std::uint32_t h) {  // murmur3's finaliser
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

struct splitter_layout {
  std::uint64_t n = 0;
  unsigned shift = 0;  // stride = 2^shift nodes per splitter
  std::uint32_t seed = 0;
  bool equidistant = false;

  ORDO_HD std::uint64_t stride() const { return std::uint64_t(1) << shift; }
  // Number of splitters (= sublists that start at a splitter).
  ORDO_HD std::uint64_t count() const { return (n + stride() - 1) >> shift; }
  // The splitter of group b.
  ORDO_HD std::uint64_t position(std::uint64_t b) const {
    const std::uint64_t first = b << shift;
    if (equidistant) return first;
    const std::uint32_t h = mix32(static_cast<std::uint32_t>(b) ^ seed);
    const std::uint64_t len = n - first;
    return first + (len >= stride() ? (h & (stride() - 1)) : h % len);
  }
  ORDO_HD bool is_splitter(std::uint64_t x) const { return position(x >> shift) == x; }
  ORDO_HD std::uint64_t group(std::uint64_t x) const { return x >> shift; }
};

// log2 of a power-of-two stride; the caller has checked it is one.
inline unsigned stride_shift(std::uint64_t stride) {
  unsigned s = 0;
  while ((std::uint64_t(1) << s) < stride) ++s;
  return s;
}

}  // namespace ordo::detail::list
