// The segments of a segmented sort with the offset type erased: one small
// struct that the CPU loops and the GPU kernels read the same way (offsets
// are loaded by width at run time, so the kernels are not instantiated per
// offset type). Host and device.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>

#include "ordo/error.hpp"
#include "ordo/ops.hpp"
#include "ordo/segments.hpp"

namespace ordo::detail {

struct segment_range {
  std::uint64_t begin, end;
};

struct segment_desc {
  segment_kind kind = segment_kind::fixed;
  const void* begins = nullptr;
  const void* ends = nullptr;
  std::uint8_t width = 8;  // bytes per offset
  bool is_signed = false;
  std::uint64_t count = 0;  // segments
  std::uint64_t n = 0;      // elements
  std::uint64_t length = 0, head = 0;  // fixed: segment length, leading segment length

  // An offset as uint64; a negative signed offset becomes a value above any n.
  ORDO_OP_HD std::uint64_t load(const void* p, std::uint64_t i) const {
    if (width == 4) {
      if (is_signed) {
        const std::int32_t v = static_cast<const std::int32_t*>(p)[i];
        return v < 0 ? ~std::uint64_t(0) : std::uint64_t(v);
      }
      return static_cast<const std::uint32_t*>(p)[i];
    }
    const std::uint64_t v = static_cast<const std::uint64_t*>(p)[i];
    return is_signed && (v >> 63) ? ~std::uint64_t(0) : v;
  }

  ORDO_OP_HD segment_range operator[](std::uint64_t i) const {
    switch (kind) {
      case segment_kind::offsets: return {load(begins, i), load(begins, i + 1)};
      case segment_kind::bounds: return {load(begins, i), load(ends, i)};
      case segment_kind::fixed: break;
    }
    if (head > 0) {
      if (i == 0) return {0, head};
      --i;
    }
    const std::uint64_t b = head + i * length;
    // make_segment_desc clamps length to n - head, so b + length <= 2n cannot
    // wrap for any n <= 2^63. (Written as `length < n - b` this took the short
    // tile kernel from 64 to 72 registers and its rows 10% slower:
    // docs/benchmarks.md#tuning-segsort-desc-registers.)
    return {b, b + length < n ? b + length : n};
  }

  ORDO_OP_HD bool valid(segment_range r) const { return r.begin <= r.end && r.end <= n; }
};

template <class Offset>
segment_desc make_segment_desc(const char* fn, const segments<Offset>& s, std::uint64_t n) {
  segment_desc d;
  d.kind = s.kind;
  d.width = sizeof(Offset);
  d.is_signed = std::is_signed_v<Offset>;
  d.n = n;
  d.begins = s.begins.data();
  d.ends = s.ends.data();
  const auto fail = [&](const std::string& what) {
    throw error(errc::invalid_argument, std::string(fn) + ": " + what);
  };
  switch (s.kind) {
    case segment_kind::offsets: break;  // [] and [x] are both no segments (np.concatenate([[0], cumsum([])]))
    case segment_kind::bounds:
      if (s.begins.size() != s.ends.size())
        fail("begins.size() (" + std::to_string(s.begins.size()) + ") != ends.size() (" +
             std::to_string(s.ends.size()) + ")");
      break;
    case segment_kind::fixed:
      if (s.length == 0 && n > 0) fail("fixed_length(0): the segment length must be positive");
      if (s.first >= s.length && s.length > 0)
        fail("fixed_length(" + std::to_string(s.length) + ", " + std::to_string(s.first) +
             "): the leading segment must be shorter than the others");
      d.head = s.first < n ? s.first : n;
      // A length past the elements left after the head is the same single
      // segment as a length of exactly that many: clamp it, so that no
      // backend's arithmetic on the length (bins, chunks, b + length) sees a
      // value near 2^64 (fixed_length(2^64 - 1) hung the GPU dispatch in bin_of).
      d.length = s.length;
      if (n - d.head > 0 && d.length > n - d.head) d.length = n - d.head;
      if (n - d.head == 0 && d.length > 1) d.length = 1;  // no segment of this length: any positive length will do
      break;
  }
  d.count = s.count(n);
  return d;
}

[[noreturn]] inline void throw_bad_segment(const char* fn, const segment_desc& d, std::uint64_t i, segment_range r) {
  const auto text = [](std::uint64_t v) {
    return v == ~std::uint64_t(0) ? std::string("a negative offset") : std::to_string(v);
  };
  std::string why;
  if (r.begin > r.end) why = "begin " + text(r.begin) + " > end " + text(r.end);
  else why = "end " + text(r.end) + " > n = " + std::to_string(d.n);
  if (d.kind == segment_kind::offsets && r.begin > r.end) why += " (offsets decrease)";
  throw error(errc::invalid_argument, std::string(fn) + ": segment " + std::to_string(i) + ": " + why);
}

}  // namespace ordo::detail
