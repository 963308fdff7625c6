#include "io/text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>
#include <vector>

namespace ordo::tools::io {

const std::vector<std::string_view>& default_na_values() {
  static const std::vector<std::string_view> v{"",     "#N/A", "#N/A N/A", "#NA",  "-1.#IND", "-1.#QNAN", "-NaN",
                                               "-nan", "1.#IND", "1.#QNAN", "<NA>", "N/A",     "NA",       "NULL",
                                               "NaN",  "None", "n/a",      "nan",  "null"};
  return v;
}

namespace {

// ---- cells ------------------------------------------------------------------

std::string_view trim(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// [+-]?[0-9]+
bool integer_syntax(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  return !s.empty() && std::all_of(s.begin(), s.end(), is_digit);
}

// Starts the way a number does (1, -1, .5, +.5): text like this that does not
// parse is a malformed number, not a column name.
bool looks_numeric(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  if (!s.empty() && s[0] == '.') s.remove_prefix(1);
  return !s.empty() && is_digit(s[0]);
}

// std::from_chars takes no leading '+'.
std::string_view drop_plus(std::string_view s) {
  if (s.size() > 1 && s[0] == '+' && s[1] != '-' && s[1] != '+') s.remove_prefix(1);
  return s;
}

template <class F>
bool parse_float(std::string_view s, F& out) {
  s = drop_plus(s);
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, out);
  if (p != end || ec == std::errc::invalid_argument) return false;
  if (ec == std::errc::result_out_of_range) {  // overflow gives +-inf and underflow 0, as NumPy reads them
    const std::string copy(s);
    out = std::is_same_v<F, float> ? F(std::strtof(copy.c_str(), nullptr)) : F(std::strtod(copy.c_str(), nullptr));
  }
  return true;
}

// Missing-value markers as pandas.read_csv matches them. Its defaults are
// matched here after the cell's surrounding blanks are dropped; the user's
// --na-values as written, and a marker that is a number also in its integer
// and float spellings ('5' marks '5.0', '5.00' marks '5'). In a column read as
// floats (float text in it, or a float --dtype), a number marker marks every
// cell of that value, however written (' 5', '05', '5e0'); pandas tries the
// integer parse first, and there it matches the text only.
struct na_set {
  std::vector<std::string_view> markers;
  std::vector<std::string> user;
  std::vector<double> user_numbers;
  explicit na_set(const std::vector<std::string>& extra) : markers(default_na_values()), user(extra) {
    for (const auto& m : extra) {
      double d = 0;
      if (!parse_float(std::string_view(m), d) || d != d) continue;
      user_numbers.push_back(d);
      if (d == std::trunc(d) && std::fabs(d) < 9.2e18) {
        const std::string whole = std::to_string(std::int64_t(d));
        user.push_back(whole);
        user.push_back(whole + ".0");
      } else {
        char buf[64];
        user.emplace_back(buf, std::to_chars(buf, buf + sizeof buf, d).ptr);  // Python's repr of the float
      }
    }
  }
  // raw: the cell as written. Every marker matches only so: pandas reads
  // " NA", "NA " and a field of blanks as text (the column becomes object).
  bool contains(std::string_view raw) const {
    return std::find(markers.begin(), markers.end(), raw) != markers.end() ||
           std::find(user.begin(), user.end(), raw) != user.end();
  }
  // s: raw without its blanks. pandas reads a field of blanks, and a marker
  // or a float word (inf, nan, Infinity) with blanks around it, as text;
  // numbers may have blanks around them.
  bool padded_text(std::string_view s, std::string_view raw) const {
    if (s.size() == raw.size()) return false;
    const std::string_view w = !s.empty() && (s[0] == '-' || s[0] == '+') ? s.substr(1) : s;
    const bool word = !w.empty() && std::isalpha(static_cast<unsigned char>(w[0]));
    return s.empty() || word || std::find(markers.begin(), markers.end(), s) != markers.end();
  }
  bool marks_number(double v) const {
    return std::find(user_numbers.begin(), user_numbers.end(), v) != user_numbers.end();
  }
};

// A bool as pandas reads one: True/TRUE/true, False/FALSE/false, 1 and 0.
bool parse_bool(std::string_view s, bool& out) {
  if (s == "True" || s == "TRUE" || s == "true" || s == "1") return out = true, true;
  if (s == "False" || s == "FALSE" || s == "false" || s == "0") return out = false, true;
  return false;
}

// What a cell holds, for type inference.
enum class kind { na, integer, big_unsigned, huge_integer, floating, bad };
struct cell {
  kind k = kind::bad;
  std::int64_t i = 0;   // integer
  std::uint64_t u = 0;  // big_unsigned: above INT64_MAX
  double d = 0;         // the value as a float (every kind but na and bad)
};

cell classify(std::string_view s, const na_set& na, std::string_view raw) {
  cell c;
  if (na.contains(raw)) return c.k = kind::na, c;
  if (na.padded_text(s, raw)) return c;  // bad: pandas keeps it as text
  if (integer_syntax(s)) {
    const std::string_view t = drop_plus(s);
    const char* end = t.data() + t.size();
    if (std::from_chars(t.data(), end, c.i).ec == std::errc{}) return c.d = double(c.i), c.k = kind::integer, c;
    if (t[0] != '-' && std::from_chars(t.data(), end, c.u).ec == std::errc{})
      return c.d = double(c.u), c.k = kind::big_unsigned, c;
    parse_float(s, c.d);
    return c.k = kind::huge_integer, c;
  }
  if (parse_float(s, c.d)) return c.k = kind::floating, c;
  return c;
}

// ---- messages ---------------------------------------------------------------

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

std::string delimiter_name(char d) {
  if (d == '\t') return "tab";
  return std::string("'") + d + "'";
}

// ---- records ----------------------------------------------------------------

struct field {
  std::string_view text;  // quotes removed ("" escapes left as they are)
  bool quoted = false;
};

// Splits the text into records of fields: line breaks are "\n", "\r\n" and
// "\r" outside quotes; a field that starts with '"' runs to the matching quote.
class record_reader {
 public:
  record_reader(std::string_view text, const std::string& path) : text_(text), path_(path) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);  // UTF-8 byte order mark
  }

  void set_delimiter(char d) { delim_ = d; }

  // The first line with something on it, raw (to guess the delimiter from).
  std::string_view peek_first_line() const {
    std::size_t pos = 0;
    while (pos < text_.size()) {
      std::size_t end = text_.find_first_of("\r\n", pos);
      if (end == std::string_view::npos) end = text_.size();
      const std::string_view line = text_.substr(pos, end - pos);
      if (!trim(line).empty()) return line;
      pos = end + 1;
    }
    return {};
  }

  // The next record that is not blank, and the line it starts on; false at the end.
  bool next(std::vector<field>& fields, std::size_t& line) {
    while (pos_ < text_.size()) {
      line = line_;
      fields.clear();
      read_record(fields);
      if (fields.size() == 1 && !fields[0].quoted && trim(fields[0].text).empty()) continue;  // blank line
      return true;
    }
    return false;
  }

 private:
  bool at_break(std::size_t i) const { return text_[i] == '\n' || text_[i] == '\r'; }
  bool at_delim(std::size_t i) const { return delim_ && text_[i] == delim_; }
  // Past the line break at pos_ ("\r\n" is one).
  void skip_break() {
    if (text_[pos_] == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') ++pos_;
    ++pos_;
    ++line_;
  }

  void read_record(std::vector<field>& fields) {
    for (;;) {
      fields.push_back(read_field());
      if (pos_ >= text_.size()) return;
      if (at_break(pos_)) return skip_break();
      ++pos_;  // the delimiter
    }
  }

  field read_field() {
    const std::size_t start = pos_;
    // Leading blanks before a quote are allowed: ` "x"`.
    std::size_t q = pos_;
    while (q < text_.size() && (text_[q] == ' ' || (text_[q] == '\t' && delim_ != '\t'))) ++q;
    if (q < text_.size() && text_[q] == '"') {
      const std::size_t open_line = line_;
      std::size_t i = q + 1;
      for (;; ++i) {
        if (i >= text_.size())
          fail(path_, "line " + std::to_string(open_line) + ": a quoted field is never closed (no matching '\"')");
        if (text_[i] == '"') {
          if (i + 1 < text_.size() && text_[i + 1] == '"') {
            ++i;
            continue;
          }
          break;
        }
        if (text_[i] == '\n' || (text_[i] == '\r' && !(i + 1 < text_.size() && text_[i + 1] == '\n'))) ++line_;
      }
      const std::string_view inside = text_.substr(q + 1, i - q - 1);
      pos_ = i + 1;
      std::size_t after = pos_;
      while (after < text_.size() && !at_delim(after) && !at_break(after)) ++after;
      const bool trailing = !trim(text_.substr(pos_, after - pos_)).empty();
      pos_ = after;
      if (!trailing) return {inside, true};
      return {text_.substr(start, after - start), false};  // "1"x: kept whole, so it is reported whole
    }
    std::size_t i = pos_;
    while (i < text_.size() && !at_delim(i) && !at_break(i)) ++i;
    pos_ = i;
    return {text_.substr(start, i - start), false};
  }

  std::string_view text_;
  const std::string& path_;
  char delim_ = 0;  // 0: none, one field per line
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
};

std::string header_name(const field& f) {
  std::string name(trim(f.text));
  if (f.quoted)
    for (std::size_t i = name.find("\"\""); i != std::string::npos; i = name.find("\"\"", i + 1)) name.erase(i, 1);
  return name;
}

// ---- layout -----------------------------------------------------------------

struct layout {
  char delim;
  bool header;
  std::size_t fields;    // on every line
  std::size_t index;     // the column read
  std::size_t first;     // the first line's number
  std::string name;      // the column's name for messages ("" without a header)
};

// Decides, from the first record, whether it is a header and which column to read.
layout plan(const std::vector<field>& cells, std::size_t first_line, char delim, const text_options& o,
            const na_set& na, const std::string& path) {
  layout l{delim, false, cells.size(), 0, first_line, ""};
  const bool bools = o.type && numpy_of(*o.type).kind == 'b';
  l.header = std::any_of(cells.begin(), cells.end(), [&](const field& f) {
    const std::string_view s = trim(f.text);
    bool b;  // a bool column's True / False are values, not names
    return classify(s, na, f.text).k == kind::bad && !looks_numeric(s) && !(bools && parse_bool(s, b));
  });
  std::vector<std::string> names;
  for (const auto& c : cells) names.push_back(l.header ? header_name(c) : std::string());
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
    if (l.header) l.name = names[0];
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
  const bool digits = std::all_of(o.column.begin(), o.column.end(), is_digit);
  if (!digits || o.column.size() > 9) {
    if (l.header) fail(path, "no column named '" + printable(o.column) + "' (columns: " + list() + ")");
    fail(path, "has no header line, so --column must be a 0-based index, not '" + printable(o.column) + "'");
  }
  l.index = std::stoul(o.column);
  if (l.index >= cells.size())
    fail(path, "column index " + o.column + " is out of range: line " + std::to_string(first_line) + " has " +
                   std::to_string(cells.size()) + " columns (" + list() + ")");
  l.name = l.header ? names[l.index] : o.column;
  return l;
}

// ---- values -----------------------------------------------------------------

// Reads the column, line by line: `take(cell_text, raw_text, line)` for each
// value (cell_text without the blanks around it).
template <class Take>
void for_each_value(record_reader& records, std::vector<field>& cells, std::size_t line, const layout& l,
                    const std::string& path, Take&& take) {
  do {
    if (cells.size() != l.fields) {
      std::string m = "line " + std::to_string(line) + " has " + std::to_string(cells.size()) + " field(s) where line " +
                      std::to_string(l.first) + " has " + std::to_string(l.fields);
      if (l.delim) m += " (" + delimiter_name(l.delim) + "-separated)";
      if (!l.name.empty() || l.fields > 1) m += "; reading column '" + printable(l.name.empty() ? std::to_string(l.index) : l.name) + "'";
      fail(path, m);
    }
    take(trim(cells[l.index].text), cells[l.index].text, line);
  } while (records.next(cells, line));
}

// s: the cell without the blanks around it; raw: as written.
std::string bad_text(std::string_view s, std::string_view raw, const na_set& na, const layout* l) {
  if (na.padded_text(s, raw))
    return (s.empty() ? std::string("a field of blanks ") + shown(raw) : shown(raw) + ", " + shown(s) + " with blanks around it,") +
           " is text to pandas (not a missing value or a float), which makes the column text; remove the blanks, "
           "or name the field as written with --na-values";
  std::string m = (looks_numeric(s) ? "malformed number " : "non-numeric text ") + shown(s);
  if (!l) return m;
  if (!l->delim && (s.find(',') != std::string_view::npos || s.find('\t') != std::string_view::npos))
    m += " (the first line has one field, so no delimiter is used; pass --delimiter if this file has one)";
  return m;
}

// One cell of a column of type T (any key type): NaN for a missing value of a
// floating type; an error naming the line for anything else T cannot hold
// exactly (integers out of T's range are never wrapped). 16-bit floats are
// parsed as a double and rounded once, as numpy's astype rounds.
template <class T>
T parse_cell(std::string_view s, std::size_t at, const na_set& na, const layout* l, const std::string& path,
             std::string_view raw) {
  constexpr auto np = ordo::detail::numpy_dtype_of<T>();
  const char* type = np.name;
  const auto where = [&] { return "line " + std::to_string(at) + ": "; };
  const auto bad = [&] { return bad_text(s, raw, na, l); };
  const auto missing = [&]() -> T {
    if constexpr (np.format != ordo::detail::float_format::none)
      return ordo::detail::key_from_double<T>(std::numeric_limits<double>::quiet_NaN());
    fail(path, where() + "missing value " + shown(s) + " in an integer (" + type +
                   ") column; read it with --dtype float64 to get NaN");
  };
  if (na.contains(raw)) return missing();
  if (na.padded_text(s, raw)) fail(path, where() + bad());
  if constexpr (np.format != ordo::detail::float_format::none) {  // a float column: the value marks it
    double d = 0;
    if (!na.user_numbers.empty() && parse_float(s, d) && na.marks_number(d)) return missing();
  }
  if constexpr (std::is_same_v<T, bool>) {
    bool b = false;
    if (!parse_bool(s, b)) fail(path, where() + shown(s) + " is not a bool (True, False, 1 or 0)");
    return b;
  } else if constexpr (np.format == ordo::detail::float_format::binary32 ||
                       np.format == ordo::detail::float_format::binary64) {
    T v{};
    if (!parse_float(s, v)) fail(path, where() + bad() + " where a " + type + " was expected");
    return v;
  } else if constexpr (np.format != ordo::detail::float_format::none) {
    double d = 0;
    if (!parse_float(s, d)) fail(path, where() + bad() + " where a " + type + " was expected");
    return ordo::detail::key_from_double<T>(d);
  } else {
    if (!integer_syntax(s)) {
      double d;
      if (parse_float(s, d)) fail(path, where() + shown(s) + " is not an integer, and the column is " + type);
      fail(path, where() + bad() + " where a " + type + " was expected");
    }
    const std::string_view t = drop_plus(s);
    const bool negative = t[0] == '-' && t.find_first_not_of("0", 1) != std::string_view::npos;
    if constexpr (std::is_unsigned_v<T>)
      if (negative) fail(path, where() + "negative value " + printable(s) + " in a column read as " + type);
    if (std::is_unsigned_v<T> && t[0] == '-') return T(0);  // "-0"
    T v{};
    if (std::from_chars(t.data(), t.data() + t.size(), v).ec != std::errc{})
      fail(path, where() + shown(s) + " is out of range for " + type);
    return v;
  }
}

// A column of the type given (--dtype).
template <class V>
void parse_typed(record_reader& records, std::vector<field>& cells, std::size_t line, const layout& l,
                 const na_set& na, const std::string& path, V& out) {
  using T = typename V::value_type;
  for_each_value(records, cells, line, l, path, [&](std::string_view s, std::string_view raw, std::size_t at) {
    out.push_back(parse_cell<T>(s, at, na, &l, path, raw));
  });
}

// A column whose type is inferred as pandas.read_csv does (text.hpp).
column parse_inferred(record_reader& records, std::vector<field>& cells, std::size_t line, const layout& l,
                      const na_set& na, const std::string& path) {
  std::vector<std::int64_t> i64;
  std::vector<std::uint64_t> u64;
  std::vector<double> f64;
  dtype t = dtype::int64;
  bool floaty = false;                    // a decimal, exponent, inf/nan or missing value was seen
  bool float_text = false;                // a cell that reads only as a float (1.5, 1e3, inf, nan)
  std::vector<std::size_t> negative_zeros;  // rows of "-0", "-00": -0.0 if float text makes the column float
  std::vector<std::size_t> marked_numbers;  // rows whose value a number marker names: NaN if float text does
  std::size_t row = 0;
  std::size_t negative_at = 0, big_at = 0, huge_at = 0;  // first lines (0: none)
  std::string negative_text, big_text, huge_text;
  const auto to_float = [&] {
    if (t == dtype::int64) f64.assign(i64.begin(), i64.end());
    if (t == dtype::uint64) f64.assign(u64.begin(), u64.end());
    i64 = {}, u64 = {};
    t = dtype::float64;
  };
  for_each_value(records, cells, line, l, path, [&](std::string_view s, std::string_view raw, std::size_t at) {
    const cell c = classify(s, na, raw);
    if (c.k == kind::integer && c.i == 0 && s[0] == '-') negative_zeros.push_back(row);
    if (c.k != kind::na && c.k != kind::bad && na.marks_number(c.d)) marked_numbers.push_back(row);
    ++row;
    switch (c.k) {
      case kind::bad: fail(path, "line " + std::to_string(at) + ": " + bad_text(s, raw, na, &l));
      case kind::na:
      case kind::floating:
        floaty = true;
        float_text = float_text || c.k == kind::floating;
        if (t != dtype::float64) to_float();
        f64.push_back(c.k == kind::na ? std::numeric_limits<double>::quiet_NaN() : c.d);
        return;
      case kind::huge_integer:
        if (!huge_at) huge_at = at, huge_text = s;
        if (t != dtype::float64) to_float();
        f64.push_back(c.d);
        return;
      case kind::integer:
        if (c.i < 0 && !negative_at) negative_at = at, negative_text = s;
        if (t == dtype::int64) return i64.push_back(c.i);
        if (t == dtype::uint64 && c.i >= 0) return u64.push_back(std::uint64_t(c.i));
        if (t == dtype::uint64) to_float();  // negative beside uint64-only values: only float64 holds both (checked below)
        return f64.push_back(double(c.i));
      case kind::big_unsigned:
        if (!big_at) big_at = at, big_text = s;
        if (t == dtype::int64 && negative_at) to_float();
        if (t == dtype::int64) {
          u64.assign(i64.begin(), i64.end());  // all non-negative
          i64 = {};
          t = dtype::uint64;
        }
        if (t == dtype::uint64) return u64.push_back(c.u);
        return f64.push_back(double(c.u));
    }
  });
  if (!floaty && huge_at)
    fail(path, "line " + std::to_string(huge_at) + ": the integer " + printable(huge_text) +
                   " is too large for any integer type (uint64 ends at 18446744073709551615); "
                   "read the column with --dtype float64 to round it to a float");
  if (!floaty && negative_at && big_at)
    fail(path, "the integers need both a sign (" + printable(negative_text) + " on line " +
                   std::to_string(negative_at) + ") and more than int64 holds (" + printable(big_text) +
                   " on line " + std::to_string(big_at) +
                   "): no integer type holds them all; read the column with --dtype float64 to round them");
  if (t == dtype::int64) return {std::move(i64)};
  if (t == dtype::uint64) return {std::move(u64)};
  // pandas reads "-0" as the integer 0, and as -0.0 once the column holds
  // float text; a column made float by missing values alone keeps 0.0.
  if (float_text) {
    for (const std::size_t r : negative_zeros) f64[r] = -0.0;
    for (const std::size_t r : marked_numbers) f64[r] = std::numeric_limits<double>::quiet_NaN();
  }
  return {std::move(f64)};
}

// ---- writing ----------------------------------------------------------------

// Python's repr of a float: the shortest digits that read back to the same
// value, positional for 1e-4 <= |v| < 1e16, else with an exponent (1e+16).
// sci: the shortest digits of a finite value, as to_chars' scientific form.
void append_scientific(std::string& buf, std::string_view s) {
  if (s[0] == '-') buf += '-', s.remove_prefix(1);
  const std::size_t e = s.find('e');
  std::string digits(1, s[0]);
  if (e > 1) digits.append(s.substr(2, e - 2));
  std::string_view es = s.substr(e + 1);
  const bool neg_exp = es[0] == '-';
  es.remove_prefix(1);
  int exp = 0;
  std::from_chars(es.data(), es.data() + es.size(), exp);
  if (neg_exp) exp = -exp;
  const int decpt = exp + 1;  // digits before the decimal point
  const int nd = int(digits.size());
  if (decpt <= -4 || decpt > 16) {
    buf += digits[0];
    if (nd > 1) buf += '.', buf.append(digits, 1);
    buf += neg_exp ? "e-" : "e+";
    const int a = neg_exp ? -exp : exp;
    if (a < 10) buf += '0';
    buf += std::to_string(a);
  } else if (decpt <= 0) {
    buf += "0.";
    buf.append(std::size_t(-decpt), '0');
    buf += digits;
  } else if (decpt >= nd) {
    buf += digits;
    buf.append(std::size_t(decpt - nd), '0');
    buf += ".0";
  } else {
    buf.append(digits, 0, std::size_t(decpt));
    buf += '.';
    buf.append(digits, std::size_t(decpt));
  }
}

template <class F>
void append_float(std::string& buf, F v) {
  if (std::isnan(v)) return void(buf += "nan");
  if (std::isinf(v)) return void(buf += v < 0 ? "-inf" : "inf");
  char tmp[64];
  const auto r = std::to_chars(tmp, tmp + sizeof tmp, v, std::chars_format::scientific);  // d[.ddd]e[+-]XX
  append_scientific(buf, std::string_view(tmp, std::size_t(r.ptr - tmp)));
}

// A 16-bit float the same way: the fewest digits that round back to its bits
// (numpy's repr of a float16: 0.1, 65500.0).
template <class H>
void append_half(std::string& buf, ordo::detail::float_format format, H v) {
  std::uint16_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  const double d = ordo::detail::half_bits_to_double(format, bits);
  if (std::isnan(d) || std::isinf(d)) return append_float(buf, d);
  char tmp[64];
  for (int precision = 0;; ++precision) {
    const auto r = std::to_chars(tmp, tmp + sizeof tmp, d, std::chars_format::scientific, precision);
    const std::string_view sci(tmp, std::size_t(r.ptr - tmp));
    double back = 0;
    std::from_chars(sci.data(), sci.data() + sci.size(), back);
    if (ordo::detail::half_bits_from_double(format, back) == bits || precision >= 17)
      return append_scientific(buf, sci);
  }
}

}  // namespace

template <class T>
void append_text(std::string& buf, T v) {
  constexpr auto format = ordo::detail::numpy_dtype_of<T>().format;
  if constexpr (std::is_same_v<T, bool>) {
    buf += v ? "True" : "False";  // as pandas writes them (and reads them back)
  } else if constexpr (format == ordo::detail::float_format::binary32 || format == ordo::detail::float_format::binary64) {
    append_float(buf, v);
  } else if constexpr (format != ordo::detail::float_format::none) {
    append_half(buf, format, v);
  } else {
    char tmp[32];
    buf.append(tmp, std::to_chars(tmp, tmp + sizeof tmp, v).ptr);
  }
}
#define ORDO_TEXT_APPEND_(T, N) template void append_text(std::string&, T);
ORDO_DTYPE_KEYS_(ORDO_TEXT_APPEND_)
#undef ORDO_TEXT_APPEND_

template <class T>
T parse_text_value(std::string_view cell, const std::string& path, std::size_t line) {
  return parse_cell<T>(trim(cell), line, na_set({}), nullptr, path, cell);
}
#define ORDO_TEXT_PARSE_(T, N) template T parse_text_value(std::string_view, const std::string&, std::size_t);
ORDO_DTYPE_KEYS_(ORDO_TEXT_PARSE_)
// The narrow types the key list may gain: their parsing is tested before it does.
#undef ORDO_TEXT_PARSE_
// The narrow integers and bool the list is gaining: their parsers are compiled
// (and tested, tests/cli/text_narrow_test.cpp) whether or not the list holds
// them yet. Taking their addresses in an array of external linkage
// instantiates them and keeps them (an explicit instantiation would clash
// with the list's once it holds them).
extern void* const narrow_text_parsers[];
extern void* const narrow_text_writers[];
void* const narrow_text_parsers[] = {
    reinterpret_cast<void*>(&parse_text_value<std::int8_t>), reinterpret_cast<void*>(&parse_text_value<std::uint8_t>),
    reinterpret_cast<void*>(&parse_text_value<std::int16_t>), reinterpret_cast<void*>(&parse_text_value<std::uint16_t>),
    reinterpret_cast<void*>(&parse_text_value<bool>)};
void* const narrow_text_writers[] = {
    reinterpret_cast<void*>(&append_text<std::int8_t>), reinterpret_cast<void*>(&append_text<std::uint8_t>),
    reinterpret_cast<void*>(&append_text<std::int16_t>), reinterpret_cast<void*>(&append_text<std::uint16_t>),
    reinterpret_cast<void*>(&append_text<bool>)};

column read_text(input_file& in, const text_options& o, const progress_policy& p) {
  std::string text(std::size_t(in.size()), '\0');
  in.read_bulk(text.data(), text.size(), "the text", p);
  record_reader records(text, in.path());
  char delim = o.delimiter;
  if (!delim) {
    const std::string_view first = records.peek_first_line();
    delim = first.find(',') != std::string_view::npos ? ',' : first.find('\t') != std::string_view::npos ? '\t' : 0;
  }
  records.set_delimiter(delim);
  const na_set na(o.na_values);

  std::vector<field> cells;
  std::size_t line = 0;
  column c = make_column(o.type.value_or(dtype::float64), 0);  // an empty file: an empty column
  if (!records.next(cells, line)) return c;
  const layout l = plan(cells, line, delim, o, na, in.path());
  if (l.header && !records.next(cells, line)) return c;
  if (o.type) {
    std::visit([&](auto& v) { parse_typed(records, cells, line, l, na, in.path(), v); }, c.data);
    return c;
  }
  c = parse_inferred(records, cells, line, l, na, in.path());
  if (o.announce) {
    const std::string what = l.header || !o.column.empty() ? "column '" + printable(l.name) + "' of " : "";
    std::fprintf(stderr, "ordo: read %s%s as %s (%zu rows)\n", what.c_str(), in.path().c_str(), c.dtype_name(),
                 c.size());
  }
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
          append_text(buf, v[i]);
          buf += '\n';
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
