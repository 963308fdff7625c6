// The `ordo` program: one verb per subcommand (commands.hpp). Every failure
// ends as "ordo: <message>" on stderr and a non-zero exit: 2 for an
// ordo::error (bad file, bad option, unsorted input...), CLI11's own code for
// a command line it cannot parse.
#include <exception>
#include <iostream>
#include <new>
#include <string>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "ordo/error.hpp"
#include "ordo/version.hpp"

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
  ordo::tools::add_gen_command(app);
  try {
    app.parse(argc, argv);  // runs the chosen verb's callback too
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    std::cerr << "ordo: " << e.what() << "\nRun with --help for more information.\n";
    return e.get_exit_code();
  } catch (const ordo::error& e) {
    std::cerr << e.what() << "\n";  // what() already begins with "ordo: "
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "ordo: out of memory\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "ordo: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
