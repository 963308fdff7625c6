// `ordo gen list --n N -o FILE`: a successor array from the list generators
// (random, ordered, or a forest of random lists; seed 003's Fig. 1 inputs).
// `ordo gen ksorted --n N --k K -o FILE`: keys of radius exactly K (seed 002's
// generator, or disjoint shuffled blocks).
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <variant>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "compute_progress.hpp"
#include "io/io.hpp"
#include "option_checks.hpp"
#include "ordo/error.hpp"
#include "ordo/ksorted_gen.hpp"
#include "ordo/list_gen.hpp"
#include "progress_options.hpp"

namespace ordo::tools {
namespace {

struct gen_list_args {
  std::string kind = "random", output, dtype = "int64";
  std::uint64_t n = 0, lists = 1, seed = 1;
  progress_flags progress;
};

void run_gen_list(const gen_list_args& a) {
  const io::dtype t = io::parse_dtype(a.dtype, "--dtype");
  if (t != io::dtype::int32 && t != io::dtype::int64)
    throw error(errc::invalid_argument, "--dtype must be int32 or int64 for successor arrays");
  io::check_paths({}, {a.output});
  auto make = [&](auto tag) {
    using I = decltype(tag);
    if (a.kind == "random") return gen::random_list<I>(a.n, a.seed);
    if (a.kind == "ordered") return gen::ordered_list<I>(a.n);
    if (a.kind == "forest") return gen::random_forest<I>(a.n, a.lists, a.seed);
    throw error(errc::invalid_argument, "gen list --kind: expected random, ordered or forest, got '" + a.kind + "'");
  };
  io::column c;
  // No prefix to time a generator on: the bar shows the elapsed time only.
  run_with_progress(progress_shown(a.progress), {"generating a list of " + std::to_string(a.n) + " nodes", "nodes", a.n},
                    [&] {
                      if (t == io::dtype::int32) c.data = make(std::int32_t{});
                      else c.data = make(std::int64_t{});
                    });
  io::write_options out;
  out.progress = io::progress_policy{progress_shown(a.progress)};
  io::write_column(a.output, c, out);
}

struct gen_ksorted_args {
  std::string shuffle = "paper", output, dtype = "uint32";
  std::uint64_t n = 0, k = 0, seed = 1;
  progress_flags progress;
};

void run_gen_ksorted(const gen_ksorted_args& a) {
  gen::ksorted_shuffle how;
  if (a.shuffle == "paper") how = gen::ksorted_shuffle::paper;
  else if (a.shuffle == "blocks") how = gen::ksorted_shuffle::blocks;
  else throw error(errc::invalid_argument, "gen ksorted --shuffle: expected paper or blocks, got '" + a.shuffle + "'");
  if (a.n >= 2 && a.k >= a.n)
    throw error(errc::invalid_argument, "gen ksorted: --k " + std::to_string(a.k) + " must be less than --n " +
                                            std::to_string(a.n) + " (the largest radius of n keys is n - 1)");
  io::column c = io::make_column(io::parse_dtype(a.dtype, "--dtype"), 0);
  io::check_paths({}, {a.output});
  run_with_progress(progress_shown(a.progress), {"generating " + std::to_string(a.n) + " keys", "keys", a.n}, [&] {
    std::visit(
        [&](auto& v) {
          using T = typename std::decay_t<decltype(v)>::value_type;
          if constexpr (std::is_same_v<T, bool>)
            throw error(errc::invalid_argument, "gen ksorted: bool keys cannot have a radius of K (two values)");
          else v = gen::ksorted<T>(a.n, a.k, a.seed, how);
        },
        c.data);
  });
  io::write_options out;
  out.progress = io::progress_policy{progress_shown(a.progress)};
  io::write_column(a.output, c, out);
}

}  // namespace

void add_gen_command(CLI::App& app) {
  auto* gen = app.add_subcommand("gen", "write generated inputs");
  gen->require_subcommand(1);
  {
    auto* cmd = gen->add_subcommand("list", "a successor array: random, ordered, or a forest of random lists");
    auto a = std::make_shared<gen_list_args>();
    cmd->add_option("--kind", a->kind, "random (default), ordered or forest");
    cmd->add_option("--n", a->n, "number of nodes")->required()->check(non_negative);
    cmd->add_option("--lists", a->lists, "forest: number of lists")->check(non_negative);
    cmd->add_option("--seed", a->seed, "random seed (default 1)")->check(non_negative);
    cmd->add_option("--dtype", a->dtype, "int32 or int64 (default)");
    cmd->add_option("-o,--output", a->output, "output file; the format follows its extension")->required();
    add_progress_options(cmd, a->progress);
    cmd->callback([a] { run_gen_list(*a); });
  }
  {
    auto* cmd = gen->add_subcommand("ksorted", "keys whose radius is exactly K (k-sorted, not (K-1)-sorted)");
    auto a = std::make_shared<gen_ksorted_args>();
    cmd->add_option("--n", a->n, "number of keys")->required()->check(non_negative);
    cmd->add_option("--k", a->k, "the radius (0: sorted)")->required()->check(non_negative);
    cmd->add_option("--shuffle", a->shuffle,
                    "paper (default: swap a_p, a_q at distance K, shuffle runs of at most K+1) or blocks");
    cmd->add_option("--seed", a->seed, "random seed (default 1)")->check(non_negative);
    cmd->add_option("--dtype", a->dtype, io::dtype_names() + "; default uint32");
    cmd->add_option("-o,--output", a->output, "output file; the format follows its extension")->required();
    add_progress_options(cmd, a->progress);
    cmd->callback([a] { run_gen_ksorted(*a); });
  }
}

}  // namespace ordo::tools
