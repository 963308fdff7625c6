// `ordo demo`: the main job (placeholder until the GPU demo lands).
#include <iostream>

#include "commands.hpp"

namespace ordo::tools {
void add_demo_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("demo", "generate data, run every capability, verify and time it");
  cmd->callback([] { std::cout << "demo: not yet implemented\n"; });
}
}  // namespace ordo::tools
