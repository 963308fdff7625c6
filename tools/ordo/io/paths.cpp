#include "io/paths.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>

#include "io/file.hpp"

namespace ordo::tools::io {
namespace {

struct file_id {
  dev_t dev;
  ino_t ino;
  bool operator==(const file_id& o) const { return dev == o.dev && ino == o.ino; }
};

std::optional<file_id> id_of(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;  // /dev/null may take two outputs
  return file_id{st.st_dev, st.st_ino};
}

void check_input(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) fail(path, "is a directory, not a file");
  if (!S_ISREG(st.st_mode)) fail(path, "is not a regular file");
  if (::access(path.c_str(), R_OK) != 0) fail(path, std::string("cannot read: ") + std::strerror(errno));
}

void check_output(const std::string& path) {
  namespace fs = std::filesystem;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) fail(path, "is a directory, not a file");
    if (::access(path.c_str(), W_OK) != 0) fail(path, std::string("cannot write: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) return;  // /dev/null, a FIFO: written in place
  }
  // A regular output is written beside itself and renamed: its directory
  // must exist and take new files.
  std::error_code ec;
  fs::path target = path;
  if (fs::is_symlink(fs::symlink_status(path, ec))) target = fs::weakly_canonical(path, ec);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  struct stat ds {};
  if (::stat(dir.c_str(), &ds) != 0)
    fail(path, "cannot create: the directory " + dir.string() + " does not exist");
  if (!S_ISDIR(ds.st_mode)) fail(path, "cannot create: " + dir.string() + " is not a directory");
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    fail(path, "cannot create: the directory " + dir.string() + " is not writable (" + std::strerror(errno) + ")");
}

// Whether `path` is '-' (stdin or stdout), which may stand only once: the
// second use fails with `why`.
bool std_stream_once(const std::string& path, int& uses, const char* why) {
  if (!is_std_stream(path)) return false;
  if (++uses > 1) fail("-", why);
  return true;
}

}  // namespace

void check_paths(const std::vector<std::string>& inputs, const std::vector<std::string>& outputs, bool in_place) {
  int stdin_uses = 0, stdout_uses = 0;
  for (const std::string& in : inputs) {
    if (in.empty() || std_stream_once(in, stdin_uses, "stdin can be read only once: give at most one input as '-'"))
      continue;
    check_input(in);
  }
  std::vector<std::pair<std::string, file_id>> written;
  std::vector<std::pair<std::string, std::filesystem::path>> created;  // outputs that do not exist yet
  for (const std::string& out : outputs) {
    if (out.empty() || std_stream_once(out, stdout_uses, "only one output can go to stdout ('-')")) continue;
    check_output(out);
    const auto id = id_of(out);
    if (!id) {
      struct stat st {};
      if (::stat(out.c_str(), &st) == 0) continue;  // /dev/null, a FIFO: may take several outputs
      // A new file is no input, but two outputs may still name it (same.txt
      // and ./same.txt): the second rename would replace the first result.
      std::error_code ec;
      std::filesystem::path where = std::filesystem::weakly_canonical(std::filesystem::absolute(out, ec), ec);
      if (ec) where = std::filesystem::absolute(out).lexically_normal();
      for (const auto& [other, other_where] : created)
        if (where == other_where) fail(out, "is the same file as the output " + other + "; give each output its own file");
      created.emplace_back(out, where);
      continue;
    }
    for (const auto& [other, other_id] : written)
      if (*id == other_id) fail(out, "is the same file as the output " + other + "; give each output its own file");
    written.emplace_back(out, *id);
    if (in_place) continue;
    for (const std::string& in : inputs)
      if (!in.empty() && !is_std_stream(in) && id_of(in) == id)
        fail(out, "is the same file as the input " + in +
                      ": writing it would replace the input; pass --in-place to do that on purpose");
  }
}

}  // namespace ordo::tools::io
