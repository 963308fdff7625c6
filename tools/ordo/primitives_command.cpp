// `ordo sortidx INPUT -o PERM [--sorted FILE] [--descending]`: the stable
// sorting permutation of the keys (argsort), optionally the sorted keys too.
// `ordo scan INPUT -o OUTPUT [--op plus|min|max] [--exclusive]`: the prefix
// of the values. Both run on the GPU when there is one (--device).
#include <chrono>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <utility>

#include "commands.hpp"
#include "input_options.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/primitives.hpp"

namespace ordo::tools {
namespace {

struct prim_args {
  std::string input, output, sorted, device = "auto", variant = "auto", op = "plus";
  input_args in;
  bool descending = false, exclusive = false;
  int threads = 0;
};

template <class K, class Compare>
void sort_idx_on(bool gpu, const prim_args& a, std::span<const K> keys, std::span<std::int64_t> perm,
                 std::span<K> sorted, Compare comp) {
  const sort_idx_options o{parse_sort_idx_variant(a.variant.c_str())};
  auto p = std::span<std::uint64_t>(reinterpret_cast<std::uint64_t*>(perm.data()), perm.size());
  if (!gpu) return sort_idx(cpu{a.threads}, keys, p, sorted, comp, o);
  device_buffer<K> d_keys(keys), d_sorted(sorted.empty() ? 0 : keys.size());
  device_buffer<std::uint64_t> d_perm(keys.size());
  sort_idx(cuda{}, std::as_const(d_keys).span(), d_perm.span(), d_sorted.span(), comp, o);
  detail::device_synchronize();
  d_perm.download(p);
  if (!sorted.empty()) d_sorted.download(sorted);
}

void run_sortidx(const prim_args& a) {
  const bool gpu = use_gpu(a.device);
  check_files({a.input}, {a.output, a.sorted}, a.in);
  const auto t0 = std::chrono::steady_clock::now();
  const io::column keys = read_input(a.input, a.in);
  io::column perm = io::make_column(io::dtype::int64, keys.size());
  io::column sorted = io::make_column(keys.type(), a.sorted.empty() ? 0 : keys.size());
  std::visit(
      [&](const auto& k) {
        using K = typename std::decay_t<decltype(k)>::value_type;
        auto& s = std::get<std::vector<K>>(sorted.data);
        auto& p = std::get<std::vector<std::int64_t>>(perm.data);
        if (a.descending) sort_idx_on<K>(gpu, a, std::span<const K>(k), std::span<std::int64_t>(p), std::span<K>(s), greater{});
        else sort_idx_on<K>(gpu, a, std::span<const K>(k), std::span<std::int64_t>(p), std::span<K>(s), less{});
      },
      keys.data);
  io::write_column(a.output, perm, {});
  if (!a.sorted.empty()) io::write_column(a.sorted, sorted, {});
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "ordo sortidx: n=%zu keys=%s device=%s: %.3f ms (with I/O)\n", keys.size(), keys.dtype_name(),
               gpu ? "cuda" : "cpu", ms);
}

template <class T, class Op>
void scan_on(bool gpu, const prim_args& a, std::span<const T> in, std::span<T> out, Op op) {
  const scan_options o{a.exclusive ? scan_kind::exclusive : scan_kind::inclusive};
  if (!gpu) return scan(cpu{a.threads}, in, out, op, o);
  device_buffer<T> d_in(in), d_out(in.size());
  scan(cuda{}, std::as_const(d_in).span(), d_out.span(), op, o);
  detail::device_synchronize();
  d_out.download(out);
}

void run_scan(const prim_args& a) {
  const bool gpu = use_gpu(a.device);
  check_files({a.input}, {a.output}, a.in);
  const io::column in = read_input(a.input, a.in);
  io::column out = io::make_column(in.type(), in.size());
  std::visit(
      [&](const auto& v) {
        using T = typename std::decay_t<decltype(v)>::value_type;
        auto& o = std::get<std::vector<T>>(out.data);
        const std::span<const T> s(v);
        if (a.op == "plus") scan_on(gpu, a, s, std::span<T>(o), plus{});
        else if (a.op == "min") scan_on(gpu, a, s, std::span<T>(o), minimum{});
        else if (a.op == "max") scan_on(gpu, a, s, std::span<T>(o), maximum{});
        else throw error(errc::invalid_argument, "--op: expected plus, min or max, got '" + a.op + "'");
      },
      in.data);
  io::write_column(a.output, out, {});
}

void add_io_options(CLI::App* cmd, prim_args& a) {
  add_device_options(cmd, a.device, a.threads);
  add_input_options(cmd, a.in);
}

}  // namespace

void add_primitives_commands(CLI::App& app) {
  {
    auto a = std::make_shared<prim_args>();
    auto* cmd = app.add_subcommand("sortidx", "the stable sorting permutation of the keys (argsort, 0-based, int64)");
    cmd->add_option("input", a->input, "keys: .npy, .bin/.raw (with --dtype), or .txt/.csv")->required();
    cmd->add_option("-o,--output", a->output, "where the permutation goes; the format follows its extension")->required();
    cmd->add_option("--sorted", a->sorted, "also write the sorted keys here");
    cmd->add_flag("--descending", a->descending, "largest first (NaN first); default ascending (NaN last)");
    cmd->add_option("--variant", a->variant, "auto, merge_path, binary_search (the paper's Listing 2) or sample_sort (GPU, 32-bit integer keys)");
    add_io_options(cmd, *a);
    cmd->callback([a] { run_sortidx(*a); });
  }
  {
    auto a = std::make_shared<prim_args>();
    auto* cmd = app.add_subcommand("scan", "the prefix sum (or min, max) of the values");
    cmd->add_option("input", a->input, "values: .npy, .bin/.raw (with --dtype), or .txt/.csv")->required();
    cmd->add_option("-o,--output", a->output, "where the prefix goes; the format follows its extension")->required();
    cmd->add_option("--op", a->op, "plus (default), min or max");
    cmd->add_flag("--exclusive", a->exclusive, "exclusive prefix (starts from the operator's identity)");
    add_io_options(cmd, *a);
    cmd->callback([a] { run_scan(*a); });
  }
}

}  // namespace ordo::tools
