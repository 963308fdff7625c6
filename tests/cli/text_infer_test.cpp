// Text and CSV columns as pandas.read_csv reads them: the inferred type
// (int64, uint64, float64), missing-value markers, line endings, quoting, and
// every line either used or reported with its number (issue 28).
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "io/io.hpp"
#include "io/text.hpp"
#include "io_test_util.hpp"

namespace {
using namespace ordo::tools::io;

class Infer : public cli_test::scratch_dir {
 protected:
  column infer(const std::string& name, const std::string& text, const std::string& col = "",
               std::vector<std::string> na = {}, char delimiter = 0) {
    read_options o;
    o.column = col;
    o.na_values = std::move(na);
    o.delimiter = delimiter;
    return read_column(write(name, text), o);
  }
  column typed(const std::string& name, const std::string& text, dtype t, const std::string& col = "") {
    read_options o;
    o.type = t;
    o.column = col;
    return read_column(write(name, text), o);
  }
};

template <class T>
const std::vector<T>& values(const column& c) {
  return std::get<std::vector<T>>(c.data);
}

std::vector<std::string> shown(const std::vector<double>& v) {
  std::vector<std::string> s;
  for (double x : v) s.push_back(std::isnan(x) ? "nan" : std::to_string(x));
  return s;
}

constexpr std::int64_t i64_min = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t i64_max = std::numeric_limits<std::int64_t>::max();
constexpr std::uint64_t u64_max = std::numeric_limits<std::uint64_t>::max();

TEST_F(Infer, IntegersAreInt64) {
  const column c = infer("a.txt", "1\n-2\n+3\n007\n\n");
  ASSERT_EQ(c.type(), dtype::int64);
  EXPECT_EQ(values<std::int64_t>(c), (std::vector<std::int64_t>{1, -2, 3, 7}));
  // Issue 28: 2^53 + 1 was read as a double and written back as 2^53.
  EXPECT_EQ(values<std::int64_t>(infer("b.txt", "9007199254740993\n")), (std::vector<std::int64_t>{9007199254740993}));
  EXPECT_EQ(values<std::int64_t>(infer("c.txt", "9223372036854775807\n-9223372036854775808\n-0\n")),
            (std::vector<std::int64_t>{i64_max, i64_min, 0}));
}

TEST_F(Infer, AboveInt64IsUint64) {
  const column c = infer("a.txt", "1\n9223372036854775808\n18446744073709551615\n");
  ASSERT_EQ(c.type(), dtype::uint64);
  EXPECT_EQ(values<std::uint64_t>(c), (std::vector<std::uint64_t>{1, 9223372036854775808ull, u64_max}));
  EXPECT_EQ(values<std::uint64_t>(infer("b.txt", "9223372036854775808\n1\n")), (std::vector<std::uint64_t>{9223372036854775808ull, 1}));
}

TEST_F(Infer, DecimalsExponentsAndMissingAreFloat64) {
  EXPECT_EQ(infer("a.txt", "1\n1.0\n").type(), dtype::float64);
  EXPECT_EQ(infer("b.txt", "1e3\n").type(), dtype::float64);
  EXPECT_EQ(infer("c.txt", "1\ninf\n").type(), dtype::float64);
  const column d = infer("d.txt", "1\nNA\n3\n");
  ASSERT_EQ(d.type(), dtype::float64);
  EXPECT_EQ(shown(values<double>(d)), (std::vector<std::string>{"1.000000", "nan", "3.000000"}));
  // An empty CSV cell in an integer column, as pandas: float64 with NaN.
  EXPECT_EQ(shown(values<double>(infer("e.csv", "a,b\n1,2\n3,\n", "b"))),
            (std::vector<std::string>{"2.000000", "nan"}));
  // A float column rounds a big integer as pandas does (to the nearest double).
  EXPECT_EQ(values<double>(infer("f.txt", "9007199254740993\n1.5\n")), (std::vector<double>{9007199254740992.0, 1.5}));
  EXPECT_EQ(values<double>(infer("g.txt", "18446744073709551615\n0.5\n")), (std::vector<double>{18446744073709551616.0, 0.5}));
}

TEST_F(Infer, IntegersNoIntegerTypeHoldsAreAnError) {
  // pandas keeps these as text (object); ordo refuses rather than round them.
  EXPECT_IO_ERROR(infer("a.txt", "-1\n18446744073709551615\n"), "a.txt", "-1 on line 1", "18446744073709551615 on line 2",
                  "--dtype float64");
  EXPECT_IO_ERROR(infer("b.txt", "18446744073709551615\n-1\n"), "b.txt", "-1 on line 2");
  EXPECT_IO_ERROR(infer("c.txt", "1\n18446744073709551616\n"), "c.txt", "line 2", "too large", "--dtype float64");
  EXPECT_IO_ERROR(infer("d.txt", "-9223372036854775809\n"), "d.txt", "line 1", "too large");
  // With a float in the column, float64 holds them all.
  EXPECT_EQ(infer("e.txt", "-1\n18446744073709551615\n0.5\n").type(), dtype::float64);
  EXPECT_EQ(typed("f.txt", "-1\n18446744073709551616\n", dtype::float64).size(), 2u);
}

TEST_F(Infer, PandasMissingValueMarkers) {
  std::string text = "1\n";
  for (std::string_view m : default_na_values())
    if (!m.empty()) text += std::string(m) + "\n";
  const column c = infer("a.txt", text);
  ASSERT_EQ(c.type(), dtype::float64);
  const auto& v = values<double>(c);
  ASSERT_EQ(v.size(), default_na_values().size());  // "" is a blank line in a one-column file: skipped
  for (std::size_t i = 1; i < v.size(); ++i) EXPECT_TRUE(std::isnan(v[i])) << i;
  // A quoted empty field is a value: missing.
  EXPECT_TRUE(std::isnan(values<double>(infer("b.txt", "1\n\"\"\n"))[1]));
}

TEST_F(Infer, NaValuesOption) {
  EXPECT_IO_ERROR(infer("a.txt", "1\n-999\nmissing\n"), "a.txt", "line 3", "'missing'");
  const column c = infer("b.txt", "1\n-999\nmissing\n", "", {"-999", "missing"});
  ASSERT_EQ(c.type(), dtype::float64);
  EXPECT_EQ(shown(values<double>(c)), (std::vector<std::string>{"1.000000", "nan", "nan"}));
  // In an integer column given by --dtype, a marker is still a missing value.
  read_options o;
  o.type = dtype::int64;
  o.na_values = {"-999"};
  EXPECT_IO_ERROR(read_column(write("c.txt", "1\n-999\n"), o), "c.txt", "line 2", "missing value '-999'");
}

// pandas matches na_values as text, a number marker also in its integer and
// float spellings ('5' and '5.0' mark each other); and in a column that float
// text makes float64 (or a float --dtype) it marks every cell of that value
// (' 5', '05', '5e0'). An all-integer column keeps '05' and ' 5' as 5. ordo
// had matched the text alone, after trimming: -1.0 stayed a value under -1
// and ' 5' became missing.
TEST_F(Infer, NaValuesMatchAsPandasDoes) {
  const auto reads = [&](const std::string& name, const std::string& text, const std::string& marker) {
    return shown(values<double>(infer(name, text, "", {marker})));
  };
  EXPECT_EQ(reads("a.txt", "x\n-1\n-1.0\n2\n", "-1"), (std::vector<std::string>{"nan", "nan", "2.000000"}));
  EXPECT_EQ(reads("b.txt", "x\n5\n5.0\n2\n", "5.0"), (std::vector<std::string>{"nan", "nan", "2.000000"}));
  EXPECT_EQ(reads("c.txt", "x\n05\n5e0\n 5\n2.5\n", "+5"),
            (std::vector<std::string>{"nan", "nan", "nan", "2.500000"}));
  EXPECT_EQ(reads("d.txt", "x\n5\n2\n", "5.00"), (std::vector<std::string>{"nan", "2.000000"}));
  // An all-integer column: text matches only.
  const column e = infer("e.txt", "x\n 5\n5 \n05\n+5\n2\n", "", {"5"});
  ASSERT_EQ(e.type(), dtype::int64);
  EXPECT_EQ(values<std::int64_t>(e), (std::vector<std::int64_t>{5, 5, 5, 5, 2}));
  EXPECT_EQ(values<std::int64_t>(infer("f.txt", "x\n-01\n3\n", "", {"-1"})), (std::vector<std::int64_t>{-1, 3}));
  // Missing values alone make float64 without float text: '05' stays 5.
  EXPECT_EQ(reads("g.txt", "x\n05\nNA\n", "5"), (std::vector<std::string>{"5.000000", "nan"}));
  // A marker that is not a number matches as text only; NaN markers stay text markers.
  EXPECT_EQ(reads("h.txt", "x\nmissing\n1\n", "missing"), (std::vector<std::string>{"nan", "1.000000"}));
  // Given a type: a float column takes NaN for the value, an integer column refuses the text.
  read_options o;
  o.type = dtype::float32;
  o.na_values = {"-1"};
  EXPECT_TRUE(std::isnan(values<float>(read_column(write("i.txt", "-1.0\n3\n"), o))[0]));
  o.type = dtype::int32;
  EXPECT_IO_ERROR(read_column(write("j.txt", "3\n-1\n"), o), "j.txt", "line 2", "missing value '-1'");
  EXPECT_EQ(values<std::int32_t>(read_column(write("k.txt", "3\n-01\n"), o)), (std::vector<std::int32_t>{3, -1}));
}

// "-0" is the integer 0 to pandas, and -0.0 once float text makes the column
// float64; missing values alone (float64 by NaN) keep 0.0. ordo had given
// +0.0 whenever the type was inferred.
TEST_F(Infer, NegativeZeroAsPandasReadsIt) {
  const auto sign_bits = [](const column& c) {
    std::vector<bool> b;
    for (double x : values<double>(c)) b.push_back(std::signbit(x));
    return b;
  };
  EXPECT_EQ(sign_bits(infer("a.txt", "x\n-0\n1.5\n")), (std::vector<bool>{true, false}));
  EXPECT_EQ(sign_bits(infer("b.txt", "x\n1.5\n-0\n-00\n")), (std::vector<bool>{false, true, true}));
  EXPECT_EQ(sign_bits(infer("c.txt", "x\nNA\n-0\n2.5\n")), (std::vector<bool>{false, true, false}));
  EXPECT_EQ(sign_bits(infer("d.txt", "x\n-0\nNA\n")), (std::vector<bool>{false, false}));
  EXPECT_EQ(values<std::int64_t>(infer("e.txt", "x\n-0\n1\n")), (std::vector<std::int64_t>{0, 1}));
}

TEST_F(Infer, BlankPaddedMarkersAreTextAsInPandas) {
  // pandas reads " NA", "NA ", a field of blanks and " inf" as text (the
  // column becomes object); ordo read them as NaN and inf. Now an error
  // that says why, under inference and under a float --dtype alike.
  for (const std::string f : {" NA", "NA ", "  ", " nan", "nan\t", " inf", " -inf", " NaN ", " <NA>"}) {
    SCOPED_TRACE("field '" + f + "'");
    EXPECT_IO_ERROR(infer("a.csv", "x,y\n" + f + ",1\n6.5,2\n", "x"), "a.csv", "line 2", "text to pandas");
    EXPECT_IO_ERROR(typed("b.csv", "x,y\n" + f + ",1\n6.5,2\n", dtype::float64, "x"), "b.csv", "line 2",
                    "text to pandas");
  }
  // Numbers may have blanks around them, and markers written as such match.
  EXPECT_EQ(values<double>(infer("c.csv", "x,y\n 1e3,1\n 1.5 ,2\n", "x")), (std::vector<double>{1000, 1.5}));
  EXPECT_EQ(values<std::int64_t>(infer("d.csv", "x,y\n 5,1\n6 ,2\n", "x")), (std::vector<std::int64_t>{5, 6}));
  const auto c = values<double>(infer("e.csv", "x,y\n NA,1\n,2\nNA,3\n2.5,4\n", "x", {" NA"}));
  ASSERT_EQ(c.size(), 4u);
  EXPECT_TRUE(std::isnan(c[0]) && std::isnan(c[1]) && std::isnan(c[2]));
  EXPECT_EQ(c[3], 2.5);
}

TEST_F(Infer, Delimiter) {
  EXPECT_EQ(values<std::int64_t>(infer("a.txt", "a;b\n1;2\n3;4\n", "b", {}, ';')), (std::vector<std::int64_t>{2, 4}));
  EXPECT_EQ(values<std::int64_t>(infer("b.txt", "1|2\n3|4\n", "0", {}, '|')), (std::vector<std::int64_t>{1, 3}));
}

TEST_F(Infer, LineEndings) {
  // CR-only (old Mac) endings were one long line: its values were lost.
  EXPECT_EQ(values<std::int64_t>(infer("a.txt", "1\r2\r3\r")), (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(values<std::int64_t>(infer("b.txt", "1\r\n2\r\n3")), (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(values<std::int64_t>(infer("c.csv", "x\r5\r\n6\n7\r", "x")), (std::vector<std::int64_t>{5, 6, 7}));
  // Line numbers count every kind of break ("\r\n" once).
  EXPECT_IO_ERROR(infer("d.txt", "1\r2\r\n\rx\n"), "d.txt", "line 4", "'x'");
}

TEST_F(Infer, ExtraFieldIsAnErrorNotDropped) {
  // Issue 28: a row "1,5" in a one-column CSV lost its 5 without a word.
  EXPECT_IO_ERROR(infer("a.csv", "1\n1,5\n2\n"), "a.csv", "line 2 has 2 field(s) where line 1 has 1");
  EXPECT_IO_ERROR(infer("b.csv", "x\n1\n1,5\n", "x"), "b.csv", "line 3 has 2 field(s)", "column 'x'");
  // A trailing delimiter is one more (empty) field.
  EXPECT_IO_ERROR(infer("c.csv", "a,b\n1,2,\n", "a"), "c.csv", "line 2 has 3 field(s) where line 1 has 2");
  // A .txt whose first line has one field: a comma later is named, not dropped.
  EXPECT_IO_ERROR(infer("d.txt", "1\n1,5\n"), "d.txt", "line 2", "'1,5'", "--delimiter");
}

TEST_F(Infer, MalformedNumbersAreReported) {
  // Issue 28: "1.5." was not reported; as a first line it was taken for a header.
  EXPECT_IO_ERROR(infer("a.txt", "1.5.\n2\n"), "a.txt", "line 1", "malformed number '1.5.'");
  EXPECT_IO_ERROR(infer("b.txt", "2\n1.5.\n"), "b.txt", "line 2", "malformed number '1.5.'");
  EXPECT_IO_ERROR(infer("c.txt", "1\n12abc\n"), "c.txt", "line 2", "'12abc'");
  EXPECT_IO_ERROR(infer("d.txt", "1\n1 2\n"), "d.txt", "line 2", "'1 2'");
  EXPECT_IO_ERROR(infer("e.txt", "1\n0x10\n"), "e.txt", "line 2", "'0x10'");
  EXPECT_IO_ERROR(infer("f.txt", "1\n-\n"), "f.txt", "line 2", "'-'");
  EXPECT_IO_ERROR(typed("g.txt", "1\n2.5\n", dtype::int64), "g.txt", "line 2", "'2.5' is not an integer", "int64");
  // A name is a header, a missing-value marker is data.
  EXPECT_EQ(values<std::int64_t>(infer("h.txt", "price\n2\n")), (std::vector<std::int64_t>{2}));
  EXPECT_EQ(infer("i.txt", "NA\n2\n").size(), 2u);
}

TEST_F(Infer, QuotedFields) {
  EXPECT_EQ(values<std::int64_t>(infer("a.txt", "\"1\"\n\"2\"\n")), (std::vector<std::int64_t>{1, 2}));
  // A quoted field may hold the delimiter and line breaks; line numbers stay right.
  const std::string csv = "id,note\n1,\"a, b\"\n2,\"two\nlines\"\n3,\"say \"\"hi\"\"\"\n";
  EXPECT_EQ(values<std::int64_t>(infer("b.csv", csv, "id")), (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_IO_ERROR(infer("c.csv", "id,note\n1,\"a\nb\"\nx,c\n", "id"), "c.csv", "line 4", "'x'");
  EXPECT_IO_ERROR(infer("d.csv", "id,note\n1,\"open\n2,b\n", "id"), "d.csv", "line 2", "never closed");
  EXPECT_IO_ERROR(infer("e.csv", "x\n\"1\"2\n", "x"), "e.csv", "line 2");
  // Header names are unquoted.
  EXPECT_EQ(infer("f.csv", "\"a \"\"q\"\"\",b\n1,2\n", "a \"q\"").size(), 1u);
}

TEST_F(Infer, NegativeForUnsigned) {
  EXPECT_IO_ERROR(typed("a.txt", "1\n-1\n", dtype::uint64), "a.txt", "line 2", "negative value -1", "uint64");
  EXPECT_IO_ERROR(typed("b.txt", "-7\n", dtype::uint32), "b.txt", "negative value -7", "uint32");
  EXPECT_EQ(values<std::uint64_t>(typed("c.txt", "-0\n", dtype::uint64)), (std::vector<std::uint64_t>{0}));
  EXPECT_IO_ERROR(typed("d.txt", "18446744073709551616\n", dtype::uint64), "d.txt", "out of range for uint64");
}

TEST_F(Infer, EmptyAndHeaderOnly) {
  EXPECT_EQ(infer("a.txt", "").size(), 0u);
  EXPECT_EQ(infer("b.txt", "\n\n\r\n").size(), 0u);
  EXPECT_EQ(infer("c.csv", "x\n", "x").size(), 0u);
}

// Python's repr of a float: what numpy and pandas print.
TEST(TextFormat, FloatsAsPythonRepr) {
  const auto f = [](double v) {
    std::string s;
    append_text(s, v);
    return s;
  };
  EXPECT_EQ(f(1.0), "1.0");
  EXPECT_EQ(f(-0.0), "-0.0");
  EXPECT_EQ(f(0.0), "0.0");
  EXPECT_EQ(f(0.1), "0.1");
  EXPECT_EQ(f(1e16), "1e+16");
  EXPECT_EQ(f(1e15), "1000000000000000.0");
  EXPECT_EQ(f(123456.789), "123456.789");
  EXPECT_EQ(f(1e-4), "0.0001");
  EXPECT_EQ(f(1e-5), "1e-05");
  EXPECT_EQ(f(1.5e-7), "1.5e-07");
  EXPECT_EQ(f(5e-324), "5e-324");
  EXPECT_EQ(f(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(f(9007199254740992.0), "9007199254740992.0");
  EXPECT_EQ(f(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(f(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(f(-std::numeric_limits<double>::quiet_NaN()), "nan");
  std::string s;
  append_text(s, 16777216.0f);
  EXPECT_EQ(s, "16777216.0");
}

// read -> write -> read gives the same bits for every type (NaN payloads
// aside), and the written text infers back to the same type where it can.
class RoundTrip : public cli_test::scratch_dir {
 protected:
  template <class T>
  void check(const std::vector<T>& v, bool infers_back) {
    const dtype t = dtype_of<T>();
    write_column(path("a.txt"), column{v});
    read_options o;
    o.type = t;
    const column once = read_column(path("a.txt"), o);
    write_column(path("b.txt"), once);
    EXPECT_EQ(read("a.txt"), read("b.txt")) << to_string(t);
    const column twice = read_column(path("b.txt"), o);
    const auto& back = std::get<std::vector<T>>(twice.data);
    ASSERT_EQ(back.size(), v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(v[i])) {
          EXPECT_TRUE(std::isnan(back[i])) << i;
          continue;
        }
      }
      EXPECT_EQ(std::memcmp(&back[i], &v[i], sizeof(T)), 0) << to_string(t) << " " << i << ": " << read("a.txt");
    }
    if (infers_back) {
      EXPECT_EQ(read_column(path("a.txt")).type(), t) << to_string(t);
    }
  }
};

template <class T>
std::vector<T> random_bits(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> v(n);
  for (auto& x : v) {
    const std::uint64_t b = rng();
    std::memcpy(&x, &b, sizeof(T));
  }
  return v;
}

TEST_F(RoundTrip, EveryType) {
  using L32 = std::numeric_limits<std::int32_t>;
  check<std::int32_t>({0, -1, L32::min(), L32::max()}, false);
  check<std::int32_t>(random_bits<std::int32_t>(2000, 1), false);
  check<std::uint32_t>({0, 4294967295u}, false);
  check<std::uint32_t>(random_bits<std::uint32_t>(2000, 2), false);
  check<std::int64_t>({0, -1, i64_min, i64_max, 9007199254740993}, true);
  check<std::int64_t>(random_bits<std::int64_t>(2000, 3), true);
  check<std::uint64_t>({0, u64_max, 9223372036854775808ull}, true);
  check<std::uint64_t>(random_bits<std::uint64_t>(2000, 4), true);  // about half are above 2^63 - 1
  using D = std::numeric_limits<double>;
  check<double>({0.0, -0.0, 1.0, 0.1, D::min(), D::denorm_min(), -D::denorm_min(), D::max(), D::lowest(), D::epsilon(),
                 D::infinity(), -D::infinity(), D::quiet_NaN(), 9007199254740993.0, 1e16, 1e-5},
                true);
  check<double>(random_bits<double>(5000, 5), true);
  using F = std::numeric_limits<float>;
  check<float>({0.0f, -0.0f, 0.1f, F::min(), F::denorm_min(), F::max(), F::lowest(), F::infinity(), F::quiet_NaN()},
               false);
  check<float>(random_bits<float>(5000, 6), false);
}

}  // namespace
