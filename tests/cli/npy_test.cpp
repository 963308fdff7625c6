// .npy: round trips of every dtype, the header forms NumPy writes, and one
// test per way a file can be wrong; view_column (mapped where it can be)
// against read_column.
#include <cmath>
#include <limits>

#include "io/column_view.hpp"
#include "io/io.hpp"
#include "io/npy.hpp"
#include "io_test_util.hpp"

namespace {
using namespace ordo::tools::io;
using cli_test::bytes_of;
using cli_test::npy_bytes;

class Npy : public cli_test::scratch_dir {};

template <class T>
void round_trip(const std::string& file, std::vector<T> values) {
  write_column(file, column{values});
  const column c = read_column(file);
  ASSERT_EQ(c.type(), dtype_of<T>());
  const auto& got = std::get<std::vector<T>>(c.data);
  ASSERT_EQ(got.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(values[i])) {
        EXPECT_TRUE(std::isnan(got[i]));
        continue;
      }
    }
    EXPECT_EQ(got[i], values[i]) << i;
  }
}

TEST_F(Npy, RoundTripsEveryDtype) {
  round_trip<std::int32_t>(path("i4.npy"), {-3, 0, 7, std::numeric_limits<std::int32_t>::min()});
  round_trip<std::uint32_t>(path("u4.npy"), {0, 1, 4000000000u});
  round_trip<std::int64_t>(path("i8.npy"), {-1, std::numeric_limits<std::int64_t>::max()});
  round_trip<std::uint64_t>(path("u8.npy"), {18446744073709551615ull, 0});
  round_trip<float>(path("f4.npy"), {1.5f, -0.0f, std::numeric_limits<float>::quiet_NaN(), -INFINITY});
  round_trip<double>(path("f8.npy"), {0.1, 1e-310, std::numeric_limits<double>::quiet_NaN(), INFINITY});
  round_trip<double>(path("empty.npy"), {});
}

TEST_F(Npy, WritesWhatNumPyWrites) {
  write_column(path("a.npy"), column{std::vector<double>{1, 2}});
  const std::string bytes = read("a.npy");
  ASSERT_EQ(bytes.size(), 128u + 16u);  // header padded to 64 bytes, then the data
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  EXPECT_EQ(bytes.substr(10, 57), "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }");
  EXPECT_EQ(bytes[127], '\n');
}

TEST_F(Npy, ReadsVersions2And3AndColumnShapes) {
  const std::string data = bytes_of<std::int64_t>({5, 6, 7});
  for (int major : {2, 3}) {
    const auto f = write("v.npy", npy_bytes("{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }", data, major));
    EXPECT_EQ(read_column(f).size(), 3u) << major;
  }
  for (const char* shape : {"(3, 1)", "(1, 3)", "(3L,)", "(1, 3, 1)"}) {
    const auto f = write("s.npy", npy_bytes(std::string("{'shape': ") + shape +
                                                ", 'fortran_order': False, 'descr': '<i8'}",
                                            data));
    const column c = read_column(f);
    EXPECT_EQ(std::get<std::vector<std::int64_t>>(c.data), (std::vector<std::int64_t>{5, 6, 7})) << shape;
  }
  // A column is the same bytes in Fortran order.
  const auto f = write("f.npy", npy_bytes("{'descr': '<i8', 'fortran_order': True, 'shape': (3, 1), }", data));
  EXPECT_EQ(read_column(f).size(), 3u);
}

TEST_F(Npy, MissingFile) { EXPECT_IO_ERROR(read_column(path("nope.npy")), "nope.npy", "cannot open"); }

TEST_F(Npy, TruncatedData) {
  const auto f = write("t.npy", npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }",
                                          bytes_of<double>({1, 2, 3})));
  EXPECT_IO_ERROR(read_column(f), "t.npy", "truncated", "4 float64 elements (32 bytes)", "only 24 bytes");
}

// Issue 28 (the same kind as a dropped text line): bytes beyond the declared
// shape were ignored without a word.
TEST_F(Npy, DataBeyondTheShape) {
  const auto f = write("x.npy", npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }",
                                          bytes_of<double>({1, 2, 3})));
  EXPECT_IO_ERROR(read_column(f), "x.npy", "8 bytes after the 2 float64 elements");
  const auto g = write("y.npy", npy_bytes("{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }",
                                          bytes_of<double>({1, 2})));  // float64 data labelled int32
  EXPECT_IO_ERROR(read_column(g), "y.npy", "8 bytes after the 2 int32 elements");
}

TEST_F(Npy, TruncatedHeader) {
  std::string bytes = npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }", "");
  EXPECT_IO_ERROR(read_column(write("h.npy", bytes.substr(0, 30))), "h.npy", "truncated .npy header");
  EXPECT_IO_ERROR(read_column(write("p.npy", bytes.substr(0, 8))), "p.npy", "truncated");
}

TEST_F(Npy, NotNpy) {
  EXPECT_IO_ERROR(read_column(write("x.npy", "hello, world")), "x.npy", "not a .npy file");
  EXPECT_IO_ERROR(read_column(write("e.npy", "")), "e.npy", "not a .npy file");
}

TEST_F(Npy, UnknownVersion) {
  const auto f = write("v.npy", npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (0,), }", "", 4));
  EXPECT_IO_ERROR(read_column(f), "v.npy", "version 4.0");
}

TEST_F(Npy, MalformedHeaders) {
  for (const char* dict : {
           "{'descr': '<f8', 'fortran_order': False}",                    // no shape
           "{'descr': '<f8', 'fortran_order': Maybe, 'shape': (1,)}",     // not a bool
           "{'descr': '<f8', 'fortran_order': False, 'shape': (x,)}",     // not a number
           "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'extra': 1}",
           "{'descr': '<f8' 'fortran_order': False, 'shape': (1,)}",      // no comma
           "{'descr': '<f8, 'fortran_order': False, 'shape': (1,)}",      // broken quote
           "['descr', '<f8']",
           "{'descr': '<f8', 'fortran_order': False, 'shape': (1,)} junk",
           "{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999,)}",
           "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296)}",
       }) {
    const auto f = write("m.npy", npy_bytes(dict, std::string(8, '\0')));
    EXPECT_IO_ERROR(read_column(f), "m.npy", "malformed .npy header") << dict;
  }
}

TEST_F(Npy, UnsupportedDtypes) {
  const std::string data(64, '\0');
  struct bad {
    const char* dict;
    const char* says;
  };
  for (const bad& b : {
           bad{"{'descr': '<c16', 'fortran_order': False, 'shape': (2,), }", "complex dtype '<c16'"},
           bad{"{'descr': '>f8', 'fortran_order': False, 'shape': (2,), }", "big-endian dtype '>f8'"},
           // ('<f2' and '|b1' are read since issue 29: float16 and bool keys)
           bad{"{'descr': '<f16', 'fortran_order': False, 'shape': (2,), }", "dtype '<f16'"},
           bad{"{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", "dtype '|O'"},
           bad{"{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (2,), }", "structured dtype"},
           bad{"{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }", "Fortran-order shape (2, 3)"},
           bad{"{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", "shape (2, 3)"},
           bad{"{'descr': '<f8', 'fortran_order': False, 'shape': (), }", "0-d"},
       }) {
    const auto f = write("u.npy", npy_bytes(b.dict, data));
    EXPECT_IO_ERROR(read_column(f), "u.npy", "unsupported .npy array", b.says) << b.dict;
  }
}

TEST_F(Npy, DtypeMustMatch) {
  write_column(path("a.npy"), column{std::vector<float>{1}});
  read_options o;
  o.type = dtype::float32;
  EXPECT_EQ(read_column(path("a.npy"), o).type(), dtype::float32);
  o.type = dtype::float64;
  EXPECT_ARG_ERROR(read_column(path("a.npy"), o), "holds float32 keys but --dtype says float64");
}

// view_column maps a .npy or raw file whose data can be used where it lies and
// gives the keys read_column gives; what it cannot map it reads; its errors
// are read_column's.
template <class T>
std::vector<T> viewed(const column_view& v) {
  return v.visit([](auto s) {
    using K = std::remove_const_t<typename decltype(s)::element_type>;
    if constexpr (std::is_same_v<K, T>) return std::vector<T>(s.begin(), s.end());
    else return std::vector<T>{};
  });
}

TEST_F(Npy, ViewMapsWhatItCanAndReadsTheRest) {
  const std::vector<std::int64_t> keys{5, -1, 7, std::numeric_limits<std::int64_t>::min()};
  write_column(path("a.npy"), column{keys});
  const column_view v = view_column(path("a.npy"));
  EXPECT_TRUE(v.mapped());
  EXPECT_EQ(v.type(), dtype::int64);
  EXPECT_EQ(viewed<std::int64_t>(v), keys);
  write("a.bin", bytes_of<std::int64_t>({5, -1, 7}));
  read_options raw;
  raw.type = dtype::int64;
  const column_view r = view_column(path("a.bin"), raw);
  EXPECT_TRUE(r.mapped());
  EXPECT_EQ(viewed<std::int64_t>(r), (std::vector<std::int64_t>{5, -1, 7}));
  // Data at an offset that is not a multiple of 8 (a header not padded): read.
  const auto odd = write("odd.npy", npy_bytes("{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }  ",
                                             bytes_of<std::int64_t>({3, 2, 1})));
  const column_view o = view_column(odd);
  EXPECT_FALSE(o.mapped());
  EXPECT_EQ(viewed<std::int64_t>(o), (std::vector<std::int64_t>{3, 2, 1}));
  // bool (checked byte by byte), empty and text: read.
  write_column(path("b.npy"), column{bool_vector{}});
  EXPECT_FALSE(view_column(path("b.npy")).mapped());
  write_column(path("e.npy"), column{std::vector<float>{}});
  EXPECT_FALSE(view_column(path("e.npy")).mapped());
  EXPECT_EQ(view_column(path("e.npy")).size(), 0u);
  write("k.txt", "3\n1\n2\n");
  EXPECT_FALSE(view_column(path("k.txt")).mapped());
  EXPECT_EQ(view_column(path("k.txt")).size(), 3u);
}

TEST_F(Npy, ViewFailsAsReadDoes) {
  write_column(path("a.npy"), column{std::vector<float>{1}});
  read_options o;
  o.type = dtype::float64;
  EXPECT_ARG_ERROR(view_column(path("a.npy"), o), "holds float32 keys but --dtype says float64");
  write("t.npy", npy_bytes("{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }", bytes_of<std::int64_t>({1})));
  EXPECT_IO_ERROR(view_column(path("t.npy")), "t.npy", "truncated .npy file");
  write("a.bin", std::string(7, '\0'));
  o.type = dtype::int32;
  EXPECT_IO_ERROR(view_column(path("a.bin"), o), "a.bin", "not a multiple of 4");
  EXPECT_IO_ERROR(view_column(path("nope.npy")), "nope.npy", "cannot open");
  EXPECT_ARG_ERROR(view_column(path("a.bin")), "needs --dtype");
}

}  // namespace
