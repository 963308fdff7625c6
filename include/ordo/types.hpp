// The key types, and their names as the CLI, the benchmark JSON and the
// Python module spell them (numpy's names: int8 ... uint64, bool, float16,
// bfloat16, float for float32, double for float64). The narrow ones (8 and 16
// bits, bool) are carried by a key of the main list (key_traits.hpp); CUDA's
// __half and __nv_bfloat16 are float16 and bfloat16.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ordo/detail/key_traits.hpp"
#include "ordo/detail/key_types.hpp"

namespace ordo {

#define ORDO_IS_KEY_TYPE_(T, N) || std::is_same_v<detail::key_alias_t<K>, T>
template <class K>
inline constexpr bool is_key_type_v = false ORDO_FOR_EACH_ANY_KEY_TYPE(ORDO_IS_KEY_TYPE_);
#undef ORDO_IS_KEY_TYPE_

// Rank outputs: unsigned integers for the integral methods, floating point
// for `average` and `pct` (and for pandas-style NaN results).
template <class T>
inline constexpr bool is_rank_type_v =
    std::is_same_v<T, std::uint32_t> || std::is_same_v<T, std::uint64_t> ||
    std::is_same_v<T, float> || std::is_same_v<T, double>;

template <class K>
constexpr const char* type_name() {
#define ORDO_KEY_TYPE_NAME_(T, N) \
  if constexpr (std::is_same_v<detail::key_alias_t<K>, T>) return #N;
  ORDO_FOR_EACH_ANY_KEY_TYPE(ORDO_KEY_TYPE_NAME_)
#undef ORDO_KEY_TYPE_NAME_
  return "unknown";
}

// Calls f(T{}) with T the type named by `name` (narrow keys included: float16
// gives ordo::half); false when no key type has it.
template <class F>
bool visit_key_type(const char* name, F&& f);

}  // namespace ordo

#include <cstring>
namespace ordo {
template <class F>
bool visit_key_type(const char* name, F&& f) {
#define ORDO_VISIT_KEY_TYPE_(T, N) \
  if (!std::strcmp(name, #N)) return f(T{}), true;
  ORDO_FOR_EACH_ANY_KEY_TYPE(ORDO_VISIT_KEY_TYPE_)
#undef ORDO_VISIT_KEY_TYPE_
  return false;
}
}  // namespace ordo
