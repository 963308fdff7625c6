// column_sink (tools/ordo/io/column_sink.hpp): a .npy or raw output that is
// a regular file is written through its own mapping and equals what
// write_column writes; text, /dev/null and empty columns go through memory;
// nothing reaches the target before commit(), and an abandoned sink leaves
// neither the target changed nor a temporary file behind.
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/column_sink.hpp"
#include "io/io.hpp"
#include "io_test_util.hpp"

namespace {
using namespace ordo::tools::io;
using cli_test::bytes_of;

class ColumnSink : public cli_test::scratch_dir {
 protected:
  // The directory's file names, the temporary files (".name.ordo-XXXXXX") included.
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(path("")).parent_path()))
      out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
  }
};

template <class T>
void fill(column_sink& s, const std::vector<T>& values) {
  s.visit([&]<class U>(std::span<U> o) {
    ASSERT_TRUE((std::is_same_v<T, U>));
    ASSERT_EQ(o.size(), values.size());
    if constexpr (std::is_same_v<T, U>) std::copy(values.begin(), values.end(), o.begin());
  });
}

TEST_F(ColumnSink, NpyIsMappedAndEqualsWriteColumn) {
  std::vector<std::int64_t> v(100003);
  std::iota(v.begin(), v.end(), -50000);
  v[7] = std::numeric_limits<std::int64_t>::min();
  column_sink s(path("a.npy"), dtype::int64, v.size());
  EXPECT_TRUE(s.mapped());
  fill(s, v);
  EXPECT_FALSE(std::filesystem::exists(path("a.npy"))) << "nothing at the target before commit";
  s.commit();
  write_column(path("b.npy"), column{v});
  EXPECT_EQ(read("a.npy"), read("b.npy")) << "the same bytes as write_column's";
  EXPECT_EQ(std::get<std::vector<std::int64_t>>(read_column(path("a.npy")).data), v);
  EXPECT_EQ(names(), (std::vector<std::string>{"a.npy", "b.npy"}));
}

TEST_F(ColumnSink, RawIsMapped) {
  const std::vector<double> v{2.5, -0.0, std::numeric_limits<double>::infinity(), 1e-310};
  write_options o;
  o.format = file_format::bin;
  column_sink s(path("r.out"), dtype::float64, v.size(), o);
  EXPECT_TRUE(s.mapped());
  fill(s, v);
  s.commit();
  const std::string want(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(double));
  EXPECT_EQ(read("r.out"), want);
}

TEST_F(ColumnSink, ReplacesTheTargetOnlyAtCommit) {
  write("t.npy", "old");
  ::chmod(path("t.npy").c_str(), 0640);
  {
    column_sink s(path("t.npy"), dtype::float32, 3);
    ASSERT_TRUE(s.mapped());
    fill(s, std::vector<float>{1, 2, 3});
  }  // abandoned: no commit
  EXPECT_EQ(read("t.npy"), "old");
  EXPECT_EQ(names(), (std::vector<std::string>{"t.npy"})) << "the temporary file is removed";
  column_sink s(path("t.npy"), dtype::float32, 3);
  fill(s, std::vector<float>{1, 2, 3});
  s.commit();
  EXPECT_EQ(std::get<std::vector<float>>(read_column(path("t.npy")).data), (std::vector<float>{1, 2, 3}));
  struct stat st {};
  ASSERT_EQ(::stat(path("t.npy").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u) << "the replaced file's mode is kept";
  EXPECT_EQ(names(), (std::vector<std::string>{"t.npy"}));
}

TEST_F(ColumnSink, TextEmptyAndDevNullGoThroughMemory) {
  column_sink t(path("k.txt"), dtype::uint64, 3);
  EXPECT_FALSE(t.mapped());
  fill(t, std::vector<std::uint64_t>{3, 1, 18446744073709551615ull});
  t.commit();
  EXPECT_EQ(read("k.txt"), "3\n1\n18446744073709551615\n");

  column_sink e(path("e.npy"), dtype::int32, 0);
  EXPECT_FALSE(e.mapped());
  e.commit();
  EXPECT_EQ(read_column(path("e.npy")).size(), 0u);
  EXPECT_EQ(read_column(path("e.npy")).type(), dtype::int32);

  write_options o;
  o.format = file_format::npy;
  column_sink d("/dev/null", dtype::int32, 4, o);
  EXPECT_FALSE(d.mapped()) << "not a regular file: written, not mapped";
  fill(d, std::vector<std::int32_t>{4, 3, 2, 1});
  d.commit();
}

TEST_F(ColumnSink, BadOutputsFailBeforeAnyWork) {
  EXPECT_TRUE(cli_test::throws([&] { column_sink s(path("nodir/a.npy"), dtype::int32, 4); }, ordo::errc::io_error,
                               {"nodir/a.npy", "cannot create"}));
  EXPECT_TRUE(cli_test::throws([&] { column_sink s(path("a.xyz"), dtype::int32, 4); },
                               ordo::errc::invalid_argument, {"--output-format"}));
}

}  // namespace
