// A 1-D column of values as the CLI reads and writes it: a std::vector of one
// of the key types (include/ordo/detail/key_types.hpp, in the list's order),
// named the NumPy way (int32 ... float64; int8, bool, float16 ... as the list
// grows). The verbs' results (ranks, permutations, list ranks) are key types
// too. Nothing here names a key type but the constants of dtype below.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "ordo/detail/key_dtypes.hpp"

namespace ordo::tools::io {

// A column of bools holds real bools (spans of them go to the library), not
// std::vector<bool>'s bits: the part of std::vector the readers, writers and
// verbs use.
class bool_vector {
 public:
  using value_type = bool;
  bool_vector() = default;
  explicit bool_vector(std::size_t n) : v_(n) {}
  bool_vector(const std::vector<bool>& v) : bool_vector(v.begin(), v.end()) {}  // generators
  template <class It>
  bool_vector(It first, It last) {
    for (; first != last; ++first) push_back(bool(*first));
  }
  bool* data() noexcept { return reinterpret_cast<bool*>(v_.data()); }
  const bool* data() const noexcept { return reinterpret_cast<const bool*>(v_.data()); }
  std::size_t size() const noexcept { return v_.size(); }
  bool empty() const noexcept { return v_.empty(); }
  bool* begin() noexcept { return data(); }
  bool* end() noexcept { return data() + size(); }
  const bool* begin() const noexcept { return data(); }
  const bool* end() const noexcept { return data() + size(); }
  bool& operator[](std::size_t i) noexcept { return data()[i]; }
  const bool& operator[](std::size_t i) const noexcept { return data()[i]; }
  void push_back(bool b) { v_.push_back(cell{b}); }
  void resize(std::size_t n) { v_.resize(n); }
  void reserve(std::size_t n) { v_.reserve(n); }
  bool operator==(const bool_vector& o) const { return std::equal(begin(), end(), o.begin(), o.end()); }

 private:
  struct cell {
    bool b = false;
  };
  static_assert(sizeof(cell) == sizeof(bool));
  std::vector<cell> v_;
};

template <class T>
struct vector_for {
  using type = std::vector<T>;
};
template <>
struct vector_for<bool> {
  using type = bool_vector;
};
// The container of a column of T: std::vector<T> (bool_vector for bool).
template <class T>
using vector_of = typename vector_for<T>::type;
// std::variant<std::vector<K>...> over the key types, in the list's order.
using column_data = ordo::detail::key_types_as<std::variant, vector_of>::type;

// An element type: its position in the key list (== column_data's alternative).
struct dtype {
  std::uint8_t index = 0;
  constexpr bool operator==(const dtype&) const = default;
  // The types the verbs and tests name (results, successors, inference).
  static const dtype int32, uint32, int64, uint64, float32, float64;
};

template <class T>
constexpr dtype dtype_of() {
  static_assert(ordo::detail::key_index<T>() != ordo::detail::no_key, "not a key type (key_types.hpp)");
  return dtype{std::uint8_t(ordo::detail::key_index<T>())};
}
inline constexpr dtype dtype::int32 = dtype_of<std::int32_t>();
inline constexpr dtype dtype::uint32 = dtype_of<std::uint32_t>();
inline constexpr dtype dtype::int64 = dtype_of<std::int64_t>();
inline constexpr dtype dtype::uint64 = dtype_of<std::uint64_t>();
inline constexpr dtype dtype::float32 = dtype_of<float>();
inline constexpr dtype dtype::float64 = dtype_of<double>();

// numpy's facts of the type: name, kind, size, .npy descr, float format.
inline const ordo::detail::numpy_dtype& numpy_of(dtype t) { return *ordo::detail::key_dtypes[t.index].numpy; }

// Of the key list's main list (every capability takes it; the narrow keys,
// where key_types.hpp has them, only those that order keys).
inline bool is_wide(dtype t) { return ordo::detail::key_dtypes[t.index].wide; }

// The rank types among them (uint32, uint64, float32, float64: types.hpp).
inline bool is_rank_type(dtype t) { return ordo::detail::key_dtypes[t.index].rank; }
std::string rank_type_names();  // "uint32, uint64, float32 or float64"

// list_rank's index and rank types (src/common/list_rank/instantiate.hpp: the
// four 32- and 64-bit integers), a list of their own, not the key list.
template <class T>
inline constexpr bool is_list_index_v = std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t> ||
                                        std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::uint64_t>;
bool is_list_index(dtype t);
std::string list_index_names();  // "int32, uint32, int64 or uint64"

// f.template operator()<T>() for the element type t.
template <class F>
decltype(auto) visit_dtype(dtype t, F&& f) {
  return ordo::detail::visit_key_index(t.index, std::forward<F>(f));
}

struct column {
  column_data data;

  dtype type() const { return dtype{std::uint8_t(data.index())}; }
  const char* dtype_name() const;
  std::size_t size() const {
    return std::visit([](const auto& v) { return v.size(); }, data);
  }
};

const char* to_string(dtype t) noexcept;
inline std::ostream& operator<<(std::ostream& os, dtype t) { return os << to_string(t); }
std::size_t element_size(dtype t) noexcept;
bool is_floating(dtype t) noexcept;
bool is_signed(dtype t) noexcept;  // int*, and the floats
// Every type's name, as a message or help lists them: "int32, uint32, ...,
// float32 or float64" (or with `last` ", ").
std::string dtype_names(const char* last = " or ");
// The index of the first element of a bool column that is neither 0 nor 1
// (bytes read from a file), or SIZE_MAX; SIZE_MAX for any other column.
std::size_t first_bad_bool(const column& c);
// The numpy names, and the list's names where they differ ("float"/"double"
// for float32/float64), which parse too; throws ordo::error(invalid_argument)
// naming `what` (e.g. "--dtype").
dtype parse_dtype(std::string_view name, std::string_view what = "dtype");
// A zero-filled column of n elements of type t.
column make_column(dtype t, std::size_t n);

}  // namespace ordo::tools::io
