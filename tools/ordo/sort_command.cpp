// `ordo sort INPUT -o OUTPUT`: sort the keys with the adaptive sort (seed 002),
// which measures how sorted they are and takes Roughsort for a small radius,
// a full sort otherwise; `--k K` is the caller's radius hint (rough_sort).
// `ordo radius INPUT`: print the radius k of the keys: the largest j - i with
// a[j] < a[i] (0 when sorted; not the largest distance from a sorted place).
// Both run on the GPU when there is one (--device).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "compute_progress.hpp"
#include "input_options.hpp"
#include "io/column_sink.hpp"
#include "io/column_view.hpp"
#include "option_checks.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/rough_sort.hpp"
#include "progress_options.hpp"

namespace ordo::tools {
namespace {

struct sort_args {
  std::string input, output, output_format, device = "auto", variant = "automatic", rough_variant = "automatic";
  std::string on_wrong_k = "fallback";
  input_args in;
  std::optional<std::uint64_t> k;
  std::uint64_t max_rough_radius = 0;
  bool descending = false;
  int threads = 0;
  progress_flags progress;
};

sort_order order_of(bool descending) { return descending ? sort_order::descending : sort_order::ascending; }

wrong_radius parse_wrong_radius(const std::string& s) {
  if (s == "fallback") return wrong_radius::fallback;
  if (s == "raise") return wrong_radius::raise;
  throw error(errc::invalid_argument, "--on-wrong-k: expected fallback or raise, got '" + s + "'");
}

rough_sort_options rough_options_of(const sort_args& a) {
  rough_sort_options o;
  o.order = order_of(a.descending);
  o.variant = parse_rough_sort_variant(a.rough_variant.c_str());
  o.on_wrong_k = parse_wrong_radius(a.on_wrong_k);
  return o;
}

sort_options sort_options_of(const sort_args& a) {
  sort_options o;
  o.order = order_of(a.descending);
  o.variant = parse_sort_variant(a.variant.c_str());
  o.max_rough_radius = a.max_rough_radius;
  return o;
}

// Sorts `keys` in place (the GPU's copy of them): rough_sort with the hint
// when there is one, else the adaptive sort.
template <class Exec, class Key>
void sort_keys(const Exec& exec, std::span<Key> keys, const sort_args& a) {
  if (a.k) rough_sort(exec, keys, *a.k, rough_options_of(a));
  else sort(exec, keys, sort_options_of(a));
}

// The same from `in` into `out` on the CPU: the input is only read (it may
// be the mapped file), and the radix sort scatters from it straight into out.
template <class Key>
void sort_keys_copy(const cpu& exec, std::span<const Key> in, std::span<Key> out, const sort_args& a) {
  if (a.k) rough_sort_copy(exec, in, out, *a.k, rough_options_of(a));
  else sort_copy(exec, in, out, sort_options_of(a));
}

template <class Key>
void sort_on(bool gpu, const sort_args& a, std::span<const Key> in, std::span<Key> out) {
  if (!gpu) return sort_keys_copy(cpu{a.threads}, in, out, a);
  device_buffer<Key> d(in);
  sort_keys(cuda{}, d.span(), a);
  detail::device_synchronize();
  d.download(out);
}

// sort_on with progress; the CPU's estimate times a sort of the first keys.
template <class Key>
void sort_shown(bool gpu, const sort_args& a, std::span<const Key> in, std::span<Key> out) {
  compute_task task{"sorting " + std::to_string(in.size()) + " keys", "keys", in.size(), growth::n_log_n, nullptr};
  if (!gpu)
    task.probe = [&](std::uint64_t m) {
      io::vector_of<Key> prefix;
      prefix.resize(m);
      sort_on(false, a, in.first(m), std::span<Key>(prefix));
    };
  run_with_progress(progress_shown(a.progress), task, [&] { sort_on(gpu, a, in, out); });
}

void run_sort(const sort_args& a) {
  const bool gpu = use_gpu(a.device);
  if (!a.k && (a.rough_variant != "automatic" || a.on_wrong_k != "fallback"))
    throw error(errc::invalid_argument, "--rough-variant and --on-wrong-k apply to a radius hint: give --k");
  if (a.k && (a.variant != "automatic" || a.max_rough_radius != 0))
    throw error(errc::invalid_argument, "--variant and --max-rough-radius apply to the adaptive sort, not to --k");
  // Bad names fail now, not after reading the keys.
  parse_sort_variant(a.variant.c_str());
  parse_rough_sort_variant(a.rough_variant.c_str());
  parse_wrong_radius(a.on_wrong_k);
  io::write_options out;
  out.format = !a.output_format.empty() ? io::parse_format(a.output_format, "--output-format")
                                        : io::format_from_extension(a.output, "--output-format");
  check_files({a.input}, {a.output}, a.in);
  using clock = std::chrono::steady_clock;
  const auto since = [](clock::time_point t) { return std::chrono::duration<double, std::milli>(clock::now() - t).count(); };
  auto t = clock::now();
  // A .npy or raw file is mapped, not read: the sort reads the keys where
  // they lie and writes them sorted into the output file's own mapping
  // (io/column_sink.hpp), or into a column in memory for a text output.
  const io::column_view in = io::view_column(a.input, read_options_of(a.in));
  const double read_ms = since(t);
  t = clock::now();
  io::column_sink keys(a.output, in.type(), in.size(), out);
  const double open_ms = since(t);
  t = clock::now();
  in.visit([&](auto ks) {
    using Key = std::remove_const_t<typename decltype(ks)::element_type>;
    keys.visit([&]<class T>(std::span<T> o) {
      if constexpr (std::is_same_v<T, Key>) sort_shown(gpu, a, ks, o);
    });
  });
  const double sort_ms = since(t);
  t = clock::now();
  keys.commit();
  const double write_ms = since(t);
  if (!a.progress.quiet)
    std::fprintf(stderr,
                 "ordo sort: n=%zu keys=%s device=%s %s: %.3f ms with I/O (%s %.3f ms, %s %.3f ms, sort %.3f ms, "
                 "write %.3f ms)\n",
                 keys.size(), keys.dtype_name(), gpu ? "cuda" : "cpu",
                 a.k ? ("rough_sort k=" + std::to_string(*a.k)).c_str() : a.variant.c_str(), read_ms + open_ms + sort_ms + write_ms,
                 in.mapped() ? "map" : "read", read_ms, keys.mapped() ? "map output" : "output column", open_ms, sort_ms,
                 write_ms);
}

struct radius_args {
  std::string input, device = "auto";
  input_args in;
  bool descending = false;
  int threads = 0;
  progress_flags progress;
};

template <class Key>
std::uint64_t radius_on(bool gpu, const radius_args& a, std::span<const Key> keys) {
  const radius_options o{order_of(a.descending)};
  if (!gpu) return radius(cpu{a.threads}, keys, o);
  device_buffer<Key> d(keys);
  return radius(cuda{}, std::as_const(d).span(), o);
}

void run_radius(const radius_args& a) {
  const bool gpu = use_gpu(a.device);
  check_files({a.input}, {}, a.in);
  const io::column keys = read_input(a.input, a.in);
  const std::uint64_t k = std::visit(
      [&](const auto& v) {
        using Key = typename std::decay_t<decltype(v)>::value_type;
        const std::span<const Key> ks(v);
        compute_task task{"measuring the radius of " + std::to_string(ks.size()) + " keys", "keys", ks.size(),
                          growth::linear, nullptr};
        if (!gpu) task.probe = [&](std::uint64_t m) { radius_on(false, a, ks.first(m)); };
        std::uint64_t r = 0;
        run_with_progress(progress_shown(a.progress), task, [&] { r = radius_on(gpu, a, ks); });
        return r;
      },
      keys.data);
  std::printf("%llu\n", static_cast<unsigned long long>(k));
}

}  // namespace

void add_sort_commands(CLI::App& app) {
  {
    auto a = std::make_shared<sort_args>();
    auto* cmd = app.add_subcommand(
        "sort", "sort the keys: Roughsort when they are nearly sorted (small radius), else a full sort");
    add_keys_and_output(cmd, a->input, a->output, "where the sorted keys go");
    cmd->add_option("--output-format", a->output_format, "output format npy, bin or text; default from the extension");
    cmd->add_flag("--descending", a->descending, "largest first (NaN first); default ascending (NaN last)");
    cmd->add_option("--variant", a->variant,
                    "adaptive sort: automatic (measure the radius), rough_sort, radix_sort or merge_sort");
    cmd->add_option("--max-rough-radius", a->max_rough_radius,
                    "largest radius roughsort is used for; 0 (default) takes the measured crossover")
        ->check(non_negative);
    cmd->add_option("--k", a->k, "the radius if you know it: rough_sort with this k (checked)")->check(non_negative);
    cmd->add_option("--rough-variant", a->rough_variant, "with --k: automatic, runs, halving or bubble (CPU), radix_runs (GPU)");
    cmd->add_option("--on-wrong-k", a->on_wrong_k,
                    "with --k: fallback (default: sort anyway) or raise (fail if the keys are not k-sorted)");
    add_device_options(cmd, a->device, a->threads);
    add_progress_options(cmd, a->progress);
    add_input_options(cmd, a->in, "key");
    cmd->callback([a] { run_sort(*a); });
  }
  {
    auto a = std::make_shared<radius_args>();
    auto* cmd = app.add_subcommand(
        "radius", "print the radius of the keys: the largest j - i with a[j] < a[i] (0 when sorted)");
    cmd->add_option("input", a->input, "keys: .npy, .bin/.raw (with --dtype), or .txt/.csv")->required();
    cmd->add_flag("--descending", a->descending, "measure against descending order");
    add_device_options(cmd, a->device, a->threads);
    add_progress_options(cmd, a->progress);  // before add_input_options, which shares its --quiet
    add_input_options(cmd, a->in, "key", /*writes=*/false);
    cmd->callback([a] { run_radius(*a); });
  }
}

}  // namespace ordo::tools
