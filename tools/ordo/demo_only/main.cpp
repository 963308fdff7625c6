// ordo-demo: `ordo demo` alone (demo_command.cpp), so that scripts/demo
// prints its first line without compiling the other verbs first (about 300
// of the `ordo` program's 600 CPU-seconds on a 2-core machine).
// `ordo-demo ARGS` is `ordo demo ARGS`.
#include <vector>

#include "commands.hpp"
#include "run_app.hpp"

int main(int argc, char** argv) {
  std::vector<char*> args{argv[0], const_cast<char*>("demo")};
  args.insert(args.end(), argv + 1, argv + argc);
  return ordo::tools::run_app({"ordo-demo: ordo demo", "ordo-demo"}, {ordo::tools::add_demo_command},
                              int(args.size()), args.data());
}
