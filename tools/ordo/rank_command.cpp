// `ordo rank INPUT -o OUTPUT`: rank a column of keys read from a file and
// write the ranks.
//   default:   ordo::rank, pandas Series.rank semantics (method average,
//              float64 ranks, like pandas)
//   --sorted:  ordo::rank_sorted over keys already sorted (method min, uint64
//              ranks; float64 for average); sortedness is checked unless
//              --no-validate
//   --group-by COL: ordo::grouped_rank, pandas groupby(COL).rank(): a second
//              column of the same text file holds integer group labels
//   --column a,b: ordo::rank over key columns, the rows ranked as tuples (the
//              first column primary; --descending b: that column descending)
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
#include "io/column_sink.hpp"
#include "io/column_view.hpp"
#include "key_columns.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/grouped_rank.hpp"
#include "ordo/rank.hpp"
#include "progress_options.hpp"
#include "rank_columns.hpp"

namespace ordo::tools {
namespace {

struct rank_args {
  std::string input, output, method, na = "keep", device = "auto", variant = "auto";
  std::string output_format, rank_type, group_by, descending;
  input_args in;
  bool pct = false, sorted = false, no_validate = false;
  progress_flags progress;
  int threads = 0;
  // Options that only fit one mode; set means the user gave them.
  CLI::Option *na_opt = nullptr, *pct_opt = nullptr, *variant_opt = nullptr, *no_validate_opt = nullptr;
  CLI::Option* descending_opt = nullptr;  // --descending [COLS]
};

// --group-by's labels, widened to int64 (uint64 labels keep their bits:
// only equality matters), so that no key x label pair is instantiated.
std::vector<std::int64_t> group_labels(const io::column& c, const std::string& name) {
  return std::visit(
      [&](const auto& v) -> std::vector<std::int64_t> {
        using T = typename std::decay_t<decltype(v)>::value_type;
        if constexpr (std::is_integral_v<T>) {
          std::vector<std::int64_t> out(v.size());
          for (std::size_t i = 0; i < v.size(); ++i) out[i] = static_cast<std::int64_t>(v[i]);
          return out;
        } else {
          throw error(errc::invalid_argument, "--group-by " + name + ": the group labels must be integers, not " +
                                                  std::string(c.dtype_name()) +
                                                  " (a missing or fractional label makes the column floating)");
        }
      },
      c.data);
}

// What to run, settled from the arguments before any file is read so a bad
// option fails at once.
struct plan {
  bool sorted = false;
  bool gpu = false;
  const std::vector<std::int64_t>* labels = nullptr;  // --group-by
  std::vector<std::string> columns;  // --column, split at commas ({""}: the file's only column)
  std::vector<bool> descending;      // per column
  int threads = 0;
  rank_options unsorted;
  rank_sorted_options presorted;
  io::dtype rank_type = io::dtype::float64;
  rank_method method() const { return sorted ? presorted.method : unsorted.method; }
  bool by_columns() const { return columns.size() > 1; }
  bool any_descending() const { return !descending.empty() && descending[0]; }
};

[[noreturn]] void bad_option(const std::string& message) { throw error(errc::invalid_argument, message); }

plan make_plan(const rank_args& a) {
  plan p;
  p.sorted = a.sorted;
  p.threads = a.threads;
  if (a.sorted) {
    if (*a.na_opt || *a.pct_opt)
      bad_option(std::string(*a.na_opt ? "--na" : "--pct") +
                 " does not apply to --sorted: rank_sorted takes NaN keys where they are sorted "
                 "(last ascending, first descending) and has no pct; drop --sorted to rank like pandas");
  } else if (*a.no_validate_opt) {
    bad_option("--no-validate applies to --sorted only");
  }
  if (a.sorted && !a.group_by.empty()) bad_option("--group-by does not apply to --sorted");
  p.columns = split_column_names(a.in.column);
  p.descending = columns_flagged(a.descending_opt, a.descending, p.columns);
  if (p.by_columns()) {
    const std::string cols = "--column " + a.in.column;
    if (a.sorted) bad_option("--sorted takes one key column, not " + cols);
    if (!a.group_by.empty()) bad_option("--group-by takes one key column, not " + cols);
    if (*a.variant_opt) bad_option("--variant applies to one key column; a rank over " + cols + " has one implementation");
  }
  const bool desc = !p.by_columns() && p.descending[0];  // key columns carry their own directions
  const rank_method m = a.method.empty() ? (a.sorted ? rank_method::min : rank_method::average)
                                         : parse_rank_method(a.method.c_str());
  p.unsorted = {m, !desc, parse_na_option(a.na.c_str()), a.pct,
                a.sorted ? rank_unsorted_variant::automatic : parse_rank_unsorted_variant(a.variant.c_str())};
  p.presorted = {m, desc ? sort_order::descending : sort_order::ascending,
                 a.sorted ? parse_rank_variant(a.variant.c_str()) : rank_variant{}, !a.no_validate};

  if (!a.rank_type.empty()) {
    p.rank_type = io::parse_dtype(a.rank_type, "--rank-type");
    if (!io::is_rank_type(p.rank_type))
      bad_option("--rank-type must be " + io::rank_type_names() + ", not " + a.rank_type);
  } else {
    // pandas returns float64 ranks; rank_sorted's integral methods give counts.
    p.rank_type = !a.sorted || m == rank_method::average ? io::dtype::float64 : io::dtype::uint64;
  }

  p.gpu = use_gpu(a.device);
  // rank_variant_table: a variant of the other backend, or one that does not
  // compute the method, fails here as the library would, before any reading.
  if (a.sorted && !p.presorted.variant.is_automatic()) {
    detail::check_rank_variant_backend("rank_sorted", p.presorted.variant, p.gpu);
    detail::check_rank_variant_does(p.presorted.variant, m);
  }
  return p;
}

// --variant's help: rank_sorted's variants per backend from rank_variant_table,
// each with the methods it computes where it does not compute them all.
std::string sorted_variants_help() {
  std::string cpu, gpu;
  for (const rank_variant_row& r : rank_variant_table) {
    std::string& out = r.variant.is_gpu() ? gpu : cpu;
    std::string methods;
    bool all = true;
    for (const rank_method m : all_rank_methods) {
      if (r.methods.has(m)) methods += (methods.empty() ? "" : " ") + std::string(to_string(m));
      else all = false;
    }
    out += (out.empty() ? "" : ", ") + std::string(r.name) + (all ? "" : " (" + methods + ")");
  }
  return "CPU: " + cpu + "; GPU: " + gpu;
}

using clock_type = std::chrono::steady_clock;
double ms_since(clock_type::time_point t0) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
}

struct timings {
  double read = 0, rank = 0, transfer = 0, write = 0;
  bool mapped = false;  // the keys were mapped, not read (io/column_view.hpp)
};

template <class Key, class Rank>
void run(const plan& p, std::span<const Key> keys, std::span<Rank> ranks, timings& t) {
  if (!p.gpu) {
    const cpu exec{p.threads};
    const auto t0 = clock_type::now();
    if (p.sorted) rank_sorted(exec, keys, ranks, p.presorted);
    else if (p.labels) grouped_rank(exec, keys, std::span<const std::int64_t>(p.labels->data(), keys.size()), ranks, p.unsorted);
    else rank(exec, keys, ranks, p.unsorted);
    t.rank = ms_since(t0);
    return;
  }
  auto t0 = clock_type::now();
  device_buffer<Key> d_keys(keys);
  device_buffer<Rank> d_ranks(keys.size());
  t.transfer = ms_since(t0);
  t0 = clock_type::now();
  const cuda exec{};
  const std::span<const Key> dk = std::as_const(d_keys).span();
  if (p.sorted) {
    rank_sorted(exec, dk, d_ranks.span(), p.presorted);
  } else if (p.labels) {
    device_buffer<std::int64_t> d_labels(std::span<const std::int64_t>(p.labels->data(), keys.size()));
    grouped_rank(exec, dk, std::as_const(d_labels).span(), d_ranks.span(), p.unsorted);
    detail::device_synchronize();  // before d_labels goes
  } else {
    rank(exec, dk, d_ranks.span(), p.unsorted);
  }
  detail::device_synchronize();  // the call is asynchronous; time it whole
  t.rank = ms_since(t0);
  t0 = clock_type::now();
  d_ranks.download(ranks);
  t.transfer += ms_since(t0);
}

// Ranks of every key type into every rank type (the sink's type is one of
// them), with progress when `shown` (the CPU's estimate from ranking a prefix).
void rank_column(const plan& p, const io::column_view& keys, io::column_sink& ranks, timings& t, bool shown) {
  keys.visit([&](auto ks) {
    using Key = std::remove_const_t<typename decltype(ks)::element_type>;
    ranks.visit([&]<class Rank>(std::span<Rank> r) {
      if constexpr (is_rank_type_v<Rank>) {
        compute_task task{"ranking " + std::to_string(ks.size()) + " keys", "keys", ks.size(), growth::n_log_n,
                          nullptr};
        if (!p.gpu)
          task.probe = [&](std::uint64_t m) {
            std::vector<Rank> scratch(m);
            timings ignored;
            run<Key, Rank>(p, ks.first(m), std::span<Rank>(scratch), ignored);
          };
        run_with_progress(shown, task, [&] { run<Key, Rank>(p, ks, r, t); });
      }
    });
  });
}

void summarize(const rank_args& a, const plan& p, std::size_t n, io::dtype key_type, io::dtype rank_type,
               const timings& t) {
  std::string what = std::string("method=") + to_string(p.method());
  if (p.by_columns()) {
    what += " columns=";
    for (std::size_t c = 0; c < p.columns.size(); ++c)
      what += (c ? "," : "") + p.columns[c] + (p.descending[c] ? "(descending)" : "");
  } else {
    what += p.any_descending() ? " descending" : " ascending";
  }
  if (p.sorted) what += " sorted";
  if (!a.group_by.empty()) what += " group-by=" + a.group_by;
  else what += std::string(" na=") + to_string(p.unsorted.na) + (p.unsorted.pct ? " pct" : "");
  const int threads = cpu{p.threads}.resolved_threads();
  const std::string device =
      p.gpu ? "cuda" : "cpu(" + std::to_string(threads) + (threads == 1 ? " thread)" : " threads)");
  std::string transfer = p.gpu ? ", transfer " + std::to_string(t.transfer) + " ms" : "";
  std::fprintf(stderr, "ordo rank: n=%zu keys=%s ranks=%s %s device=%s: rank %.3f ms (%s %.3f ms%s, write %.3f ms)\n",
               n, io::to_string(key_type), io::to_string(rank_type), what.c_str(), device.c_str(), t.rank,
               t.mapped ? "map" : "read", t.read, transfer.c_str(), t.write);
}

void run_rank(const rank_args& a) {
  plan p = make_plan(a);
  const bool shown_now = progress_shown(a.progress);
  const io::progress_policy shown{shown_now};

  io::read_options in = read_options_of(a.in);
  in.progress = shown;
  io::write_options out;
  // Settle the output format before the work, so a bad name fails at once.
  out.format = !a.output_format.empty() ? io::parse_format(a.output_format, "--output-format")
                                        : io::format_from_extension(a.output, "--output-format");
  out.progress = shown;
  check_files({a.input}, {a.output}, a.in);

  timings t;
  auto t0 = clock_type::now();
  if (p.by_columns()) {
    const std::vector<io::column> cols = read_key_columns(a.input, a.in, p.columns);
    t.read = ms_since(t0);
    t0 = clock_type::now();
    const io::column ranks = rank_by_columns(cols, p.descending, p.unsorted, p.rank_type, p.gpu, p.threads, shown_now);
    t.rank = ms_since(t0);
    t0 = clock_type::now();
    io::write_column(a.output, ranks, out);
    t.write = ms_since(t0);
    if (!a.progress.quiet) summarize(a, p, cols.front().size(), cols.front().type(), ranks.type(), t);
    return;
  }
  // A .npy or raw file is mapped, not read into a copy (io/column_view.hpp).
  const io::column_view keys = io::view_column(a.input, in);
  t.mapped = keys.mapped();
  std::vector<std::int64_t> labels;
  if (!a.group_by.empty()) {
    input_args by = a.in;  // the same file, the labels' column, its type inferred
    by.column = a.group_by;
    by.dtype.clear();
    io::read_options lin = read_options_of(by);
    lin.announce = false;
    labels = group_labels(io::read_column(a.input, lin), a.group_by);
    if (labels.size() != keys.size())
      bad_option("--group-by " + a.group_by + ": " + std::to_string(labels.size()) + " labels for " +
                 std::to_string(keys.size()) + " keys");
    p.labels = &labels;
  }
  t.read = ms_since(t0);
  // Into the output file's mapping where it can be (io/column_sink.hpp).
  io::column_sink ranks(a.output, p.rank_type, keys.size(), out);
  rank_column(p, keys, ranks, t, shown_now);
  t0 = clock_type::now();
  ranks.commit();
  t.write = ms_since(t0);
  if (!a.progress.quiet) summarize(a, p, keys.size(), keys.type(), ranks.type(), t);
}

}  // namespace

void add_rank_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("rank", "rank a column of keys like pandas Series.rank and write the ranks");
  auto a = std::make_shared<rank_args>();
  cmd->add_option("input", a->input, "keys: .npy, .bin/.raw (with --dtype), or .txt/.csv/.tsv")->required();
  cmd->add_option("-o,--output", a->output, "where the ranks go; the format follows its extension")->required();
  cmd->add_option("--method", a->method,
                  "min, max, dense, ordinal (or first) or average; default average, or min with --sorted");
  a->descending_opt = add_columns_option(
      cmd, "--descending", a->descending,
      "largest key ranks first (pandas ascending=False); with --sorted, the keys are sorted descending; with "
      "--column a,b: alone every column, or the key columns it lists (--descending b)");
  a->na_opt = cmd->add_option("--na", a->na, "NaN keys: keep (NaN rank), top or bottom; default keep");
  a->pct_opt = cmd->add_flag("--pct", a->pct, "ranks divided by the number of ranked keys (pandas pct=True)");
  cmd->add_flag("--sorted", a->sorted, "the keys are already sorted: rank them with rank_sorted");
  cmd->add_option("--group-by", a->group_by,
                  "text input: rank within groups given by this integer column of the same file, by header "
                  "name or 0-based index (pandas groupby(COL).rank())");
  a->no_validate_opt =
      cmd->add_flag("--no-validate", a->no_validate, "with --sorted: skip the check that the keys are sorted");
  a->variant_opt = cmd->add_option("--variant", a->variant,
                                   "the implementation (default auto): with --sorted, a rank_sorted variant (" +
                                       sorted_variants_help() + "); without, sort_back, msd_replay or counting (keys of at most 65536 "
                                       "values)");
  add_device_options(cmd, a->device, a->threads);
  add_progress_options(cmd, a->progress);
  add_input_options(cmd, a->in, "key");
  cmd->get_option("--column")
      ->description("text input: the column to read, by header name or 0-based index; several, comma-separated "
                    "(a,b), rank the rows by those key columns, the first primary");
  cmd->add_option("--output-format", a->output_format, "output format npy, bin or text; default from the extension");
  cmd->add_option("--rank-type", a->rank_type,
                  io::rank_type_names() + "; default float64 (uint64 with --sorted unless average)");
  cmd->callback([a] { run_rank(*a); });
}

}  // namespace ordo::tools
