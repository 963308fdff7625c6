// The `ordo` program: one verb per subcommand (commands.hpp), run by
// run_app (run_app.cpp says how failures end).
#include <string>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "ordo/version.hpp"
#include "run_app.hpp"

int main(int argc, char** argv) {
  CLI::App app{"ordo: parallel ranking and sorting primitives on GPUs and CPUs", "ordo"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(ordo::version));
  ordo::tools::add_demo_command(app);
  ordo::tools::add_rank_command(app);
  ordo::tools::add_listrank_command(app);
  ordo::tools::add_primitives_commands(app);
  ordo::tools::add_sort_commands(app);
  ordo::tools::add_segsort_command(app);
  ordo::tools::add_topk_command(app);
  ordo::tools::add_lexsort_command(app);
  ordo::tools::add_gen_command(app);
  return ordo::tools::run_app(app, argc, argv);
}
