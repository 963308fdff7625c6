// The checks of rank.hpp's front doors and of rank_sorted's variant choice,
// shared by every backend so that each rejects the same inputs with the same
// messages. The variant checks read rank_variant_table (rank_variants.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "ordo/error.hpp"
#include "ordo/rank_variants.hpp"
#include "ordo/types.hpp"

namespace ordo::detail {

template <class Key, class Rank>
void check_rank_args(std::size_t n_keys, std::size_t n_ranks, rank_method method, bool pct,
                     const char* fn) {
  static_assert(is_key_type_v<Key>, "ordo: not a key type (include/ordo/detail/key_types.hpp lists them)");
  static_assert(is_rank_type_v<Rank>, "ordo: rank type must be uint32, uint64, float or double");
  if (n_keys != n_ranks)
    throw error(errc::invalid_argument, std::string(fn) + ": ranks has " + std::to_string(n_ranks) +
                                            " elements but keys has " + std::to_string(n_keys));
  if constexpr (std::is_integral_v<Rank>) {
    if (method == rank_method::average)
      throw error(errc::invalid_argument,
                  std::string(fn) + ": method 'average' gives fractional ranks; use a float or double rank type");
    if (pct)
      throw error(errc::invalid_argument,
                  std::string(fn) + ": pct gives fractional ranks; use a float or double rank type");
  }
  if constexpr (std::is_same_v<Rank, std::uint32_t>) {
    if (n_keys > std::numeric_limits<std::uint32_t>::max())
      throw error(errc::invalid_argument,
                  std::string(fn) + ": " + std::to_string(n_keys) +
                      " keys do not fit uint32 ranks; use uint64 ranks for n >= 2^32");
  }
}

// "a, b or c": the table's variants of one backend.
inline std::string rank_variant_names(bool gpu) {
  std::string out, last;
  for (const rank_variant_row& r : rank_variant_table) {
    if (r.variant.is_gpu() != gpu) continue;
    if (!last.empty()) out += (out.empty() ? "" : ", ") + last;
    last = r.name;
  }
  return out.empty() ? last : out + " or " + last;
}

inline const char* rank_method_name(rank_method m) noexcept {
  for (const auto& r : rank_method_names)
    if (r.value == m) return r.name;
  return "?";
}

// Throws errc::not_supported where v is a variant of the other backend:
// "fn: variant 'naive' runs on the GPU; on ordo::cpu use sequential or parallel_search".
inline void check_rank_variant_backend(const char* fn, rank_variant v, bool gpu) {
  if (gpu ? v.is_cpu() : v.is_gpu())
    throw error(errc::not_supported, std::string(fn) + ": variant '" + rank_variant_row_of(v)->name + "' runs on the " +
                                         (gpu ? "CPU; on ordo::cuda use " : "GPU; on ordo::cpu use ") +
                                         rank_variant_names(gpu));
}

// The variant each backend runs for these options: the one asked for, or the
// table's pick for automatic (threads: the CPU's resolved thread count).
inline cpu_rank_variant cpu_rank_variant_for(const char* fn, rank_variant v, rank_method m, int threads) {
  check_rank_variant_backend(fn, v, false);
  return v.is_cpu() ? v.cpu_variant() : automatic_cpu_rank_variant(m, threads);
}
inline gpu_rank_variant gpu_rank_variant_for(const char* fn, rank_variant v, rank_method m) {
  check_rank_variant_backend(fn, v, true);
  return v.is_gpu() ? v.gpu_variant() : automatic_gpu_rank_variant(m);
}

// Throws errc::not_supported where the table says v does not compute m:
// "rank_sorted: variant 'scan' does not do method 'min' (why)".
inline void check_rank_variant_does(rank_variant v, rank_method m) {
  const rank_variant_row* r = rank_variant_row_of(v);
  if (r == nullptr || !r->methods.has(m))
    throw error(errc::not_supported, std::string("rank_sorted: variant '") + (r ? r->name : "auto") +
                                         "' does not do method '" + rank_method_name(m) + "' " +
                                         (r ? r->why_not : ""));
}

}  // namespace ordo::detail
