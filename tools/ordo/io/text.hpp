// Text columns (.txt/.csv/.tsv): one value per line, or one column of a
// delimited file picked by header name or 0-based index.
//
// Reading, as pandas.read_csv does:
//   - lines end at "\n", "\r\n" or a lone "\r" (old Mac files); blank lines
//     are skipped; a quoted field ("...", "" for a quote) may hold the
//     delimiter or a line break;
//   - the first line is a header when one of its fields is a name (not a
//     number, not a missing-value marker, not a malformed number like 1.5.);
//   - every line must have as many fields as the first; any line that is not
//     used is an error naming its line number, never dropped;
//   - missing values: pandas' default markers (default_na_values()) and
//     `na_values`; NaN in a float column, an error in an integer one;
//   - the type, unless given: int64 when every value is an integer that fits,
//     uint64 when one only fits there (and none is negative), float64
//     otherwise (a decimal point, an exponent, inf/nan, a missing value).
//     Integers that fit no integer type together (negative and above 2^63-1,
//     or above 2^64-1) with nothing else to make it float64 are an error, as
//     pandas would keep them as text.
//   - with --dtype, any key type (key_types.hpp): values out of its range are
//     an error naming the line; bool reads True/False/1/0 (pandas' spellings),
//     float16 is parsed as a double and rounded once, as numpy's astype does.
// Writing: one value per line; integers exactly; floats in the shortest form
// that reads back to the same bits (Python's repr: 0.1, 1.0, -0.0, 1e+16),
// NaN as nan and infinities as inf / -inf; bools as True / False.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/column.hpp"
#include "io/file.hpp"

namespace ordo::tools::io {

struct text_options {
  std::optional<dtype> type;           // empty: inferred (above)
  std::string column;                  // header name or 0-based index; empty: the file must have one column
  char delimiter = 0;                  // 0: ',' or '\t' if the first line has one, else none
  std::vector<std::string> na_values;  // missing-value markers beside the defaults
  bool announce = false;               // an inferred type gets a note on stderr
};

// pandas.read_csv's default missing-value markers.
const std::vector<std::string_view>& default_na_values();

column read_text(input_file& in, const text_options& o, const progress_policy& p);
void write_text(output_file& out, const column& c, const progress_policy& p);

// One value as write_text writes it (no newline); T is a key type (or one of
// int8, uint8, int16, uint16, bool before the list holds them). bool as
// True / False, 16-bit floats in the fewest digits that read back the same.
template <class T>
void append_text(std::string& buf, T v);

// One cell as parse with --dtype reads it (pandas' default missing-value
// markers; the messages name `path` and `line`): T is a key type, or one of
// int8, uint8, int16, uint16, bool before the list holds them. Integers out
// of T's range are an error, never wrapped; bool takes True/False/1/0 in
// pandas' spellings; a 16-bit float is the double rounded once.
template <class T>
T parse_text_value(std::string_view cell, const std::string& path = "<text>", std::size_t line = 1);

}  // namespace ordo::tools::io
