// Each verb of the `ordo` program registers itself on the CLI11 app.
#pragma once
#include <CLI/CLI.hpp>

namespace ordo::tools {
void add_demo_command(CLI::App& app);  // demo_command.cpp
void add_rank_command(CLI::App& app);  // rank_command.cpp
}  // namespace ordo::tools
