// The I/O layer's tables come from the key list (ordo/detail/key_dtypes.hpp):
// every key type reads and writes through .npy, raw and text by its numpy
// name; and the pieces the narrow types (int8 ... uint16, bool, float16,
// bfloat16) will use are checked before the list holds them: their numpy
// rows, 16-bit float rounding, and text parsing with range errors.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include "io/io.hpp"
#include "io/npy.hpp"
#include "io/text.hpp"
#include "io_test_util.hpp"

namespace {
using namespace ordo::tools::io;
using ordo::detail::float_format;
using ordo::detail::half_bits_from_double;
using ordo::detail::half_bits_to_double;

class KeyTable : public cli_test::scratch_dir {};

// Every key type of the list, through every format, by its numpy name.
TEST_F(KeyTable, EveryKeyTypeRoundTripsByItsNumpyName) {
  for (std::size_t i = 0; i < ordo::detail::key_count; ++i) {
    const dtype t{std::uint8_t(i)};
    const std::string name = to_string(t);
    EXPECT_EQ(parse_dtype(name), t) << name;
    EXPECT_EQ(parse_dtype(ordo::detail::key_dtypes[i].name), t) << name;  // ordo's spelling too
    EXPECT_NE(dtype_names().find(name), std::string::npos) << name;
    column c = make_column(t, 3);
    visit_dtype(t, [&]<class T>() {
      auto& v = std::get<vector_of<T>>(c.data);
      v[0] = ordo::detail::key_from_double<T>(1);
      v[2] = ordo::detail::key_from_double<T>(0);
    });
    for (const char* ext : {".npy", ".bin", ".txt"}) {
      if (std::string(ext) == ".npy" && !*numpy_of(t).descr) continue;  // bfloat16: no .npy dtype
      const std::string file = path(name + ext);
      write_column(file, c);
      read_options o;
      o.type = t;
      const column back = read_column(file, o);
      EXPECT_EQ(back.type(), t) << file;
      EXPECT_EQ(back.data, c.data) << file;
    }
    if (*numpy_of(t).descr) {
      const npy_header h = parse_npy_header(
          std::string("{'descr': '") + numpy_of(t).descr + "', 'fortran_order': False, 'shape': (4,), }", "h.npy");
      EXPECT_EQ(h.type, t) << name;
    }
  }
}

TEST(KeyTableRows, NumpySpellings) {
  using ordo::detail::numpy_dtype_of;
  EXPECT_STREQ(numpy_dtype_of<std::int8_t>().descr, "|i1");
  EXPECT_STREQ(numpy_dtype_of<std::uint8_t>().descr, "|u1");
  EXPECT_STREQ(numpy_dtype_of<std::int16_t>().descr, "<i2");
  EXPECT_STREQ(numpy_dtype_of<std::uint16_t>().name, "uint16");
  EXPECT_STREQ(numpy_dtype_of<bool>().descr, "|b1");
  EXPECT_STREQ(numpy_dtype_of<bool>().name, "bool");
  EXPECT_STREQ(numpy_dtype_of<float>().name, "float32");
  EXPECT_STREQ(numpy_dtype_of<double>().descr, "<f8");
  EXPECT_EQ(numpy_dtype_of<std::int64_t>().kind, 'i');
  EXPECT_EQ(dtype_names(), ordo::detail::numpy_names());
}

TEST(KeyTableRows, BfloatNpyIsRefusedWithAReason) {
  EXPECT_IO_ERROR(parse_npy_header("{'descr': '<V2', 'fortran_order': False, 'shape': (2,), }", "b.npy"), "b.npy",
                  "dtype '<V2'", "bfloat16", "float32");
  EXPECT_IO_ERROR(parse_npy_header("{'descr': '>i2', 'fortran_order': False, 'shape': (2,), }", "b.npy"),
                  "big-endian dtype '>i2'");
}

std::uint16_t half(double d) { return half_bits_from_double(float_format::binary16, d); }
std::uint16_t bf16(double d) { return half_bits_from_double(float_format::bfloat16, d); }

// numpy: np.array([d]).astype(np.float16).view(np.uint16)
TEST(HalfFloats, RoundLikeNumpy) {
  EXPECT_EQ(half(0.0), 0x0000);
  EXPECT_EQ(half(-0.0), 0x8000);
  EXPECT_EQ(half(1.0), 0x3c00);
  EXPECT_EQ(half(0.1), 0x2e66);
  EXPECT_EQ(half(-2.5), 0xc100);
  EXPECT_EQ(half(65504.0), 0x7bff);
  EXPECT_EQ(half(65519.99), 0x7bff);
  EXPECT_EQ(half(65520.0), 0x7c00);  // the tie above the largest rounds to inf
  EXPECT_EQ(half(1e300), 0x7c00);
  EXPECT_EQ(half(-INFINITY), 0xfc00);
  EXPECT_EQ(half(std::nan("")), 0x7e00);
  EXPECT_EQ(half(2049.0), 0x6800);  // tie: to the even 2048
  EXPECT_EQ(half(2051.0), 0x6802);  // tie: to the even 2052
  EXPECT_EQ(half(std::ldexp(1.0, -24)), 0x0001);  // the smallest subnormal
  EXPECT_EQ(half(std::ldexp(1.0, -25)), 0x0000);  // half of it: tie to even 0
  EXPECT_EQ(half(std::ldexp(1.5, -25)), 0x0001);
  EXPECT_EQ(half(std::ldexp(1023.0, -24)), 0x03ff);  // the largest subnormal
  EXPECT_EQ(half(std::ldexp(1023.5, -24)), 0x0400);  // rounds up to the smallest normal
  EXPECT_EQ(half(1e-310), 0x0000);                   // a double subnormal
  EXPECT_EQ(bf16(1.0), 0x3f80);
  EXPECT_EQ(bf16(1.0 / 3), 0x3eab);
  EXPECT_EQ(bf16(-2.0), 0xc000);
  EXPECT_EQ(bf16(3.4e38), 0x7f80);  // above bfloat16's largest (3.3895e38): inf
  EXPECT_EQ(bf16(std::nan("")), 0x7fc0);
}

TEST(HalfFloats, EveryBitPatternRoundTrips) {
  for (float_format f : {float_format::binary16, float_format::bfloat16})
    for (std::uint32_t b = 0; b < 0x10000; ++b) {
      const double d = half_bits_to_double(f, std::uint16_t(b));
      if (std::isnan(d)) continue;
      ASSERT_EQ(half_bits_from_double(f, d), b) << int(f) << " " << b;
    }
  EXPECT_EQ(half_bits_to_double(float_format::binary16, 0x7bff), 65504.0);
  EXPECT_EQ(half_bits_to_double(float_format::binary16, 0x0001), std::ldexp(1.0, -24));
  EXPECT_EQ(half_bits_to_double(float_format::bfloat16, 0x3f80), 1.0);
}

// --dtype int8 and the other narrow types: values out of range are errors
// naming the line, never wrapped.
TEST(NarrowText, IntegersInRangeOrAnError) {
  EXPECT_EQ(parse_text_value<std::int8_t>("127"), 127);
  EXPECT_EQ(parse_text_value<std::int8_t>("-128"), -128);
  EXPECT_EQ(parse_text_value<std::int8_t>("+5"), 5);
  EXPECT_IO_ERROR(parse_text_value<std::int8_t>("300", "k.txt", 7), "k.txt", "line 7", "'300' is out of range for int8");
  EXPECT_IO_ERROR(parse_text_value<std::int8_t>("-129", "k.txt", 2), "line 2", "out of range for int8");
  EXPECT_EQ(parse_text_value<std::uint8_t>("255"), 255);
  EXPECT_EQ(parse_text_value<std::uint8_t>("-0"), 0);
  EXPECT_IO_ERROR(parse_text_value<std::uint8_t>("256", "k.txt", 3), "line 3", "out of range for uint8");
  EXPECT_IO_ERROR(parse_text_value<std::uint8_t>("-1", "k.txt", 4), "line 4", "negative value -1", "uint8");
  EXPECT_EQ(parse_text_value<std::int16_t>("-32768"), -32768);
  EXPECT_IO_ERROR(parse_text_value<std::int16_t>("32768"), "out of range for int16");
  EXPECT_EQ(parse_text_value<std::uint16_t>("65535"), 65535);
  EXPECT_IO_ERROR(parse_text_value<std::uint16_t>("65536"), "out of range for uint16");
  EXPECT_IO_ERROR(parse_text_value<std::int16_t>("1.5", "k.txt", 9), "line 9", "'1.5' is not an integer", "int16");
  EXPECT_IO_ERROR(parse_text_value<std::int8_t>("NA", "k.txt", 5), "line 5", "missing value 'NA'", "int8");
  EXPECT_IO_ERROR(parse_text_value<std::uint16_t>("x1"), "non-numeric text 'x1'", "uint16");
}

TEST(NarrowText, BoolsAsPandasReadsThem) {
  for (const char* t : {"True", "TRUE", "true", "1"}) EXPECT_TRUE(parse_text_value<bool>(t)) << t;
  for (const char* f : {"False", "FALSE", "false", "0"}) EXPECT_FALSE(parse_text_value<bool>(f)) << f;
  EXPECT_IO_ERROR(parse_text_value<bool>("2", "b.txt", 3), "b.txt", "line 3", "'2' is not a bool");
  EXPECT_IO_ERROR(parse_text_value<bool>("yes"), "'yes' is not a bool");
  EXPECT_IO_ERROR(parse_text_value<bool>("nan", "b.txt", 4), "line 4", "missing value 'nan'", "bool");
}

TEST(NarrowText, Written) {
  std::string s;
  append_text(s, true);
  s += ' ';
  append_text(s, false);
  s += ' ';
  append_text(s, std::int8_t(-128));
  s += ' ';
  append_text(s, std::uint8_t(255));
  s += ' ';
  append_text(s, std::int16_t(-300));
  EXPECT_EQ(s, "True False -128 255 -300");
}

}  // namespace
