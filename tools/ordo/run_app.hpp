// The `ordo` program's main loop, shared with ordo-demo (demo_only/main.cpp).
#pragma once
#include <CLI/CLI.hpp>

namespace ordo::tools {
// Parses argv into app (running the chosen verb) and returns the exit code.
int run_app(CLI::App& app, int argc, char** argv);
}  // namespace ordo::tools
