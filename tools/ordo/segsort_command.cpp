// `ordo segsort KEYS -o OUTPUT (--offsets F | --begins F --ends F | --segment-length L)`:
// sort each segment of the keys on its own (seed 004), optionally carrying a
// values file along (--values V --values-output W). Elements that no segment
// covers are copied through unchanged. Runs on the GPU when there is one.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
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
#include "ordo/device_buffer.hpp"
#include "ordo/segmented_sort.hpp"
#include "progress_options.hpp"

namespace ordo::tools {
namespace {

struct segsort_args {
  std::string input, output, output_format, offsets, begins, ends, values, values_output, device = "auto";
  std::string write = "automatic";
  std::string path = "automatic";
  input_args in;
  std::uint64_t segment_length = 0, first = 0;
  bool descending = false, stable = false;
  int threads = 0;
  progress_flags progress;
  // Set when given, so that --segment-length 0 is reported rather than taken for "not given".
  CLI::Option *length_opt = nullptr, *first_opt = nullptr;
  bool fixed() const { return length_opt && *length_opt; }
};

// Offsets of any integer type as uint64 (the one offset type the verb
// instantiates); a negative one is reported, not wrapped.
std::vector<std::uint64_t> read_offsets(const std::string& path, const char* what, const input_args& in) {
  const io::column c = read_input(path, in.for_other_file());
  return std::visit(
      [&](const auto& v) -> std::vector<std::uint64_t> {
        using T = typename std::decay_t<decltype(v)>::value_type;
        if constexpr (ordo::detail::is_float_key<T>()) {
          throw error(errc::invalid_argument,
                      std::string(what) + ": segment offsets must be integers, got " + c.dtype_name());
        } else {
          std::vector<std::uint64_t> out(v.size());
          for (std::size_t i = 0; i < v.size(); ++i) {
            if constexpr (std::is_signed_v<T> && !std::is_same_v<T, bool>)
              if (v[i] < 0)
                throw error(errc::invalid_argument, std::string(what) + ": offset " + std::to_string(v[i]) +
                                                        " at index " + std::to_string(i) + " is negative");
            out[i] = static_cast<std::uint64_t>(v[i]);
          }
          return out;
        }
      },
      c.data);
}

// Values travel as their bit patterns: 4-byte types as uint32, 8-byte as uint64.
template <class Bits>
std::vector<Bits> to_bits(const io::column& c) {
  std::vector<Bits> out(c.size());
  std::visit([&](const auto& v) { std::memcpy(out.data(), v.data(), v.size() * sizeof(Bits)); }, c.data);
  return out;
}
template <class Bits>
void from_bits(const std::vector<Bits>& bits, io::column& c) {
  std::visit([&](auto& v) { std::memcpy(v.data(), bits.data(), v.size() * sizeof(Bits)); }, c.data);
}

// Keys only when there are no values (empty value spans with keys: keys-only).
template <class Exec, class Key, class Value>
void sort_segments(const Exec& exec, std::span<const Key> in, std::span<Key> out, std::span<const Value> vin,
                   std::span<Value> vout, const segments<std::uint64_t>& segs, const segmented_sort_options& o) {
  if (vin.empty() && !in.empty()) segmented_sort(exec, in, out, segs, o);
  else segmented_sort(exec, in, out, vin, vout, segs, o);
}

// Runs on the CPU, or uploads everything, sorts on the GPU and downloads the result.
template <class Key, class Value>
void segsort_on(bool gpu, const segsort_args& a, std::span<Key> keys, std::vector<Value>* values,
                const std::vector<std::uint64_t>& begins, const std::vector<std::uint64_t>& ends,
                const segmented_sort_options& o) {
  // Elements outside every segment are not written: start the output as a copy of the input.
  auto make_segs = [&](std::span<const std::uint64_t> b, std::span<const std::uint64_t> e) {
    if (a.fixed()) return fixed_length(a.segment_length, a.first);
    if (!e.empty() || !a.ends.empty()) return by_bounds(b, e);
    return by_offsets(b);
  };
  const io::vector_of<Key> keys_in(keys.begin(), keys.end());
  std::vector<Value> values_in = values ? *values : std::vector<Value>{};
  if (!gpu) {
    sort_segments(cpu{a.threads}, std::span<const Key>(keys_in), keys, std::span<const Value>(values_in),
                  values ? std::span<Value>(*values) : std::span<Value>(), make_segs(begins, ends), o);
    return;
  }
  device_buffer<Key> d_in{std::span<const Key>(keys_in)}, d_out{std::span<const Key>(keys_in)};
  device_buffer<Value> d_vin{std::span<const Value>(values_in)}, d_vout{std::span<const Value>(values_in)};
  device_buffer<std::uint64_t> d_b{std::span<const std::uint64_t>(begins)}, d_e{std::span<const std::uint64_t>(ends)};
  sort_segments(cuda{}, std::as_const(d_in).span(), d_out.span(), std::as_const(d_vin).span(), d_vout.span(),
                make_segs(std::as_const(d_b).span(), std::as_const(d_e).span()), o);
  detail::device_synchronize();
  d_out.download(keys);
  if (values) d_vout.download(std::span<Value>(*values));
}

// segsort_on with progress. The CPU's estimate sorts a copy of the first keys
// in segments of the average length (segment lengths set the cost per key).
template <class Key, class Value>
void segsort_shown(bool gpu, const segsort_args& a, std::span<Key> keys, std::vector<Value>* values,
                   const std::vector<std::uint64_t>& begins, const std::vector<std::uint64_t>& ends,
                   const segmented_sort_options& o) {
  const std::uint64_t n = keys.size();
  compute_task task{"sorting " + std::to_string(n) + " keys in segments", "keys", n, growth::linear, nullptr};
  const std::uint64_t count = a.fixed() ? 0 : ends.empty() ? (begins.empty() ? 0 : begins.size() - 1) : begins.size();
  const std::uint64_t avg = a.fixed() ? a.segment_length : count ? std::max<std::uint64_t>(1, n / count) : 0;
  if (!gpu && avg > 0)
    task.probe = [&](std::uint64_t m) {
      segsort_args pa = a;
      pa.length_opt = nullptr;  // fixed() false: segments come from the prefix's own offsets
      pa.ends.clear();
      std::vector<std::uint64_t> offs;
      for (std::uint64_t b = 0; b < m; b += avg) offs.push_back(b);
      offs.push_back(m);
      io::vector_of<Key> kp(keys.begin(), keys.begin() + std::ptrdiff_t(m));
      std::vector<Value> vp;
      if (values) vp.assign(values->begin(), values->begin() + std::ptrdiff_t(m));
      segsort_on<Key, Value>(false, pa, std::span<Key>(kp), values ? &vp : nullptr, offs, {}, o);
    };
  run_with_progress(progress_shown(a.progress), task, [&] { segsort_on<Key, Value>(gpu, a, keys, values, begins, ends, o); });
}

void run_segsort(const segsort_args& a) {
  const bool gpu = use_gpu(a.device);
  const int ways = !a.offsets.empty() + (!a.begins.empty() || !a.ends.empty()) + a.fixed();
  if (ways != 1)
    throw error(errc::invalid_argument,
                "segsort: give the segments one way: --offsets, --begins with --ends, or --segment-length");
  if (a.begins.empty() != a.ends.empty()) throw error(errc::invalid_argument, "segsort: --begins needs --ends");
  if (a.values.empty() != a.values_output.empty())
    throw error(errc::invalid_argument, "segsort: --values and --values-output go together");
  if (*a.first_opt && !a.fixed()) throw error(errc::invalid_argument, "segsort: --first needs --segment-length");
  if (a.fixed() && a.segment_length == 0)
    throw error(errc::invalid_argument, "segsort: --segment-length 0: the segment length must be positive");
  if (a.fixed() && a.first >= a.segment_length)
    throw error(errc::invalid_argument, "segsort: --first " + std::to_string(a.first) + " with --segment-length " +
                                            std::to_string(a.segment_length) +
                                            ": the leading segment must be shorter than the others");
  segmented_sort_options o;
  o.order = a.descending ? sort_order::descending : sort_order::ascending;
  o.stable = a.stable;
  o.write = parse_segsort_write(a.write.c_str());
  o.path = parse_segsort_path(a.path.c_str());
  io::write_options out;
  out.format = !a.output_format.empty() ? io::parse_format(a.output_format, "--output-format")
                                        : io::format_from_extension(a.output, "--output-format");

  check_files({a.input, a.offsets, a.begins, a.ends, a.values}, {a.output, a.values_output}, a.in);
  const auto t0 = std::chrono::steady_clock::now();
  io::column keys = read_input(a.input, a.in);
  std::vector<std::uint64_t> begins, ends;
  if (!a.offsets.empty()) begins = read_offsets(a.offsets, "--offsets", a.in);
  if (!a.begins.empty()) {
    begins = read_offsets(a.begins, "--begins", a.in);
    ends = read_offsets(a.ends, "--ends", a.in);
    if (begins.size() != ends.size())
      throw error(errc::invalid_argument, "segsort: --begins has " + std::to_string(begins.size()) +
                                              " entries but --ends has " + std::to_string(ends.size()));
  }
  io::column values;
  if (!a.values.empty()) {
    values = read_input(a.values, a.in.for_other_file());
    if (io::element_size(values.type()) != 4 && io::element_size(values.type()) != 8)
      throw error(errc::invalid_argument, std::string("segsort: values of ") + values.dtype_name() +
                                              " cannot travel with the keys (4- and 8-byte types only)");
    if (values.size() != keys.size())
      throw error(errc::invalid_argument, "segsort: " + std::to_string(keys.size()) + " keys but " +
                                              std::to_string(values.size()) + " values");
  }
  std::visit(
      [&](auto& k) {
        using Key = typename std::decay_t<decltype(k)>::value_type;
        const std::span<Key> ks(k);
        if (a.values.empty()) {
          segsort_shown<Key, std::uint32_t>(gpu, a, ks, nullptr, begins, ends, o);
        } else if (io::element_size(values.type()) == 4) {
          auto bits = to_bits<std::uint32_t>(values);
          segsort_shown<Key, std::uint32_t>(gpu, a, ks, &bits, begins, ends, o);
          from_bits(bits, values);
        } else {
          auto bits = to_bits<std::uint64_t>(values);
          segsort_shown<Key, std::uint64_t>(gpu, a, ks, &bits, begins, ends, o);
          from_bits(bits, values);
        }
      },
      keys.data);
  io::write_column(a.output, keys, out);
  if (!a.values_output.empty()) io::write_column(a.values_output, values, {});
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (!a.progress.quiet)
    std::fprintf(stderr, "ordo segsort: n=%zu keys=%s%s device=%s: %.3f ms (with I/O)\n", keys.size(),
                 keys.dtype_name(), a.values.empty() ? "" : " with values", gpu ? "cuda" : "cpu", ms);
}

}  // namespace

void add_segsort_command(CLI::App& app) {
  auto a = std::make_shared<segsort_args>();
  auto* cmd = app.add_subcommand("segsort", "sort each segment of the keys on its own (and carry values along)");
  add_keys_and_output(cmd, a->input, a->output, "where the sorted keys go");
  cmd->add_option("--output-format", a->output_format, "output format npy, bin or text; default from the extension");
  cmd->add_option("--offsets", a->offsets, "segment offsets, n_segments + 1 non-decreasing integers ([0]: none)");
  cmd->add_option("--begins", a->begins,
                  "segment begins (with --ends; gaps, empty segments and any order allowed, overlaps rejected)");
  cmd->add_option("--ends", a->ends, "segment ends (with --begins)");
  a->length_opt = cmd->add_option("--segment-length", a->segment_length, "segments of this many elements (> 0)")
                      ->check(non_negative);
  a->first_opt = cmd->add_option("--first", a->first,
                                 "with --segment-length: a leading segment of this many elements (fewer than the length)")
                     ->check(non_negative);
  cmd->add_option("--values", a->values, "values to carry along (any 4- or 8-byte type; .npy or text)");
  cmd->add_option("--values-output", a->values_output, "where the permuted values go");
  cmd->add_flag("--descending", a->descending, "largest first within each segment");
  cmd->add_flag("--stable", a->stable, "equal integer keys keep their input order (values and float keys always do)");
  cmd->add_option("--write", a->write, "GPU register-sort writes: automatic, direct or striped");
  cmd->add_option("--path", a->path, "GPU path: automatic, binned, short_tiles (segments <= 64, in order) or radix_tiles");
  add_device_options(cmd, a->device, a->threads);
  add_progress_options(cmd, a->progress);
  add_input_options(cmd, a->in, "key");
  cmd->callback([a] { run_segsort(*a); });
}

}  // namespace ordo::tools
