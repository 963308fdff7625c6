// Runs the `ordo` program's app (or ordo-demo's): every failure ends as
// "ordo: <message>" on stderr and a non-zero exit: 2 for an ordo::error (bad
// file, bad option, unsorted input...), CLI11's own code for a command line it
// cannot parse. A command line without the verb it needs ("ordo", "ordo gen")
// prints the help on stdout and exits 1, as git does: there was nothing to run.
#include <exception>
#include <iostream>
#include <new>
#include <string>

#include <CLI/CLI.hpp>

#include "run_app.hpp"
#include "ordo/error.hpp"

namespace {
// The (sub)command that was given without the verb it needs ("ordo", "ordo
// gen"), when that is the parse error; nullptr otherwise.
const CLI::App* missing_verb(const CLI::App& app, const CLI::ParseError& e) {
  if (std::string(e.what()) != "A subcommand is required") return nullptr;
  const CLI::App* at = &app;
  for (;;) {
    const auto chosen = at->get_subcommands();
    if (chosen.empty()) return at;
    at = chosen.front();
  }
}
}  // namespace

int ordo::tools::run_app(const app_info& info, std::initializer_list<add_verb> verbs, int argc, char** argv) {
  CLI::App app{info.description, info.name};
  app.require_subcommand(1);
  if (info.version) app.set_version_flag("--version", std::string(info.version));
  for (add_verb add : verbs) add(app);
  try {
    app.parse(argc, argv);  // runs the chosen verb's callback too
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    if (const CLI::App* verbless = missing_verb(app, e)) {
      std::cout << verbless->help();
      return 1;
    }
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
