// The checks every verb makes on its file names before it reads or computes
// anything, so that a bad -o fails at once and not after the work.
#pragma once
#include <string>
#include <vector>

namespace ordo::tools::io {

// Throws ordo::error(io_error) naming the file when
//   - an input is missing, unreadable, or a directory ("is a directory");
//   - an output is a directory, an existing file that cannot be written, or
//     lies in a directory that is missing or not writable;
//   - an output is the same file as an input (same device and inode, so also
//     through symlinks, hard links and other spellings of the path), unless
//     `in_place`; or two outputs are the same file;
//   - "-" (stdin/stdout) is given for more than one input or output.
// Empty names are skipped (optional files not given).
void check_paths(const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                 bool in_place = false);

}  // namespace ordo::tools::io
