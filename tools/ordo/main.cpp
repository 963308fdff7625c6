// The `ordo` program: one verb per subcommand (commands.hpp), run by
// run_app (run_app.cpp says how failures end).
#include "commands.hpp"
#include "ordo/version.hpp"
#include "run_app.hpp"

int main(int argc, char** argv) {
  using namespace ordo::tools;
  return run_app({"ordo: parallel ranking and sorting primitives on GPUs and CPUs", "ordo", ordo::version},
                 {add_demo_command, add_rank_command, add_listrank_command, add_primitives_commands,
                  add_sort_commands, add_segsort_command, add_topk_command, add_lexsort_command, add_gen_command},
                 argc, argv);
}
