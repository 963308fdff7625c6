#include "io/text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string_view>
#include <type_traits>
#include <vector>

namespace ordo::tools::io {
namespace {

enum class parsed { ok, not_a_number, out_of_range, missing };

// The value of one cell. std::from_chars takes "inf", "infinity" and "nan" in
// any case, but no leading '+', so that is dropped first.
template <class T>
parsed parse_cell(std::string_view s, T& out) {
  const bool na = s.empty() || s == "NA" || s == "NaN" || s == "nan";
  if constexpr (std::is_floating_point_v<T>) {
    if (na) return out = std::numeric_limits<T>::quiet_NaN(), parsed::ok;
  } else if (na) {
    return parsed::missing;
  }
  if (s.size() > 1 && s[0] == '+' && s[1] != '-' && s[1] != '+') s.remove_prefix(1);
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, out);
  if (p != end || ec == std::errc::invalid_argument) return parsed::not_a_number;
  if (ec == std::errc::result_out_of_range) {
    if constexpr (std::is_floating_point_v<T>) {
      // Overflow gives +-inf and underflow 0, as NumPy reads them.
      const std::string copy(s);
      out = std::is_same_v<T, float> ? T(std::strtof(copy.c_str(), nullptr)) : T(std::strtod(copy.c_str(), nullptr));
      return parsed::ok;
    }
    return parsed::out_of_range;
  }
  return parsed::ok;
}

// Cells of a line split at `delim` outside double quotes (whole line if 0).
void split(std::string_view line, char delim, std::vector<std::string_view>& cells) {
  cells.clear();
  if (!delim) return cells.push_back(line);
  bool quoted = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    else if (line[i] == delim && !quoted) cells.push_back(line.substr(start, i - start)), start = i + 1;
  }
  cells.push_back(line.substr(start));
}

std::string_view trim(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

std::string_view clean(std::string_view cell) {
  cell = trim(cell);
  if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"') cell = trim(cell.substr(1, cell.size() - 2));
  return cell;
}

std::string header_name(std::string_view cell) {
  std::string name(clean(cell));
  for (std::size_t i = name.find("\"\""); i != std::string::npos; i = name.find("\"\"", i + 1)) name.erase(i, 1);
  return name;
}

// Text from the file as a message shows it: short, control bytes as '?'
// (a binary file read as text must not garble the terminal).
std::string printable(std::string_view s, std::size_t most = 40) {
  std::string r(s.substr(0, most));
  for (char& c : r)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return s.size() > most ? r + "..." : r;
}

std::string shown(std::string_view s) {
  std::string r(1, '\'');  // built by appending: GCC 12 warns falsely on "'" + string
  r += printable(s);
  r += '\'';
  return r;
}

// Splits the file into lines, dropping '\r' and counting line numbers.
class line_reader {
 public:
  explicit line_reader(std::string_view text) : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);  // UTF-8 byte order mark
  }
  // The next line with something on it; false at the end.
  bool next(std::string_view& line) {
    while (pos_ < text_.size()) {
      std::size_t end = text_.find('\n', pos_);
      if (end == std::string_view::npos) end = text_.size();
      line = text_.substr(pos_, end - pos_);
      pos_ = end + 1;
      ++number_;
      if (!trim(line).empty()) return true;
    }
    return false;
  }
  std::size_t number() const { return number_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t number_ = 0;
};

struct layout {
  char delim;
  bool header;
  std::size_t index;  // the column read
  std::string name;   // its name for messages
};

// Decides, from the first line, the delimiter, whether it is a header and
// which column to read.
layout plan(std::string_view first, const text_options& o, const std::string& path) {
  layout l{o.delimiter, false, 0, ""};
  if (!l.delim) {
    const auto has = [&](char c) { return first.find(c) != std::string_view::npos; };
    l.delim = has(',') ? ',' : has('\t') ? '\t' : 0;
  }
  std::vector<std::string_view> cells;
  split(first, l.delim, cells);
  double ignored;
  l.header = std::any_of(cells.begin(), cells.end(),
                         [&](std::string_view c) { return parse_cell(clean(c), ignored) != parsed::ok; });
  std::vector<std::string> names;
  for (auto c : cells) names.push_back(l.header ? header_name(c) : std::string());
  auto list = [&] {  // the first few, for messages
    std::string s;
    for (std::size_t i = 0; i < std::min<std::size_t>(names.size(), 10); ++i)
      s += (i ? ", " : "") + (l.header ? printable(names[i]) : std::to_string(i));
    return names.size() > 10 ? s + ", ..." : s;
  };

  if (o.column.empty()) {
    if (cells.size() != 1)
      fail(path, "has " + std::to_string(cells.size()) + " columns (" + list() +
                     "); pick one with --column NAME or INDEX");
    l.name = l.header ? names[0] : "0";
    return l;
  }
  if (l.header) {
    auto it = std::find(names.begin(), names.end(), o.column);
    if (it != names.end()) {
      l.index = std::size_t(it - names.begin());
      l.name = o.column;
      return l;
    }
  }
  const bool digits = std::all_of(o.column.begin(), o.column.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || o.column.size() > 9) {
    if (l.header) fail(path, "no column named '" + printable(o.column) + "' (columns: " + list() + ")");
    fail(path, "has no header line, so --column must be a 0-based index, not '" + printable(o.column) + "'");
  }
  l.index = std::stoul(o.column);
  if (l.index >= cells.size())
    fail(path, "column index " + o.column + " is out of range: the first line has " +
                   std::to_string(cells.size()) + " columns (" + list() + ")");
  l.name = l.header ? names[l.index] : o.column;
  return l;
}

template <class T>
void parse_lines(line_reader& lines, std::string_view first, const layout& l, const std::string& path,
                 std::vector<T>& out) {
  std::vector<std::string_view> cells;
  std::string_view line = first;
  do {
    split(line, l.delim, cells);
    const auto at = [&] { return "line " + std::to_string(lines.number()); };  // for messages only
    if (l.index >= cells.size())
      fail(path, at() + " has " + std::to_string(cells.size()) + " field(s); column '" + printable(l.name) + "' (index " +
                     std::to_string(l.index) + ") is missing");
    const std::string_view cell = clean(cells[l.index]);
    T v{};
    switch (parse_cell(cell, v)) {
      case parsed::ok: break;
      case parsed::not_a_number:
        fail(path, at() + ": non-numeric text " + shown(cell) + " where a " + to_string(dtype_of<T>()) + " was expected");
      case parsed::out_of_range: fail(path, at() + ": " + shown(cell) + " is out of range for " + to_string(dtype_of<T>()));
      case parsed::missing:
        fail(path, at() + ": missing value " + shown(cell) + " in an integer (" + to_string(dtype_of<T>()) +
                       ") column; read it with --dtype float64 to get NaN");
    }
    out.push_back(v);
  } while (lines.next(line));
}

template <class T>
void append(std::string& buf, T v) {
  char tmp[64];
  std::to_chars_result r;
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(v)) return void(buf += "nan\n");
    r = std::to_chars(tmp, tmp + sizeof tmp, v, std::chars_format::general, std::is_same_v<T, float> ? 9 : 17);
  } else {
    r = std::to_chars(tmp, tmp + sizeof tmp, v);
  }
  buf.append(tmp, r.ptr);
  buf += '\n';
}

}  // namespace

column read_text(input_file& in, const text_options& o, const progress_policy& p) {
  std::string text(std::size_t(in.size()), '\0');
  in.read_bulk(text.data(), text.size(), "the text", p);
  line_reader lines(text);
  column c = make_column(o.type, 0);
  std::string_view first;
  if (!lines.next(first)) return c;  // an empty file: an empty column
  layout l = plan(first, o, in.path());
  if (l.header && !lines.next(first)) return c;
  std::visit([&](auto& v) { parse_lines(lines, first, l, in.path(), v); }, c.data);
  return c;
}

void write_text(output_file& out, const column& c, const progress_policy& p) {
  std::visit(
      [&](const auto& v) {
        constexpr std::size_t flush_at = std::size_t(1) << 20;
        progress bar("writing " + out.path(), v.size() * sizeof(v[0]), p.allowed, p.threshold);
        std::string buf;
        buf.reserve(flush_at + 64);
        for (std::size_t i = 0; i < v.size(); ++i) {
          append(buf, v[i]);
          if (buf.size() >= flush_at) {
            out.write(buf.data(), buf.size());
            buf.clear();
            bar.update((i + 1) * sizeof(v[0]));
          }
        }
        out.write(buf.data(), buf.size());
        bar.finish();
      },
      c.data);
}

}  // namespace ordo::tools::io
