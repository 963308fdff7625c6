// `ordo lexsort INPUT --column a,b [--descending [COLS]] [--nan-first [COLS]]
// -o PERM`: the stable sorting permutation of the rows over key columns
// (ordo::lexsort_idx), the FIRST column primary (pandas sort_values(by=...);
// numpy.lexsort and Python's ordo.lexsort take the last key as primary).
// Written as 0-based int64 row indices. Runs on the GPU when there is one.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "compute_progress.hpp"
#include "input_options.hpp"
#include "key_columns.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/lexsort.hpp"
#include "progress_options.hpp"

namespace ordo::tools {
namespace {

struct lexsort_args {
  std::string input, output, output_format, device = "auto", descending, nan_first;
  input_args in;
  CLI::Option *descending_opt = nullptr, *nan_first_opt = nullptr;
  int threads = 0;
  progress_flags progress;
};

// perm: int64's bits (row indices < 2^63).
void lexsort_on(bool gpu, int threads, std::span<const sort_key> keys, std::span<std::int64_t> perm) {
  const auto p = std::span<std::uint64_t>(reinterpret_cast<std::uint64_t*>(perm.data()), perm.size());
  if (!gpu) return lexsort_idx(cpu{threads}, keys, p);
  device_buffer<std::uint64_t> d_perm(perm.size());
  lexsort_idx(cuda{}, keys, d_perm.span());
  detail::device_synchronize();
  d_perm.download(p);
}

void run_lexsort(const lexsort_args& a) {
  const bool gpu = use_gpu(a.device);
  const std::vector<std::string> names = split_column_names(a.in.column);
  const std::vector<bool> desc = columns_flagged(a.descending_opt, a.descending, names);
  const std::vector<bool> nan_first = columns_flagged(a.nan_first_opt, a.nan_first, names);
  io::write_options out;
  out.format = !a.output_format.empty() ? io::parse_format(a.output_format, "--output-format")
                                        : io::format_from_extension(a.output, "--output-format");
  check_files({a.input}, {a.output}, a.in);
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<io::column> cols = read_key_columns(a.input, a.in, names);
  const std::size_t n = cols.front().size();
  io::column perm = io::make_column(io::dtype::int64, n);
  auto& p = std::get<std::vector<std::int64_t>>(perm.data);
  {
    const key_columns_view view(cols, desc, nan_first, gpu);
    const compute_task task{"sorting " + std::to_string(n) + " rows by " + std::to_string(cols.size()) +
                                " key column" + (cols.size() == 1 ? "" : "s"),
                            "rows", n, growth::n_log_n, nullptr};
    run_with_progress(progress_shown(a.progress), task,
                      [&] { lexsort_on(gpu, a.threads, view.keys(), std::span<std::int64_t>(p)); });
  }
  io::write_column(a.output, perm, out);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (!a.progress.quiet)
    std::fprintf(stderr, "ordo lexsort: n=%zu columns=%zu device=%s: %.3f ms (with I/O)\n", n, cols.size(),
                 gpu ? "cuda" : "cpu", ms);
}

}  // namespace

void add_lexsort_command(CLI::App& app) {
  auto a = std::make_shared<lexsort_args>();
  auto* cmd = app.add_subcommand(
      "lexsort", "the stable sorting permutation of the rows over key columns (0-based, int64), the first column primary");
  add_keys_and_output(cmd, a->input, a->output, "where the permutation goes");
  cmd->add_option("--output-format", a->output_format, "output format npy, bin or text; default from the extension");
  a->descending_opt = add_columns_option(cmd, "--descending", a->descending,
                                         "largest first: alone every key column, or the columns it lists (a,b)");
  a->nan_first_opt = add_columns_option(cmd, "--nan-first", a->nan_first,
                                        "NaN before every number (default after, whatever the direction): alone "
                                        "every key column, or the columns it lists");
  add_device_options(cmd, a->device, a->threads);
  add_progress_options(cmd, a->progress);
  add_input_options(cmd, a->in, "key");
  cmd->get_option("--column")
      ->description("text input: the key columns, comma-separated (a,b: by a, then by b), by header name or 0-based "
                    "index; up to 8");
  cmd->callback([a] { run_lexsort(*a); });
}

}  // namespace ordo::tools
