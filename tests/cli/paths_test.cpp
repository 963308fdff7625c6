// The file checks every verb makes before any work (io::check_paths), and
// outputs written through a temporary file so a failure leaves the old file.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "io/io.hpp"
#include "io_test_util.hpp"

namespace {
using namespace ordo::tools::io;
namespace fs = std::filesystem;

class Paths : public cli_test::scratch_dir {};

TEST_F(Paths, InputsMustBeReadableFiles) {
  EXPECT_IO_ERROR(check_paths({path("none.txt")}, {}), "none.txt", "cannot open");
  fs::create_directory(path("d"));
  EXPECT_IO_ERROR(check_paths({path("d")}, {}), "is a directory");
  // ...and a directory reaches the reader with the same words.
  EXPECT_IO_ERROR(read_column(path("d")), "is a directory");
  write("k.txt", "1\n");
  EXPECT_NO_THROW(check_paths({path("k.txt"), "", "-"}, {}));
  EXPECT_IO_ERROR(check_paths({"-", "-"}, {}), "stdin can be read only once");
}

TEST_F(Paths, OutputsMustBeWritable) {
  write("k.txt", "1\n");
  EXPECT_NO_THROW(check_paths({path("k.txt")}, {path("new.txt"), "-", "/dev/null"}));
  EXPECT_IO_ERROR(check_paths({path("k.txt")}, {path("no/such/dir/r.npy")}), "r.npy", "does not exist");
  fs::create_directory(path("d"));
  EXPECT_IO_ERROR(check_paths({path("k.txt")}, {path("d")}), "is a directory");
  EXPECT_IO_ERROR(check_paths({path("k.txt")}, {path("k.txt") + "/x.npy"}), "x.npy", "not a directory");
  EXPECT_IO_ERROR(check_paths({}, {"-", "-"}), "only one output can go to stdout");
  if (::geteuid() != 0) {  // root writes anywhere
    fs::create_directory(path("ro"));
    fs::permissions(path("ro"), fs::perms::owner_read | fs::perms::owner_exec);
    EXPECT_IO_ERROR(check_paths({}, {path("ro/x.txt")}), "x.txt", "not writable");
    fs::permissions(path("ro"), fs::perms::owner_all);
    write("r.txt", "old");
    fs::permissions(path("r.txt"), fs::perms::owner_read);
    EXPECT_IO_ERROR(check_paths({}, {path("r.txt")}), "r.txt", "cannot write");
  }
}

TEST_F(Paths, OutputThatIsTheInputNeedsInPlace) {
  write("k.npy", "x");
  const std::string k = path("k.npy");
  EXPECT_IO_ERROR(check_paths({k}, {k}), "is the same file as the input", "--in-place");
  fs::create_symlink(k, path("link.npy"));
  EXPECT_IO_ERROR(check_paths({k}, {path("link.npy")}), "--in-place");
  fs::create_hard_link(k, path("hard.npy"));
  EXPECT_IO_ERROR(check_paths({path("hard.npy")}, {k}), "--in-place");
  // Another spelling of the same path.
  const std::string dotted = (fs::path(k).parent_path() / "." / "k.npy").string();
  EXPECT_IO_ERROR(check_paths({dotted}, {k}), "--in-place");
  EXPECT_NO_THROW(check_paths({k}, {k}, /*in_place=*/true));
  // Two outputs in one file would lose one of them.
  write("o.npy", "");
  EXPECT_IO_ERROR(check_paths({k}, {path("o.npy"), path("o.npy")}, true), "same file as the output");
}

// Two outputs naming one file that does not exist yet: the second rename
// would replace the first result (segsort -o same --values-output same).
TEST_F(Paths, TwoOutputsInOneNewFile) {
  write("k.txt", "1\n");
  const std::string k = path("k.txt"), o = path("same.txt");
  EXPECT_IO_ERROR(check_paths({k}, {o, o}), "same.txt", "same file as the output");
  const std::string dotted = (fs::path(o).parent_path() / "." / "same.txt").string();
  EXPECT_IO_ERROR(check_paths({k}, {o, dotted}), "same file as the output");
  fs::create_directory(path("sub"));
  const std::string up = (fs::path(path("sub")) / ".." / "same.txt").string();
  EXPECT_IO_ERROR(check_paths({k}, {up, o}), "same file as the output");
  EXPECT_NO_THROW(check_paths({k}, {o, path("other.txt"), "/dev/null", "/dev/null"}));
  EXPECT_FALSE(fs::exists(o)) << "the check creates nothing";
}

TEST_F(Paths, FailedWriteLeavesTheOldFile) {
  write("k.txt", "old\n");
  {
    output_file out(path("k.txt"));
    out.write("new\n", 4);
    // destroyed without close(): as when the work throws midway
  }
  EXPECT_EQ(read("k.txt"), "old\n");
  for (const auto& e : fs::directory_iterator(path("")))
    EXPECT_EQ(e.path().filename(), "k.txt") << "a temporary file was left behind";
  output_file out(path("k.txt"));
  out.write("new\n", 4);
  out.close();
  EXPECT_EQ(read("k.txt"), "new\n");
}

TEST_F(Paths, ReplacedFileKeepsItsModeAndLinks) {
  write("k.txt", "old\n");
  fs::permissions(path("k.txt"), fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  fs::create_symlink(path("k.txt"), path("link.txt"));
  write_column(path("link.txt"), column{std::vector<std::int64_t>{5}});
  EXPECT_TRUE(fs::is_symlink(path("link.txt")));
  EXPECT_EQ(read("k.txt"), "5\n");
  EXPECT_EQ(fs::status(path("k.txt")).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
}

}  // namespace
