// Argument checks every backend of the primitives runs before any work: sizes
// that do not fit together become errc::invalid_argument naming the call.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <type_traits>

#include "ordo/error.hpp"

namespace ordo::detail {

[[noreturn]] inline void prim_fail(const char* fn, const std::string& what) {
  throw error(errc::invalid_argument, std::string(fn) + ": " + what);
}

inline void check_same_size(const char* fn, const char* a, std::size_t na, const char* b, std::size_t nb) {
  if (na != nb)
    prim_fail(fn, std::string(a) + ".size() (" + std::to_string(na) + ") != " + b + ".size() (" + std::to_string(nb) + ")");
}

// A sort that copies keys and values: keys_out, values_in and values_out as
// long as keys_in (checked in that order).
inline void check_copy_sizes(const char* fn, std::size_t keys_in, std::size_t keys_out, std::size_t values_in,
                             std::size_t values_out) {
  check_same_size(fn, "keys_out", keys_out, "keys_in", keys_in);
  check_same_size(fn, "values_in", values_in, "keys_in", keys_in);
  check_same_size(fn, "values_out", values_out, "keys_in", keys_in);
}

// An out-of-place call's output either is its input (the same span: the call
// runs in place) or shares no element with it: a partial overlap would read
// elements the call has already overwritten.
template <class T>
void check_same_or_apart(const char* fn, const char* out_name, std::span<T> out, const char* in_name,
                         std::span<const T> in) {
  const auto o = reinterpret_cast<std::uintptr_t>(out.data()), i = reinterpret_cast<std::uintptr_t>(in.data());
  if (o == i || out.empty() || in.empty()) return;
  if (o < i + in.size_bytes() && i < o + out.size_bytes())
    prim_fail(fn, std::string(out_name) + " overlaps " + in_name +
                      " without being the same span (pass the same span to sort in place, or disjoint ones)");
}

inline void check_at_least(const char* fn, const char* a, std::size_t na, const char* b, std::size_t nb) {
  if (na < nb)
    prim_fail(fn, std::string(a) + ".size() (" + std::to_string(na) + ") < " + b + ".size() (" + std::to_string(nb) + ")");
}

inline void check_count_slot(const char* fn, const char* name, std::size_t n) {
  if (n != 1) prim_fail(fn, std::string(name) + " must have exactly one element, has " + std::to_string(n));
}

template <class Index>
void check_index_fits(const char* fn, std::size_t n) {
  if (n > 0 && n - 1 > std::size_t(std::numeric_limits<Index>::max()))
    prim_fail(fn, std::to_string(n) + " elements do not fit the " + std::to_string(sizeof(Index) * 8) +
                      "-bit index type");
}

inline void check_scan_args(std::size_t n_in, std::size_t n_out, std::size_t n_flags) {
  check_same_size("scan", "out", n_out, "in", n_in);
  if (n_flags) check_same_size("scan", "head_flags", n_flags, "in", n_in);
}

// A scan whose output type differs from its input's cannot run in place: an
// output element is wider or narrower than the input it would overwrite.
template <class In, class Acc>
void check_scan_overlap(const In* in, std::size_t n, const Acc* out) {
  if constexpr (!std::is_same_v<In, Acc>) {
    const auto a = reinterpret_cast<std::uintptr_t>(in), b = reinterpret_cast<std::uintptr_t>(out);
    if (n && a < b + n * sizeof(Acc) && b < a + n * sizeof(In))
      prim_fail("scan", "in and out overlap but have different element types (only a same-type scan runs in place)");
  }
}

// fork's offsets: the running sum of the counts in 64 bits, checked.
[[noreturn]] inline void fail_fork_overflow(std::uint64_t at) {
  prim_fail("fork", "overflow: the counts up to counts[" + std::to_string(at) +
                        "] add up to more than 2^64 - 1 children");
}
[[noreturn]] inline void fail_fork_overflow() {
  prim_fail("fork", "overflow: the counts add up to more than 2^64 - 1 children");
}
// The GPU's saturating sum cannot tell 2^64 - 1 from more.
[[noreturn]] inline void fail_fork_saturated() {
  prim_fail("fork", "overflow: the counts add up to 2^64 - 1 children or more");
}

inline void check_n_buckets(const char* fn, unsigned n_buckets, std::size_t n_offsets) {
  if (n_buckets < 1 || n_buckets > 256) prim_fail(fn, "n_buckets must be in [1, 256], is " + std::to_string(n_buckets));
  if (n_offsets != std::size_t(n_buckets) + 1)
    prim_fail(fn, "offsets must have n_buckets + 1 = " + std::to_string(n_buckets + 1) + " entries, has " +
                      std::to_string(n_offsets));
}

[[noreturn]] inline void fail_fork_total(std::uint64_t total, std::size_t n_out) {
  prim_fail("fork", "the counts add up to " + std::to_string(total) + " children but parent has " +
                        std::to_string(n_out) + " entries");
}

[[noreturn]] inline void fail_bucket(std::uint64_t at, unsigned value, unsigned n_buckets) {
  prim_fail("split", "bucket[" + std::to_string(at) + "] = " + std::to_string(value) + " is not below n_buckets (" +
                         std::to_string(n_buckets) + ")");
}

}  // namespace ordo::detail
