// A rank output type chosen at run time, so that one kernel writes every rank
// type (the grouped rank's tile kernel, ordo::nccl's fix-up kernel) instead of
// one instantiation per rank type.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ordo/detail/host_device.hpp"

namespace ordo::detail {

enum class rank_store : unsigned char { u32, u64, f32, f64 };

template <class R>
constexpr rank_store rank_store_of() {
  if constexpr (std::is_same_v<R, std::uint32_t>) return rank_store::u32;
  else if constexpr (std::is_same_v<R, std::uint64_t>) return rank_store::u64;
  else if constexpr (std::is_same_v<R, float>) return rank_store::f32;
  else return rank_store::f64;
}

constexpr std::size_t rank_store_bytes(rank_store s) { return s == rank_store::u32 || s == rank_store::f32 ? 4 : 8; }

// out[i] = v as s; v is NaN for an unranked key: NaN in floating ranks, 0 in
// integer ones (rank_value.hpp's unranked_value).
ORDO_HD void store_rank(void* out, std::uint64_t i, double v, rank_store s) {
  switch (s) {
    case rank_store::u32: static_cast<std::uint32_t*>(out)[i] = v != v ? 0u : std::uint32_t(v); break;
    case rank_store::u64: static_cast<std::uint64_t*>(out)[i] = v != v ? 0ull : std::uint64_t(v); break;
    case rank_store::f32: static_cast<float*>(out)[i] = float(v); break;
    case rank_store::f64: static_cast<double*>(out)[i] = v; break;
  }
}

// in[i] as a double (the inverse of store_rank for ranked keys).
ORDO_HD double load_rank(const void* in, std::uint64_t i, rank_store s) {
  switch (s) {
    case rank_store::u32: return double(static_cast<const std::uint32_t*>(in)[i]);
    case rank_store::u64: return double(static_cast<const std::uint64_t*>(in)[i]);
    case rank_store::f32: return double(static_cast<const float*>(in)[i]);
    case rank_store::f64: break;
  }
  return static_cast<const double*>(in)[i];
}

}  // namespace ordo::detail
