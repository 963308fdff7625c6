// Each verb of the `ordo` program registers itself on the CLI11 app (the
// verbs' files include CLI11; main.cpp, which only names them, does not).
#pragma once
#include <string>

namespace CLI {
class App;
}

namespace ordo::tools {
void add_demo_command(CLI::App& app);  // demo_command.cpp
void add_rank_command(CLI::App& app);  // rank_command.cpp
void add_listrank_command(CLI::App& app);  // listrank_command.cpp
void add_primitives_commands(CLI::App& app);  // primitives_command.cpp (sortidx, scan)
void add_sort_commands(CLI::App& app);        // sort_command.cpp (sort, radius)
void add_segsort_command(CLI::App& app);      // segsort_command.cpp
void add_gen_command(CLI::App& app);          // gen_command.cpp (gen list, gen ksorted)
void add_topk_command(CLI::App& app);         // topk_command.cpp
void add_lexsort_command(CLI::App& app);      // lexsort_command.cpp

// --device cpu|cuda|auto: whether to run on the GPU (listrank_command.cpp).
bool use_gpu(const std::string& device);
}  // namespace ordo::tools
