#include "io/column.hpp"

#include <string>

#include "ordo/error.hpp"

namespace ordo::tools::io {

const char* to_string(dtype t) noexcept {
  switch (t) {
    case dtype::int32: return "int32";
    case dtype::uint32: return "uint32";
    case dtype::int64: return "int64";
    case dtype::uint64: return "uint64";
    case dtype::float32: return "float32";
    case dtype::float64: return "float64";
  }
  return "?";
}

const char* column::dtype_name() const { return to_string(type()); }

std::size_t element_size(dtype t) noexcept {
  return t == dtype::int32 || t == dtype::uint32 || t == dtype::float32 ? 4 : 8;
}

bool is_floating(dtype t) noexcept { return t == dtype::float32 || t == dtype::float64; }

dtype parse_dtype(std::string_view name, std::string_view what) {
  for (dtype t : {dtype::int32, dtype::uint32, dtype::int64, dtype::uint64, dtype::float32, dtype::float64})
    if (name == to_string(t)) return t;
  if (name == "float") return dtype::float32;  // ordo::type_name's spelling
  if (name == "double") return dtype::float64;
  throw error(errc::invalid_argument, std::string(what) + ": unknown type '" + std::string(name) +
                                          "' (expected int32, uint32, int64, uint64, float32 or float64)");
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
