// Text and CSV columns: values, NaN spellings, headers, column choice,
// round-trip formatting, and each error naming its line or column.
#include <cmath>
#include <limits>

#include "io/io.hpp"
#include "io_test_util.hpp"

namespace {
using namespace ordo::tools::io;

class Text : public cli_test::scratch_dir {
 protected:
  // Read as float64 (--dtype float64); inference has its own tests (text_infer_test.cpp).
  std::vector<double> doubles(const std::string& name, const std::string& text, const std::string& name_or_index = "") {
    read_options o;
    o.type = dtype::float64;
    o.column = name_or_index;
    const column c = read_column(write(name, text), o);
    EXPECT_EQ(c.type(), dtype::float64);
    return std::get<std::vector<double>>(c.data);
  }
  template <class T>
  std::vector<T> typed(const std::string& name, const std::string& text, dtype t, const std::string& column = "") {
    read_options o;
    o.type = t;
    o.column = column;
    return std::get<std::vector<T>>(read_column(write(name, text), o).data);
  }
};

// NaN compares unequal to itself; spell it out for EXPECT_EQ on vectors.
std::vector<std::string> shown(const std::vector<double>& v) {
  std::vector<std::string> s;
  for (double x : v) s.push_back(std::isnan(x) ? "nan" : std::to_string(x));
  return s;
}

TEST_F(Text, OneValuePerLine) {
  EXPECT_EQ(doubles("a.txt", "3\n1.5\n-2e3\n+4\n\n  7 \r\n"), (std::vector<double>{3, 1.5, -2000, 4, 7}));
  EXPECT_EQ(doubles("e.txt", ""), std::vector<double>{});
  EXPECT_EQ(doubles("n.txt", "5"), std::vector<double>{5});  // no final newline
  EXPECT_EQ(doubles("b.txt", "\xEF\xBB\xBF" "1\n2\n"), (std::vector<double>{1, 2}));  // UTF-8 BOM
}

TEST_F(Text, NaNAndInfinity) {
  const auto v = doubles("a.txt", "NaN\nnan\nNA\ninf\n-inf\nInfinity\n-0.0\n1e400\n");
  EXPECT_EQ(shown(v), (std::vector<std::string>{"nan", "nan", "nan", "inf", "-inf", "inf", "-0.000000", "inf"}));
  EXPECT_TRUE(std::signbit(v[6]));
  // An empty cell is NaN in a CSV row.
  EXPECT_EQ(shown(doubles("b.csv", "a,b\n1,\n2,3\n", "b")), (std::vector<std::string>{"nan", "3.000000"}));
}

TEST_F(Text, CsvColumnByNameOrIndex) {
  const std::string csv = "id,\"score\",name\n1,0.5,x\n2,,y\n3,NA,\"z, w\"\n";
  EXPECT_EQ(shown(doubles("a.csv", csv, "score")), (std::vector<std::string>{"0.500000", "nan", "nan"}));
  EXPECT_EQ(doubles("b.csv", csv, "0"), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(doubles("c.tsv", "x\ty\n1\t2\n3\t4\n", "y"), (std::vector<double>{2, 4}));
  EXPECT_EQ(doubles("d.txt", "5,6\n7,8\n", "1"), (std::vector<double>{6, 8}));  // no header: an index
  EXPECT_EQ(doubles("h.txt", "value\n2\n1\n"), (std::vector<double>{2, 1}));  // one named column
}

TEST_F(Text, IntegerColumns) {
  EXPECT_EQ((typed<std::int64_t>("a.txt", "-9223372036854775808\n+5\n", dtype::int64)),
            (std::vector<std::int64_t>{std::numeric_limits<std::int64_t>::min(), 5}));
  EXPECT_EQ((typed<std::uint64_t>("b.txt", "18446744073709551615\n", dtype::uint64)),
            (std::vector<std::uint64_t>{18446744073709551615ull}));
  EXPECT_EQ((typed<float>("c.txt", "0.1\n", dtype::float32)), (std::vector<float>{0.1f}));
}

TEST_F(Text, NonNumericTextNamesTheLine) {
  EXPECT_IO_ERROR(doubles("a.txt", "1\n2\n\nabc\n"), "a.txt", "line 4", "non-numeric text 'abc'", "float64");
  EXPECT_IO_ERROR(doubles("b.csv", "x\n1\n2.5.1\n", "x"), "b.csv", "line 3", "'2.5.1'");
  EXPECT_IO_ERROR((typed<std::int32_t>("c.txt", "1\n2.5\n", dtype::int32)), "c.txt", "line 2", "'2.5'", "int32");
}

TEST_F(Text, IntegerErrors) {
  EXPECT_IO_ERROR((typed<std::int32_t>("a.txt", "1\n3000000000\n", dtype::int32)), "a.txt", "line 2",
                  "out of range for int32");
  EXPECT_IO_ERROR((typed<std::uint32_t>("b.txt", "1\nNA\n", dtype::uint32)), "b.txt", "line 2", "missing value",
                  "--dtype float64");
  EXPECT_IO_ERROR((typed<std::int64_t>("c.csv", "a,b\n1,\n", dtype::int64, "b")), "c.csv", "missing value");
}

TEST_F(Text, MissingColumn) {
  EXPECT_IO_ERROR(doubles("a.csv", "x,y\n1,2\n", "z"), "a.csv", "no column named 'z'", "columns: x, y");
  EXPECT_IO_ERROR(doubles("b.csv", "x,y\n1,2\n", "2"), "b.csv", "column index 2 is out of range");
  EXPECT_IO_ERROR(doubles("c.csv", "1,2\n3,4\n", "y"), "c.csv", "no header line", "'y'");
  EXPECT_IO_ERROR(doubles("d.csv", "x,y\n1,2\n3\n", "y"), "d.csv", "line 3 has 1 field(s)", "column 'y'");
  EXPECT_IO_ERROR(doubles("e.csv", "x,y\n1,2\n"), "e.csv", "has 2 columns (x, y)", "--column");
}

TEST_F(Text, ColumnOnlyForText) {
  write_column(path("a.npy"), column{std::vector<double>{1}});
  read_options o;
  o.column = "x";
  EXPECT_ARG_ERROR(read_column(path("a.npy"), o), "--column applies to text input");
}

TEST_F(Text, WritesValuesThatReadBack) {
  const std::vector<double> d{0.1, 1.0 / 3, 2.5, -0.0, 1e-310, std::numeric_limits<double>::quiet_NaN(),
                              -std::numeric_limits<double>::infinity(), 123456789012345678.0};
  write_column(path("d.txt"), column{d});
  // The shortest text that reads back to the same double, as Python's repr writes it.
  EXPECT_EQ(read("d.txt"), "0.1\n0.3333333333333333\n2.5\n-0.0\n1e-310\nnan\n-inf\n1.2345678901234568e+17\n");
  const auto back = doubles("d.txt", read("d.txt"));
  ASSERT_EQ(back.size(), d.size());
  for (std::size_t i = 0; i < d.size(); ++i)
    if (!std::isnan(d[i])) {
      EXPECT_EQ(back[i], d[i]) << i;
    }

  write_column(path("f.csv"), column{std::vector<float>{0.1f, -std::numeric_limits<float>::quiet_NaN()}});
  EXPECT_EQ(read("f.csv"), "0.1\nnan\n");  // float32's shortest: numpy's repr of np.float32(0.1)
  write_column(path("u.txt"), column{std::vector<std::uint64_t>{0, 18446744073709551615ull}});
  EXPECT_EQ(read("u.txt"), "0\n18446744073709551615\n");
  write_column(path("i.txt"), column{std::vector<std::int32_t>{-7}});
  EXPECT_EQ(read("i.txt"), "-7\n");
}

}  // namespace
