// The .npy layout: "\x93NUMPY", major, minor, the header length (uint16 LE in
// 1.0, uint32 LE in 2.0/3.0), the header (a Python dict literal padded with
// spaces and ending in '\n'), then the raw elements.
#include "io/npy.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cstring>
#include <optional>
#include <vector>

namespace ordo::tools::io {
static_assert(std::endian::native == std::endian::little, "the .npy reader assumes a little-endian host");

namespace {

constexpr char magic[] = "\x93NUMPY";
constexpr std::size_t magic_len = 6;

std::string shape_text(const std::vector<std::uint64_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

// A parser for the few Python literals a .npy header dict holds.
class header_parser {
 public:
  header_parser(std::string_view s, const std::string& path) : s_(s), path_(path) {}

  npy_header parse() {
    std::optional<std::string> descr;
    std::optional<bool> fortran;
    std::optional<std::vector<std::uint64_t>> shape;
    expect('{', "at the start");
    while (!eat('}')) {
      const std::string key = str();
      expect(':', "after a key");
      if (key == "descr") {
        ws();
        if (i_ < s_.size() && s_[i_] == '[') unsupported("a structured dtype (a list of fields)");
        descr = str();
      } else if (key == "fortran_order") {
        fortran = boolean();
      } else if (key == "shape") {
        shape = tuple();
      } else {
        bad("unexpected key '" + key + "'");
      }
      if (!eat(',')) {
        expect('}', "after a value");
        break;
      }
    }
    ws();
    if (i_ != s_.size()) bad("text after the closing '}'");
    if (!descr || !fortran || !shape) bad("it needs the keys 'descr', 'fortran_order' and 'shape'");
    return check(*descr, *fortran, *shape);
  }

 private:
  [[noreturn]] void bad(const std::string& why) const {
    std::string shown(s_.substr(0, 120));
    while (!shown.empty() && std::isspace(static_cast<unsigned char>(shown.back()))) shown.pop_back();
    fail(path_, "malformed .npy header: " + why + " (header: " + shown + ")");
  }
  [[noreturn]] void unsupported(const std::string& what) const {
    fail(path_, "unsupported .npy array: " + what + "; ordo reads a little-endian 1-D array of " +
                    ordo::detail::numpy_names([](const auto& k) { return *k.numpy->descr != 0; }));
  }

  void ws() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool eat(char c) {
    ws();
    if (i_ < s_.size() && s_[i_] == c) return ++i_, true;
    return false;
  }
  void expect(char c, const char* where) {
    if (!eat(c)) bad(std::string("expected '") + c + "' " + where);
  }
  std::string str() {
    ws();
    if (i_ >= s_.size() || (s_[i_] != '\'' && s_[i_] != '"')) bad("expected a quoted string");
    const char q = s_[i_++];
    const std::size_t end = s_.find(q, i_);
    if (end == std::string_view::npos) bad("unterminated string");
    std::string r(s_.substr(i_, end - i_));
    i_ = end + 1;
    return r;
  }
  bool boolean() {
    ws();
    if (s_.substr(i_, 4) == "True") return i_ += 4, true;
    if (s_.substr(i_, 5) == "False") return i_ += 5, false;
    bad("'fortran_order' must be True or False");
  }
  std::vector<std::uint64_t> tuple() {
    expect('(', "to open 'shape'");
    std::vector<std::uint64_t> dims;
    while (!eat(')')) {
      ws();
      std::uint64_t d = 0;
      auto [p, ec] = std::from_chars(s_.data() + i_, s_.data() + s_.size(), d);
      if (ec != std::errc{}) bad("a dimension of 'shape' is not a non-negative integer");
      i_ = std::size_t(p - s_.data());
      if (i_ < s_.size() && s_[i_] == 'L') ++i_;  // Python 2 longs: (10L,)
      dims.push_back(d);
      if (!eat(',')) {
        expect(')', "to close 'shape'");
        break;
      }
    }
    return dims;
  }

  npy_header check(const std::string& descr, bool fortran, const std::vector<std::uint64_t>& shape) const {
    const dtype t = descr_type(descr);
    std::size_t long_dims = 0;
    std::uint64_t count = 1;
    for (std::uint64_t d : shape) {
      long_dims += d > 1;
      if (d && count > UINT64_MAX / d) bad("shape " + shape_text(shape) + " is too large");
      count *= d;
    }
    if (shape.empty()) unsupported("shape () (a 0-d scalar)");
    // A column laid out in either order has the same bytes; only a true 2-D
    // array differs, and that is not a column in any order.
    if (long_dims > 1)
      unsupported(std::string(fortran ? "Fortran-order " : "") + "shape " + shape_text(shape) +
                  " (not a column: expected (n,), (n, 1) or (1, n))");
    if (count > UINT64_MAX / element_size(t)) bad("shape " + shape_text(shape) + " is too large");
    return {t, count};
  }

  // The key type of a descr ('<i4', '|b1', ...): the byte order, numpy's kind
  // and the size, matched against the key types' rows (key_dtypes.hpp).
  dtype descr_type(const std::string& d) const {
    const char order = d.empty() ? '?' : d[0];
    const char kind = d.size() > 1 ? d[1] : '?';
    std::size_t size = 0;
    const bool sized = d.size() > 2 && std::from_chars(d.data() + 2, d.data() + d.size(), size).ptr == d.data() + d.size();
    if (order == '>' && !(sized && size == 1))
      unsupported("big-endian dtype '" + d + "' (save it little-endian: arr.astype('<" + d.substr(1) + "'))");
    if (sized && (order == '<' || order == '|' || order == '=' || order == '>'))
      for (std::size_t i = 0; i < ordo::detail::key_count; ++i) {
        const auto& np = *ordo::detail::key_dtypes[i].numpy;
        if (np.kind == kind && np.size == size && *np.descr && (order != '>' || size == 1)) return dtype{std::uint8_t(i)};
      }
    if (kind == 'c') unsupported("complex dtype '" + d + "'");
    if (kind == 'V' && sized && size == 2)
      unsupported("dtype '" + d + "' (2-byte records: ml_dtypes saves bfloat16 so, and nothing in the file says "
                  "it is one; save it as float32)");
    unsupported("dtype '" + d + "'");
  }

  std::string_view s_;
  const std::string& path_;
  std::size_t i_ = 0;
};

}  // namespace

npy_header parse_npy_header(std::string_view dict, const std::string& path) {
  return header_parser(dict, path).parse();
}

npy_header read_npy_header(input_file& in) {
  unsigned char pre[10] = {};
  const std::size_t have = std::size_t(std::min<std::uint64_t>(in.size(), 10));
  in.read_exact(pre, have, "the .npy preamble");
  if (have < magic_len || std::memcmp(pre, magic, magic_len) != 0)
    fail(in.path(), "not a .npy file (it does not start with \\x93NUMPY)");
  if (have < 10) fail(in.path(), "truncated .npy file: it ends inside the preamble");
  const int major = pre[6], minor = pre[7];
  if (major < 1 || major > 3)
    fail(in.path(), "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor) +
                        " (ordo reads 1.0, 2.0 and 3.0)");
  std::uint64_t header_len = pre[8] | (pre[9] << 8);
  if (major >= 2) {  // a 4-byte length: two more bytes
    unsigned char hi[2];
    in.read_exact(hi, 2, "the .npy header length");
    header_len |= std::uint64_t(hi[0]) << 16 | std::uint64_t(hi[1]) << 24;
  }
  if (header_len > in.size() - in.position())
    fail(in.path(), "truncated .npy header: it claims " + std::to_string(header_len) + " bytes but only " +
                        std::to_string(in.size() - in.position()) + " remain");
  std::string dict(header_len, '\0');
  in.read_exact(dict.data(), dict.size(), "the .npy header");
  const npy_header h = parse_npy_header(dict, in.path());

  const std::uint64_t bytes = h.count * element_size(h.type);
  const std::uint64_t left = in.size() - in.position();
  if (left < bytes)
    fail(in.path(), "truncated .npy file: the header says " + std::to_string(h.count) + " " + to_string(h.type) +
                        " elements (" + std::to_string(bytes) + " bytes) but only " + std::to_string(left) +
                        " bytes of data follow");
  // More data than the header declares: a damaged or mislabelled file (the
  // shape or dtype says less than was saved); refuse it rather than drop the rest.
  if (left > bytes)
    fail(in.path(), "has " + std::to_string(left - bytes) + " bytes after the " + std::to_string(h.count) + " " +
                        to_string(h.type) + " elements its header declares (" + std::to_string(bytes) +
                        " bytes): the header does not describe the file");
  return h;
}

column read_npy(input_file& in, const progress_policy& p) {
  const npy_header h = read_npy_header(in);
  const std::uint64_t bytes = h.count * element_size(h.type);
  column c = make_column(h.type, std::size_t(h.count));
  std::visit([&](auto& v) { in.read_bulk(v.data(), bytes, "the .npy data", p); }, c.data);
  if (const std::size_t i = first_bad_bool(c); i != SIZE_MAX)
    fail(in.path(), "element " + std::to_string(i) + " is not a bool (a byte other than 0 or 1)");
  return c;
}

std::string npy_preamble(const std::string& path, dtype t, std::uint64_t n) {
  const char* descr = numpy_of(t).descr;
  if (!*descr)
    fail(path, std::string("numpy has no .npy dtype for ") + to_string(t) + " keys; write .bin or text instead");
  std::string dict =
      std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': (" + std::to_string(n) + ",), }";
  // NumPy pads so the data starts on a 64-byte boundary.
  const std::size_t unpadded = magic_len + 4 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict += '\n';
  const char pre[10] = {char(0x93), 'N', 'U', 'M', 'P', 'Y', 1, 0, char(dict.size() & 0xff), char(dict.size() >> 8)};
  return std::string(pre, sizeof pre) + dict;
}

void write_npy(output_file& out, const column& c, const progress_policy& p) {
  const std::string pre = npy_preamble(out.path(), c.type(), c.size());
  out.write(pre.data(), pre.size());
  std::visit([&](const auto& v) { out.write_bulk(v.data(), v.size() * sizeof(v[0]), p); }, c.data);
}

}  // namespace ordo::tools::io
