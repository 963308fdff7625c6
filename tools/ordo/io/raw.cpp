#include "io/raw.hpp"

#include <string>

namespace ordo::tools::io {

std::uint64_t raw_count(const input_file& in, dtype type) {
  const std::uint64_t bytes = in.size(), size = element_size(type);
  if (bytes % size != 0)
    fail(in.path(), "raw file size " + std::to_string(bytes) + " bytes is not a multiple of " +
                        std::to_string(size) + " (the size of one " + to_string(type) + ")");
  return bytes / size;
}

column read_raw(input_file& in, dtype type, const progress_policy& p) {
  const std::uint64_t bytes = in.size();
  column c = make_column(type, std::size_t(raw_count(in, type)));
  std::visit([&](auto& v) { in.read_bulk(v.data(), bytes, "the raw data", p); }, c.data);
  if (const std::size_t i = first_bad_bool(c); i != SIZE_MAX)
    fail(in.path(), "element " + std::to_string(i) + " is not a bool (a byte other than 0 or 1)");
  return c;
}

void write_raw(output_file& out, const column& c, const progress_policy& p) {
  std::visit([&](const auto& v) { out.write_bulk(v.data(), v.size() * sizeof(v[0]), p); }, c.data);
}

}  // namespace ordo::tools::io
