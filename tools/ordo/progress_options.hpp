// --progress and --quiet, which every verb takes (compute_progress.hpp).
#pragma once
#include <CLI/CLI.hpp>

#include "compute_progress.hpp"

namespace ordo::tools {

// Call it before add_input_options: that one reuses this --quiet for its notes.
inline void add_progress_options(CLI::App* cmd, progress_flags& f) {
  auto* p = cmd->add_flag("--progress", f.force,
                          "show progress (reading, computing, writing) even when stderr is not a terminal");
  auto* q = cmd->add_flag("--quiet", f.quiet, "print nothing on stderr but errors (no progress, no timing line)");
  p->excludes(q);
}

}  // namespace ordo::tools
