// radix_native.cuh: CUB sorts the keys in their own type. Signed integers and
// floats without -0.0 or NaN have one bit pattern per value, and CUB's order
// of their bits is ordo::less, so the codes that radix_fallback.cu encodes
// and decodes around the sort (a read and a write of the keys each, ~1 ms of
// 7.8 for 2^28 int32 keys on an H200) are not needed. The item count is an
// int (n < 2^31): CUB's faster offset path. 24 CUB instantiations.
#include "cuda/rough_sort/radix_native.cuh"

#include <cub/device/device_radix_sort.cuh>

#include <cstdint>

#include "ordo/cuda/detail/cub_temp.cuh"
#include "ordo/error.hpp"

namespace ordo::detail::rough {
namespace {

template <class T, bool Descending>
void sort_typed(const cuda& exec, const T* in, T* out, const segsort::value_mover& v, int n) {
  const auto s = exec.stream;
  constexpr int bits = int(sizeof(T) * 8);
  const auto pairs = [&](const auto* vi, auto* vo) {
    with_cub_temp(exec, "cub::DeviceRadixSort", [&](void* t, std::size_t& b) {
      if constexpr (Descending) return cub::DeviceRadixSort::SortPairsDescending(t, b, in, out, vi, vo, n, 0, bits, s);
      else return cub::DeviceRadixSort::SortPairs(t, b, in, out, vi, vo, n, 0, bits, s);
    });
  };
  if (v.bytes == 4) {
    pairs(static_cast<const std::uint32_t*>(v.in), static_cast<std::uint32_t*>(v.out));
  } else if (v.bytes == 8) {
    pairs(static_cast<const std::uint64_t*>(v.in), static_cast<std::uint64_t*>(v.out));
  } else {
    with_cub_temp(exec, "cub::DeviceRadixSort", [&](void* t, std::size_t& b) {
      if constexpr (Descending) return cub::DeviceRadixSort::SortKeysDescending(t, b, in, out, n, 0, bits, s);
      else return cub::DeviceRadixSort::SortKeys(t, b, in, out, n, 0, bits, s);
    });
  }
}

template <class T>
void sort_as(const cuda& exec, bool descending, const void* in, void* out, const segsort::value_mover& v,
             std::uint64_t n) {
  const auto* i = static_cast<const T*>(in);
  auto* o = static_cast<T*>(out);
  if (descending) sort_typed<T, true>(exec, i, o, v, int(n));
  else sort_typed<T, false>(exec, i, o, v, int(n));
}

// Signed and floating-point keys are sorted ascending only (radix_native_applies).
template <class T>
void sort_ascending_as(const cuda& exec, const void* in, void* out, const segsort::value_mover& v, std::uint64_t n) {
  sort_typed<T, false>(exec, static_cast<const T*>(in), static_cast<T*>(out), v, int(n));
}

}  // namespace

void radix_native(const cuda& exec, key_kind kind, bool descending, unsigned key_bytes, const void* keys_in,
                  void* keys_out, const segsort::value_mover& values, std::uint64_t n) {
  if (!radix_native_applies(kind, descending, n))
    throw error(errc::invalid_argument, "radix_native: called for keys it does not sort (internal)");
  const bool wide = key_bytes == 8;
  switch (kind) {
    case key_kind::unsigned_int:
      return wide ? sort_as<std::uint64_t>(exec, descending, keys_in, keys_out, values, n)
                  : sort_as<std::uint32_t>(exec, descending, keys_in, keys_out, values, n);
    case key_kind::signed_int:
      return wide ? sort_ascending_as<std::int64_t>(exec, keys_in, keys_out, values, n)
                  : sort_ascending_as<std::int32_t>(exec, keys_in, keys_out, values, n);
    case key_kind::floating:
      return wide ? sort_ascending_as<double>(exec, keys_in, keys_out, values, n)
                  : sort_ascending_as<float>(exec, keys_in, keys_out, values, n);
  }
}

}  // namespace ordo::detail::rough
