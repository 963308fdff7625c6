#include "io/column.hpp"

#include <string>

#include "ordo/detail/name_table.hpp"

namespace ordo::tools::io {

// The names first, then ordo::type_name's spellings, which parse too.
constexpr ordo::detail::named<dtype> dtype_rows[] = {
    {dtype::int32, "int32"},     {dtype::uint32, "uint32"},   {dtype::int64, "int64"},   {dtype::uint64, "uint64"},
    {dtype::float32, "float32"}, {dtype::float64, "float64"}, {dtype::float32, "float"}, {dtype::float64, "double"}};
constexpr ordo::detail::name_table dtypes{dtype_rows, "unknown type",
                                          "expected int32, uint32, int64, uint64, float32 or float64"};

const char* to_string(dtype t) noexcept { return dtypes.name_of(t); }

const char* column::dtype_name() const { return to_string(type()); }

std::size_t element_size(dtype t) noexcept {
  return t == dtype::int32 || t == dtype::uint32 || t == dtype::float32 ? 4 : 8;
}

bool is_floating(dtype t) noexcept { return t == dtype::float32 || t == dtype::float64; }

dtype parse_dtype(std::string_view name, std::string_view what) {
  return dtypes.parse(name, std::string(what) + ": ");
}

column make_column(dtype t, std::size_t n) {
  switch (t) {
    case dtype::int32: return {std::vector<std::int32_t>(n)};
    case dtype::uint32: return {std::vector<std::uint32_t>(n)};
    case dtype::int64: return {std::vector<std::int64_t>(n)};
    case dtype::uint64: return {std::vector<std::uint64_t>(n)};
    case dtype::float32: return {std::vector<float>(n)};
    case dtype::float64: return {std::vector<double>(n)};
  }
  return {};
}

}  // namespace ordo::tools::io
