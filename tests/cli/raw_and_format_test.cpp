// Raw binary files, format and dtype names, and the progress line.
#include <algorithm>

#include "io/io.hpp"
#include "io_test_util.hpp"
#include "progress.hpp"

namespace {
using namespace ordo::tools::io;
using cli_test::bytes_of;

class Raw : public cli_test::scratch_dir {};
class Progress : public cli_test::scratch_dir {};

TEST_F(Raw, RoundTrip) {
  write_column(path("k.bin"), column{std::vector<std::uint32_t>{3, 1, 2}});
  EXPECT_EQ(read("k.bin"), bytes_of<std::uint32_t>({3, 1, 2}));
  read_options o;
  o.type = dtype::uint32;
  EXPECT_EQ(std::get<std::vector<std::uint32_t>>(read_column(path("k.bin"), o).data),
            (std::vector<std::uint32_t>{3, 1, 2}));
  o.type = dtype::int64;  // 12 bytes are not whole int64s
  EXPECT_IO_ERROR(read_column(path("k.bin"), o), "k.bin", "12 bytes is not a multiple of 8", "int64");
}

TEST_F(Raw, NeedsDtype) {
  write("k.raw", "");
  EXPECT_ARG_ERROR(read_column(path("k.raw")), "k.raw", "needs --dtype");
}

TEST_F(Raw, EmptyFileIsEmptyColumn) {
  read_options o;
  o.type = dtype::float64;
  EXPECT_EQ(read_column(write("e.bin", ""), o).size(), 0u);
}

TEST_F(Raw, NotAFile) {
  read_options o;
  o.type = dtype::float64;
  o.format = file_format::bin;
  EXPECT_IO_ERROR(read_column(path(""), o), "is a directory");
  EXPECT_IO_ERROR(read_column("/dev/null", o), "/dev/null", "not a regular file");
}

TEST_F(Raw, UnwritablePath) {
  EXPECT_IO_ERROR(write_column(path("no/such/dir/r.npy"), column{std::vector<double>{}}), "r.npy", "cannot create");
}

TEST(Format, FromExtension) {
  EXPECT_EQ(format_from_extension("a/b.NPY"), file_format::npy);
  EXPECT_EQ(format_from_extension("x.raw"), file_format::bin);
  EXPECT_EQ(format_from_extension("x.bin"), file_format::bin);
  EXPECT_EQ(format_from_extension("x.tsv"), file_format::text);
  EXPECT_EQ(format_from_extension("x.csv"), file_format::text);
  EXPECT_ARG_ERROR(format_from_extension("keys.dat", "--output-format"), "keys.dat", "--output-format");
  EXPECT_ARG_ERROR(format_from_extension("keys"), "keys", "--format");
  EXPECT_EQ(parse_format("raw"), file_format::bin);
  EXPECT_ARG_ERROR(parse_format("parquet"), "parquet");
}

TEST(Dtype, Names) {
  EXPECT_EQ(parse_dtype("float64"), dtype::float64);
  EXPECT_EQ(parse_dtype("double"), dtype::float64);
  EXPECT_EQ(parse_dtype("float"), dtype::float32);
  EXPECT_EQ(parse_dtype("uint64"), dtype::uint64);
  EXPECT_ARG_ERROR(parse_dtype("complex128", "--dtype"), "--dtype", "complex128");
  EXPECT_STREQ(make_column(dtype::int32, 2).dtype_name(), "int32");
  EXPECT_EQ(element_size(dtype::uint32), 4u);
}

TEST_F(Progress, ShownWhenAllowedAndLarge) {
  write_column(path("k.npy"), column{std::vector<double>(1000)});
  read_options o;
  o.progress = {true, 1};  // any size counts as large here
  ::testing::internal::CaptureStderr();
  read_column(path("k.npy"), o);
  const std::string shown = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(shown.find("reading " + path("k.npy") + ": 100%"), std::string::npos) << shown;

  o.progress = {false, 1};
  ::testing::internal::CaptureStderr();
  read_column(path("k.npy"), o);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");

  o.progress = {true};  // the default threshold: 8 KB is small
  ::testing::internal::CaptureStderr();
  read_column(path("k.npy"), o);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}

TEST(ProgressLine, TenPercentStepsInALog) {
  ::testing::internal::CaptureStderr();
  {
    ordo::tools::progress bar("reading x", 1000, true, 0);
    for (int i = 1; i <= 1000; ++i) bar.update(i);
    bar.finish();
  }
  const std::string shown = ::testing::internal::GetCapturedStderr();
  // Not a TTY under ctest: one line per 10%.
  EXPECT_NE(shown.find("reading x: 10%\n"), std::string::npos) << shown;
  EXPECT_NE(shown.find("reading x: 100%\n"), std::string::npos) << shown;
  EXPECT_EQ(std::count(shown.begin(), shown.end(), '\n'), 11) << shown;  // 0%, 10% ... 100%
}

}  // namespace
