// `ordo listrank INPUT -o OUTPUT`: rank the nodes of the lists in a successor
// array: each node's 0-based distance from the head of its list.
//   succ[i] = the next node, or -1 (all bits set) at the end of a list
// The input is validated by default (out-of-range links, shared successors,
// cycles; with --single, more than one list); --no-validate skips that.
#include <chrono>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "compute_progress.hpp"
#include "input_options.hpp"
#include "io/io.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/list_rank.hpp"
#include "progress_options.hpp"

namespace ordo::tools {
namespace {

struct listrank_args {
  std::string input, output, device = "auto", variant = "auto", runs = "detect", output_format;
  input_args in;
  std::string rank_type = "int64";
  bool no_validate = false, single = false;
  int threads = 0;
  progress_flags progress;
};

template <class Index, class Rank>
void run(bool gpu, int threads, const list_options& o, std::span<const Index> succ, std::span<Rank> ranks) {
  if (!gpu) return list_rank(cpu{threads}, succ, ranks, o);
  device_buffer<Index> d_succ(succ);
  device_buffer<Rank> d_ranks(succ.size());
  list_rank(cuda{}, std::as_const(d_succ).span(), d_ranks.span(), o);
  detail::device_synchronize();
  d_ranks.download(ranks);
}

// The first m nodes as a list of their own, for the progress estimate: links
// that leave the prefix end their list there (a forest stays a forest).
template <class Index>
std::vector<Index> list_prefix(std::span<const Index> succ, std::uint64_t m) {
  using U = std::make_unsigned_t<Index>;
  std::vector<Index> p(succ.begin(), succ.begin() + std::ptrdiff_t(m));
  for (auto& s : p)
    if (static_cast<U>(s) >= m) s = list_end<Index>;
  return p;
}

template <class Index, class Rank>
void run_shown(bool gpu, const listrank_args& a, const list_options& o, std::span<const Index> succ,
               std::span<Rank> ranks) {
  compute_task task{"ranking " + std::to_string(succ.size()) + " list nodes", "nodes", succ.size(), growth::linear,
                    nullptr};
  if (!gpu)
    task.probe = [&](std::uint64_t m) {
      const std::vector<Index> prefix = list_prefix(succ, m);
      std::vector<Rank> scratch(m);
      list_options po = o;
      po.validate = true;  // a cycle in the prefix must not run away
      po.shape = list_shape::forest;
      run<Index, Rank>(false, a.threads, po, std::span<const Index>(prefix), std::span<Rank>(scratch));
    };
  run_with_progress(progress_shown(a.progress), task, [&] { run<Index, Rank>(gpu, a.threads, o, succ, ranks); });
}

void run_listrank(const listrank_args& a) {
  const bool gpu = use_gpu(a.device);
  list_options o;
  o.variant = parse_list_variant(a.variant.c_str());
  o.validate = !a.no_validate;
  o.runs = parse_list_runs(a.runs.c_str());
  o.shape = a.single ? list_shape::single : list_shape::forest;
  const io::dtype rank_type = io::parse_dtype(a.rank_type, "--rank-type");
  if (!io::is_list_index(rank_type))
    throw error(errc::invalid_argument, "--rank-type must be an integer type (" + io::list_index_names() + ")");

  io::read_options in = read_options_of(a.in);
  in.progress = io::progress_policy{progress_shown(a.progress)};
  io::write_options out;
  out.progress = in.progress;
  out.format = !a.output_format.empty() ? io::parse_format(a.output_format, "--output-format")
                                        : io::format_from_extension(a.output, "--output-format");
  check_files({a.input}, {a.output}, a.in);

  const auto t0 = std::chrono::steady_clock::now();
  const io::column succ = io::read_column(a.input, in);
  if (!io::is_list_index(succ.type()))
    throw error(errc::invalid_argument, std::string("listrank: successors must be integers (") +
                                            io::list_index_names() + "), got " + succ.dtype_name());
  io::column ranks = io::make_column(rank_type, succ.size());
  std::visit(
      [&](const auto& s, auto& r) {
        using Index = typename std::decay_t<decltype(s)>::value_type;
        using Rank = typename std::decay_t<decltype(r)>::value_type;
        if constexpr (io::is_list_index_v<Index> && io::is_list_index_v<Rank>)
          run_shown<Index, Rank>(gpu, a, o, std::span<const Index>(s), std::span<Rank>(r));
      },
      succ.data, ranks.data);
  io::write_column(a.output, ranks, out);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (!a.progress.quiet)
    std::fprintf(stderr, "ordo listrank: n=%zu succ=%s ranks=%s device=%s variant=%s%s: %.3f ms (with I/O)\n",
                 succ.size(), succ.dtype_name(), ranks.dtype_name(), gpu ? "cuda" : "cpu", a.variant.c_str(),
                 o.validate ? " validated" : "", ms);
}

}  // namespace

bool use_gpu(const std::string& device) {
  if (device == "cuda") {
    if (!cuda_available()) throw error(errc::not_supported, "--device cuda: " + cuda_unavailable_reason());
    return true;
  }
  if (device == "auto") return cuda_available();
  if (device != "cpu") throw error(errc::invalid_argument, "--device: unknown device '" + device + "' (expected cpu, cuda or auto)");
  return false;
}

void add_listrank_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "listrank", "rank the nodes of linked lists given as a successor array (0-based distance from the head)");
  auto a = std::make_shared<listrank_args>();
  cmd->add_option("input", a->input, "successors: .npy, .bin/.raw (with --dtype), or .txt/.csv; -1 ends a list")
      ->required();
  cmd->add_option("-o,--output", a->output, "where the ranks go; the format follows its extension")->required();
  cmd->add_option("--variant", a->variant, "auto, sequential, helman_jaja (CPU); rhj, wyllie, single_block (GPU)");
  cmd->add_option("--runs", a->runs,
                  "GPU: detect, contract or keep runs of consecutive indices (succ[i] == i + 1)");
  cmd->add_flag("--no-validate", a->no_validate, "skip the input checks (bad input then gives unspecified ranks)");
  cmd->add_flag("--single", a->single, "the input is one list: more than one head is an error");
  add_device_options(cmd, a->device, a->threads);
  add_progress_options(cmd, a->progress);
  add_input_options(cmd, a->in, "successor");
  cmd->add_option("--output-format", a->output_format, "output format npy, bin or text; default from the extension");
  cmd->add_option("--rank-type", a->rank_type, io::list_index_names() + "; default int64");
  cmd->callback([a] { run_listrank(*a); });
}

}  // namespace ordo::tools
