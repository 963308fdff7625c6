// The element types ordo instantiates, and their names as the CLI, the
// benchmark JSON and the Python module spell them.
#pragma once
#include <cstdint>
#include <type_traits>

namespace ordo {

template <class T>
inline constexpr bool is_key_type_v =
    std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t> ||
    std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::uint64_t> ||
    std::is_same_v<T, float> || std::is_same_v<T, double>;

// Rank outputs: unsigned integers for the integral methods, floating point
// for `average` and `pct` (and for pandas-style NaN results).
template <class T>
inline constexpr bool is_rank_type_v =
    std::is_same_v<T, std::uint32_t> || std::is_same_v<T, std::uint64_t> ||
    std::is_same_v<T, float> || std::is_same_v<T, double>;

template <class T>
constexpr const char* type_name() {
  if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
  else if constexpr (std::is_same_v<T, std::uint32_t>) return "uint32";
  else if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
  else if constexpr (std::is_same_v<T, std::uint64_t>) return "uint64";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else if constexpr (std::is_same_v<T, double>) return "double";
  else return "unknown";
}

// Calls f(T{}) with T the type named by `name`; false when no key type has it.
template <class F>
bool visit_key_type(const char* name, F&& f);

}  // namespace ordo

#include <cstring>
namespace ordo {
template <class F>
bool visit_key_type(const char* name, F&& f) {
  if (!std::strcmp(name, "int32")) return f(std::int32_t{}), true;
  if (!std::strcmp(name, "uint32")) return f(std::uint32_t{}), true;
  if (!std::strcmp(name, "int64")) return f(std::int64_t{}), true;
  if (!std::strcmp(name, "uint64")) return f(std::uint64_t{}), true;
  if (!std::strcmp(name, "float")) return f(float{}), true;
  if (!std::strcmp(name, "double")) return f(double{}), true;
  return false;
}
}  // namespace ordo
