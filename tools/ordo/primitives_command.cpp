// `ordo sortidx INPUT -o PERM [--sorted FILE] [--descending]`: the stable
// sorting permutation of the keys (argsort), optionally the sorted keys too.
// `ordo scan INPUT -o OUTPUT [--op plus|min|max|fmin|fmax] [--exclusive]
// [--dtype-out TYPE]`: the prefix of the values, as numpy's cumsum and
// minimum/maximum/fmin/fmax.accumulate (min/max propagate NaN, fmin/fmax skip
// it), in numpy's accumulator type unless --dtype-out names one. Both run on
// the GPU when there is one (--device).
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
#include "ordo/device_buffer.hpp"
#include "ordo/primitives.hpp"
#include "progress_options.hpp"

namespace ordo::tools {
namespace {

struct prim_args {
  std::string input, output, sorted, device = "auto", variant = "auto", op = "plus", dtype_out;
  input_args in;
  bool descending = false, exclusive = false;
  int threads = 0;
  progress_flags progress;
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
  parse_sort_idx_variant(a.variant.c_str());  // a bad name fails now, not after reading the keys
  check_files({a.input}, {a.output, a.sorted}, a.in);
  const auto t0 = std::chrono::steady_clock::now();
  const io::column keys = read_input(a.input, a.in);
  io::column perm = io::make_column(io::dtype::int64, keys.size());
  io::column sorted = io::make_column(keys.type(), a.sorted.empty() ? 0 : keys.size());
  std::visit(
      [&](const auto& k) {
        using K = typename std::decay_t<decltype(k)>::value_type;
        auto& s = std::get<io::vector_of<K>>(sorted.data);
        auto& p = std::get<std::vector<std::int64_t>>(perm.data);
        const std::span<const K> ks(k);
        auto sort_idx_of = [&](bool on_gpu, std::span<const K> in, std::span<std::int64_t> perm_out, std::span<K> sorted_out) {
          if (a.descending) sort_idx_on<K>(on_gpu, a, in, perm_out, sorted_out, greater{});
          else sort_idx_on<K>(on_gpu, a, in, perm_out, sorted_out, less{});
        };
        compute_task task{"sorting " + std::to_string(ks.size()) + " keys (argsort)", "keys", ks.size(), growth::n_log_n,
                          nullptr};
        if (!gpu)
          task.probe = [&](std::uint64_t m) {
            std::vector<std::int64_t> scratch(m);
            sort_idx_of(false, ks.first(m), std::span<std::int64_t>(scratch), std::span<K>());
          };
        run_with_progress(progress_shown(a.progress), task,
                          [&] { sort_idx_of(gpu, ks, std::span<std::int64_t>(p), std::span<K>(s)); });
      },
      keys.data);
  io::write_column(a.output, perm, {});
  if (!a.sorted.empty()) io::write_column(a.sorted, sorted, {});
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (!a.progress.quiet)
    std::fprintf(stderr, "ordo sortidx: n=%zu keys=%s device=%s: %.3f ms (with I/O)\n", keys.size(), keys.dtype_name(),
                 gpu ? "cuda" : "cpu", ms);
}

template <class In, class Acc, class Op>
void scan_on(bool gpu, const prim_args& a, std::span<const In> in, std::span<Acc> out, Op op) {
  const scan_options o{a.exclusive ? scan_kind::exclusive : scan_kind::inclusive};
  if (!gpu) return scan(cpu{a.threads}, in, out, op, o);
  device_buffer<In> d_in(in);
  device_buffer<Acc> d_out(in.size());
  scan(cuda{}, std::as_const(d_in).span(), d_out.span(), op, o);
  detail::device_synchronize();
  d_out.download(out);
}

template <class In, class Acc>
void scan_with_op(bool gpu, const prim_args& a, std::span<const In> in, std::span<Acc> out) {
  if (a.op == "plus") return scan_on(gpu, a, in, out, plus{});
  if constexpr (!std::is_same_v<In, Acc>) return;  // a promoted pair: only plus (run_scan converts otherwise)
  else if (a.op == "min") scan_on(gpu, a, in, out, minimum{});
  else if (a.op == "max") scan_on(gpu, a, in, out, maximum{});
  else if (a.op == "fmin") scan_on(gpu, a, in, out, fmin{});
  else scan_on(gpu, a, in, out, fmax{});
}

// The output (and accumulator) type: --dtype-out, else numpy's (a sum of
// int32 is int64, of uint32 uint64; min and max keep the input's type).
io::dtype scan_out_type(const prim_args& a, io::dtype in) {
  if (!a.dtype_out.empty()) {
    // numpy's cumsum(dtype=) casts unsafely (1.5 -> 1, -1 -> 2^64 - 1,
    // 2^63 -> -2^63): refuse the casts that can change a value's meaning.
    const io::dtype t = io::parse_dtype(a.dtype_out, "--dtype-out");
    const bool int_in = !io::is_floating(in), int_out = !io::is_floating(t);
    const bool signed_in = int_in && io::is_signed(in), signed_out = int_out && io::is_signed(t);
    const bool narrower = int_in && int_out && io::element_size(t) < io::element_size(in);
    const bool unsigned_to_signed = int_in && !signed_in && signed_out && io::element_size(t) <= io::element_size(in);
    if ((!int_in && int_out) || (signed_in && int_out && !signed_out) || narrower || unsigned_to_signed)
      throw error(errc::invalid_argument, std::string("--dtype-out ") + io::to_string(t) + " could change " +
                                              io::to_string(in) + " values; convert the input first if that is meant");
    return t;
  }
  if (a.op != "plus") return in;
  return io::visit_dtype(in, []<class T>() { return io::dtype_of<sum_accumulator_t<T>>(); });
}

// The (In, Acc) pairs with In != Acc whose GPU scan libordo holds: numpy's
// promotions int32 -> int64 and uint32 -> uint64 under plus
// (src/common/primitives/instantiate.hpp); other pairs convert the input first.
template <class In, class Acc>
inline constexpr bool held_promotion = (std::is_same_v<In, std::int32_t> && std::is_same_v<Acc, std::int64_t>) ||
                                       (std::is_same_v<In, std::uint32_t> && std::is_same_v<Acc, std::uint64_t>);

void run_scan(const prim_args& a) {
  if (a.op != "plus" && a.op != "min" && a.op != "max" && a.op != "fmin" && a.op != "fmax")
    throw error(errc::invalid_argument, "--op: expected plus, min, max, fmin or fmax, got '" + a.op + "'");
  const bool gpu = use_gpu(a.device);
  check_files({a.input}, {a.output}, a.in);
  io::column in = read_input(a.input, a.in);
  const io::dtype out_type = scan_out_type(a, in.type());
  // scan takes the keys of the main list (ordo::detail::is_wide_key), not the
  // narrow ones: those are converted to a wider output type first.
  if (!io::is_wide(out_type))
    throw error(errc::invalid_argument, std::string("scan: ") + io::to_string(out_type) +
                                            " is not a scan type; pass --dtype-out (" +
                                            ordo::detail::wide_numpy_names() + ")");
  io::column out = io::make_column(out_type, in.size());
  // libordo's GPU code holds same-type scans and numpy's promotions; other
  // pairs convert the input first (as numpy's dtype= converts each element).
  const bool promoted = io::visit_dtype(in.type(), [&]<class In>() {
    return io::visit_dtype(out_type, [&]<class Acc>() { return held_promotion<In, Acc>; });
  });
  if (out_type != in.type() && !(promoted && a.op == "plus")) {
    io::column conv = io::make_column(out_type, in.size());
    std::visit(
        [&](const auto& src, auto& dst) {
          using U = typename std::decay_t<decltype(dst)>::value_type;
          for (std::size_t i = 0; i < src.size(); ++i) dst[i] = ordo::detail::convert_key<U>(src[i]);
        },
        in.data, conv.data);
    in = std::move(conv);
  }
  std::visit(
      [&](const auto& v, auto& o) {
        using In = typename std::decay_t<decltype(v)>::value_type;
        using Acc = typename std::decay_t<decltype(o)>::value_type;
        if constexpr (ordo::detail::is_wide_key<In>() && (std::is_same_v<In, Acc> || held_promotion<In, Acc>))
        {
          const std::span<const In> s(v);
          compute_task task{"scanning " + std::to_string(s.size()) + " values", "values", s.size(), growth::linear,
                            nullptr};
          if (!gpu)
            task.probe = [&](std::uint64_t m) {
              std::vector<Acc> scratch(m);
              scan_with_op(false, a, s.first(m), std::span<Acc>(scratch));
            };
          run_with_progress(progress_shown(a.progress), task,
                            [&] { scan_with_op(gpu, a, s, std::span<Acc>(o)); });
        }
      },
      in.data, out.data);
  io::write_column(a.output, out, {});
}

void add_io_options(CLI::App* cmd, prim_args& a) {
  add_device_options(cmd, a.device, a.threads);
  add_progress_options(cmd, a.progress);
  add_input_options(cmd, a.in);
}

}  // namespace

void add_primitives_commands(CLI::App& app) {
  {
    auto a = std::make_shared<prim_args>();
    auto* cmd = app.add_subcommand("sortidx", "the stable sorting permutation of the keys (argsort, 0-based, int64)");
    add_keys_and_output(cmd, a->input, a->output, "where the permutation goes");
    cmd->add_option("--sorted", a->sorted, "also write the sorted keys here");
    cmd->add_flag("--descending", a->descending, "largest first (NaN first); default ascending (NaN last)");
    cmd->add_option("--variant", a->variant, "auto, merge_path, binary_search (the paper's Listing 2) or sample_sort (GPU, 32-bit integer keys)");
    add_io_options(cmd, *a);
    cmd->callback([a] { run_sortidx(*a); });
  }
  {
    auto a = std::make_shared<prim_args>();
    auto* cmd = app.add_subcommand("scan", "the prefix sum (or min, max, fmin, fmax) of the values");
    cmd->add_option("input", a->input, "values: .npy, .bin/.raw (with --dtype), or .txt/.csv")->required();
    cmd->add_option("-o,--output", a->output, "where the prefix goes; the format follows its extension")->required();
    cmd->add_option("--op", a->op,
                    "plus (default), min, max (NaN propagates, as numpy's maximum), fmin or fmax (NaN skipped, "
                    "as numpy's fmax)");
    cmd->add_flag("--exclusive", a->exclusive, "exclusive prefix (starts from the operator's identity)");
    cmd->add_option("--dtype-out", a->dtype_out,
                    "type of the output and of the running value (" + io::dtype_names(", ") +
                        "); default numpy's: a plus of int32 in int64, of uint32 in uint64, else the input's");
    add_io_options(cmd, *a);
    cmd->callback([a] { run_scan(*a); });
  }
}

}  // namespace ordo::tools
