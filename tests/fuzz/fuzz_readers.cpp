// libFuzzer target for the CLI's readers (.npy, raw, text): any bytes, read
// with options picked by the first byte, must either give a column or throw
// ordo::error; nothing else (a crash, a sanitizer report, another exception,
// a hang). A column read must also
//   - write and read back to the same bits (NaN payloads aside), and
//   - for plain one-column text, hold one value per non-blank line (minus a
//     header): no line silently dropped.
// Built by -DORDO_BUILD_FUZZERS=ON with clang++; scripts/fuzz runs it.
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "io/io.hpp"
#include "ordo/error.hpp"

namespace {
using namespace ordo::tools::io;

std::string scratch(const char* name) {
  const char* dir = std::getenv("ORDO_FUZZ_TMP");
  return std::string(dir ? dir : "/tmp") + "/ordo_fuzz_" + std::to_string(::getpid()) + "_" + name;
}

void put(const std::string& path, const std::uint8_t* data, std::size_t size) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) std::abort();
  if (size) std::fwrite(data, 1, size, f);
  std::fclose(f);
}

[[noreturn]] void broken(const char* what) {
  std::fprintf(stderr, "fuzz_readers: %s\n", what);
  std::abort();
}

// Non-blank lines of plain text (no quotes, no delimiters), as the reader
// counts them, and whether the first may be a header: one that starts like a
// number (1.5., -3x) is a malformed value, never a header to drop.
std::size_t plain_lines(std::string_view s, bool& plain, bool& header_ok) {
  plain = s.find_first_of(",\t\"") == std::string_view::npos;
  if (s.substr(0, 3) == "\xEF\xBB\xBF") s.remove_prefix(3);
  std::size_t n = 0;
  bool content = false;
  header_ok = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '\n' || c == '\r') {
      n += content;
      content = false;
    } else if (c != ' ' && c != '\t') {
      if (!content && n == 0) {  // the first character of the first line
        std::size_t j = i + (c == '+' || c == '-');
        if (j < s.size() && s[j] == '.') ++j;
        header_ok = !(j < s.size() && s[j] >= '0' && s[j] <= '9');
      }
      content = true;
    }
  }
  return n + content;
}

void check_round_trip(const column& c, file_format f) {
  const std::string ext = f == file_format::npy ? "b.npy" : f == file_format::bin ? "b.bin" : "b.txt";
  const std::string path = scratch(ext.c_str());
  write_column(path, c);
  read_options o;
  o.type = c.type();
  const column back = read_column(path, o);
  if (back.type() != c.type() || back.size() != c.size()) broken("round trip changed the type or size");
  std::visit(
      [&](const auto& v) {
        using V = std::decay_t<decltype(v)>;  // the column's vector type (bool: io::bool_vector)
        using T = typename V::value_type;
        const auto& w = std::get<V>(back.data);
        for (std::size_t i = 0; i < v.size(); ++i) {
          const T a = v[i], b = w[i];
          if constexpr (std::is_floating_point_v<T>)
            if (std::isnan(a) && std::isnan(b)) continue;
          if (std::memcmp(&a, &b, sizeof(T)) != 0) broken("round trip changed a value");
        }
      },
      c.data);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const unsigned sel = data[0];
  ++data, --size;
  const file_format f = sel % 3 == 0 ? file_format::npy : sel % 3 == 1 ? file_format::bin : file_format::text;
  read_options o;
  o.format = f;
  const unsigned t = (sel / 3) % 7;  // 0: no --dtype; else one of the first six key types of the list
  if (t) o.type = dtype{std::uint8_t(t - 1)};
  if (f == file_format::bin && !o.type) o.type = dtype::int32;
  if (f == file_format::text) {
    const unsigned col = (sel / 21) % 4;
    if (col == 1) o.column = "0";
    if (col == 2) o.column = "1";
    if (col == 3) o.na_values = {"x", "-1"};
  }
  const std::string path = scratch("a");
  put(path, data, size);
  column c;
  try {
    c = read_column(path, o);
  } catch (const ordo::error&) {
    return 0;  // a clear refusal
  }
  if (f == file_format::text && o.column.empty() && o.na_values.empty()) {
    bool plain, header_ok;
    const std::size_t lines =
        plain_lines(std::string_view(reinterpret_cast<const char*>(data), size), plain, header_ok);
    if (plain && c.size() != lines && !(header_ok && c.size() + 1 == lines))
      broken("a text line was dropped without an error");
  }
  check_round_trip(c, f);
  return 0;
}
