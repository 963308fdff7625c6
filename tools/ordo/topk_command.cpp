// `ordo topk INPUT -k K [--smallest] -o VALUES [--indices IDX]`: the k
// largest (or smallest) keys of a column, largest (smallest) first, and
// their 0-based row indices (int64), as torch.topk gives them: ties broken by
// the lower row index, NaN the largest key, -0.0 tied with +0.0. Runs on the
// GPU when there is one.
#include <chrono>
#include <cstdint>
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
#include "option_checks.hpp"
#include "ordo/detail/key_dtypes.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/topk.hpp"
#include "progress_options.hpp"

namespace ordo::tools {
namespace {

struct topk_args {
  std::string input, output, indices, output_format, device = "auto";
  input_args in;
  std::uint64_t k = 0;
  bool smallest = false;
  int threads = 0;
  progress_flags progress;
};

template <class Key>
void topk_on(bool gpu, const topk_args& a, std::span<const Key> keys, std::span<Key> values,
             std::span<std::int64_t> indices) {
  const topk_options o{!a.smallest};
  if (!gpu) return topk(cpu{a.threads}, keys, a.k, values, indices, o);
  device_buffer<Key> d_keys(keys), d_values(values.size());
  device_buffer<std::int64_t> d_indices(indices.size());
  topk(cuda{}, std::as_const(d_keys).span(), a.k, d_values.span(), d_indices.span(), o);
  detail::device_synchronize();
  d_values.download(values);
  d_indices.download(indices);
}

void run_topk(const topk_args& a) {
  if (a.k == 0) throw error(errc::invalid_argument, "-k 0: ask for at least one key");
  const bool gpu = use_gpu(a.device);
  io::write_options out;
  out.format = !a.output_format.empty() ? io::parse_format(a.output_format, "--output-format")
                                        : io::format_from_extension(a.output, "--output-format");
  io::write_options out_indices;
  if (!a.indices.empty()) out_indices.format = io::format_from_extension(a.indices, "--indices");
  check_files({a.input}, {a.output, a.indices}, a.in);
  const auto t0 = std::chrono::steady_clock::now();
  const io::column keys = read_input(a.input, a.in);
  if (!io::is_wide(keys.type()))
    throw error(errc::invalid_argument, std::string("topk: ") + keys.dtype_name() + " keys are not taken (" +
                                            ordo::detail::wide_numpy_names() + "); read them with a wider --dtype");
  if (a.k > keys.size())
    throw error(errc::invalid_argument, "topk: -k " + std::to_string(a.k) + " is larger than the " +
                                            std::to_string(keys.size()) + " keys of " + a.input);
  io::column values = io::make_column(keys.type(), a.k);
  io::column indices = io::make_column(io::dtype::int64, a.k);
  std::visit(
      [&](const auto& k, auto& v) {
        using Key = typename std::decay_t<decltype(k)>::value_type;
        if constexpr (std::is_same_v<Key, typename std::decay_t<decltype(v)>::value_type> &&
                      ordo::detail::is_wide_key<Key>()) {
          auto& i = std::get<std::vector<std::int64_t>>(indices.data);
          const compute_task task{"selecting the " + std::to_string(a.k) + (a.smallest ? " smallest" : " largest") +
                                      " of " + std::to_string(k.size()) + " keys",
                                  "keys", k.size(), growth::linear, nullptr};
          run_with_progress(progress_shown(a.progress), task, [&] {
            topk_on<Key>(gpu, a, std::span<const Key>(k), std::span<Key>(v), std::span<std::int64_t>(i));
          });
        }
      },
      keys.data, values.data);
  io::write_column(a.output, values, out);
  if (!a.indices.empty()) io::write_column(a.indices, indices, out_indices);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (!a.progress.quiet)
    std::fprintf(stderr, "ordo topk: n=%zu k=%llu %s keys=%s device=%s: %.3f ms (with I/O)\n", keys.size(),
                 static_cast<unsigned long long>(a.k), a.smallest ? "smallest" : "largest", keys.dtype_name(),
                 gpu ? "cuda" : "cpu", ms);
}

}  // namespace

void add_topk_command(CLI::App& app) {
  auto a = std::make_shared<topk_args>();
  auto* cmd = app.add_subcommand(
      "topk", "the k largest (or smallest) keys, in order, and their row indices (torch.topk; ties: lower row first)");
  add_keys_and_output(cmd, a->input, a->output, "where the k keys go");
  cmd->add_option("-k", a->k, "how many keys (1 to the number of keys)")->required()->check(non_negative);
  cmd->add_flag("--smallest", a->smallest, "the k smallest keys, smallest first (default: the largest, largest first)");
  cmd->add_option("--indices", a->indices, "also write the keys' 0-based row indices (int64) here");
  cmd->add_option("--output-format", a->output_format, "format of -o: npy, bin or text; default from the extension");
  add_device_options(cmd, a->device, a->threads);
  add_progress_options(cmd, a->progress);
  add_input_options(cmd, a->in, "key");
  cmd->callback([a] { run_topk(*a); });
}

}  // namespace ordo::tools
