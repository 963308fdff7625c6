// Argument checks every backend of the primitives runs before any work: sizes
// that do not fit together become errc::invalid_argument naming the call.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "ordo/error.hpp"

namespace ordo::detail {

[[noreturn]] inline void prim_fail(const char* fn, const std::string& what) {
  throw error(errc::invalid_argument, std::string(fn) + ": " + what);
}

inline void check_same_size(const char* fn, const char* a, std::size_t na, const char* b, std::size_t nb) {
  if (na != nb)
    prim_fail(fn, std::string(a) + ".size() (" + std::to_string(na) + ") != " + b + ".size() (" + std::to_string(nb) + ")");
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
