// A 1-D column of values as the CLI reads and writes it: a std::vector of one
// of the six element types, named the NumPy way (int32 ... float64).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

namespace ordo::tools::io {

// The order matches column_data's alternatives, so dtype(data.index()) works.
enum class dtype { int32, uint32, int64, uint64, float32, float64 };

using column_data =
    std::variant<std::vector<std::int32_t>, std::vector<std::uint32_t>, std::vector<std::int64_t>,
                 std::vector<std::uint64_t>, std::vector<float>, std::vector<double>>;

struct column {
  column_data data;

  dtype type() const { return dtype(data.index()); }
  const char* dtype_name() const;
  std::size_t size() const {
    return std::visit([](const auto& v) { return v.size(); }, data);
  }
};

const char* to_string(dtype t) noexcept;
std::size_t element_size(dtype t) noexcept;
bool is_floating(dtype t) noexcept;
// "int32" ... "float64", and ordo's "float"/"double" for float32/float64;
// throws ordo::error(invalid_argument) naming `what` (e.g. "--dtype").
dtype parse_dtype(std::string_view name, std::string_view what = "dtype");
// A zero-filled column of n elements of type t.
column make_column(dtype t, std::size_t n);

template <class T>
constexpr dtype dtype_of();
template <> constexpr dtype dtype_of<std::int32_t>() { return dtype::int32; }
template <> constexpr dtype dtype_of<std::uint32_t>() { return dtype::uint32; }
template <> constexpr dtype dtype_of<std::int64_t>() { return dtype::int64; }
template <> constexpr dtype dtype_of<std::uint64_t>() { return dtype::uint64; }
template <> constexpr dtype dtype_of<float>() { return dtype::float32; }
template <> constexpr dtype dtype_of<double>() { return dtype::float64; }

}  // namespace ordo::tools::io
