// The `ordo` program's main loop, shared with ordo-demo (demo_only/main.cpp).
// CLI11 is only declared here: including it costs about 11 s of compile time
// a file (a header-only library), so the two main()s go without it.
#pragma once
#include <initializer_list>

namespace CLI {
class App;
}

namespace ordo::tools {
// A verb's registration on the app (commands.hpp).
using add_verb = void (*)(CLI::App&);

struct app_info {
  const char* description;
  const char* name;
  const char* version = nullptr;  // --version prints it, where given
};

// Makes the app with `verbs` (exactly one of them must be given), parses argv
// into it (running the chosen verb) and returns the exit code.
int run_app(const app_info& info, std::initializer_list<add_verb> verbs, int argc, char** argv);
}  // namespace ordo::tools
