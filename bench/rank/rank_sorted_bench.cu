// rank_sorted: every GPU variant and method against the CUB scan composition
// and the copy floor, the CPU loop and its threaded version, and the sweeps
// behind the paper's Fig. 7, 8, 11 and 12.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "baselines/cub_rank_scan.cuh"
#include "common/cpu_timer.hpp"
#include "common/generators.hpp"
#include "common/gpu_timer.cuh"
#include "common/options.hpp"
#include "common/first_output.cuh"
#include "common/results.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/rank.hpp"

namespace ordo_bench {
namespace {

using K = std::int32_t;
using v = ordo::gpu_rank_variant;
using m = ordo::rank_method;

std::vector<v> gpu_variants(m method) {
  switch (method) {
    case m::min: return {v::naive, v::shuffle, v::hybrid, v::block_search, v::lookback};
    case m::max: return {v::naive, v::shuffle, v::hybrid, v::block_search};
    case m::dense: return {v::lookback, v::scan};
    case m::average: return {v::block_search, v::lookback};
    case m::ordinal: return {v::block_search};
  }
  return {};
}

template <class R>
bool same(const std::vector<R>& a, const std::vector<R>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(R)) == 0;
}

// Times one GPU variant and checks its output once (poisoned first).
template <class R>
row time_gpu(const ordo::device_buffer<K>& keys, ordo::device_buffer<R>& ranks, const std::vector<R>& want,
             m method, v variant, const options& opt, double floor_ms, nlohmann::json params) {
  const std::uint64_t n = keys.size();
  ordo::rank_sorted_options o{method, ordo::sort_order::ascending, variant, false};
  auto run = [&] { ordo::rank_sorted(ordo::cuda{}, keys.span(), ranks.span(), o); };
  const bool verified = same(first_output(ranks, run), want);
  row r = timed_row("rank_sorted", "ordo", ordo::to_string(variant), "int32", n, std::move(params),
                    median_ms(run, variant == v::naive ? std::max(5, opt.reps / 2) : opt.reps), floor_ms, verified,
                    ordo::chosen_variant(ordo::cuda{}, {method}) == variant);
  r.value = ordo::type_name<R>();
  return r;
}

template <class R>
std::vector<R> reference(const std::vector<K>& keys, m method) {
  std::vector<R> out(keys.size());
  ordo::rank_sorted(ordo::cpu{}, std::span<const K>(keys), std::span<R>(out), {method});
  return out;
}

// The CUB composition, for min (max-scan) and dense (sum-scan).
row time_cub(const ordo::device_buffer<K>& keys, ordo::device_buffer<std::uint32_t>& ranks,
             const std::vector<std::uint32_t>& want, m method, const options& opt, double floor_ms,
             nlohmann::json params) {
  const std::uint64_t n = keys.size();
  cub_rank_scan<K, std::uint32_t> scan(keys.data(), ranks.data(), std::uint32_t(n), method == m::dense);
  const bool verified = same(first_output(ranks, [&] { scan(); }), want);
  row r = timed_row("rank_sorted", "cub_scan", method == m::dense ? "transform+sum-scan" : "transform+max-scan",
                    "int32", n, std::move(params), median_ms([&] { scan(); }, opt.reps), floor_ms, verified, false);
  r.value = "uint32";
  return r;
}

// The paper's CPU rows: the sequential loop and the threaded search version,
// timed in alternation so that both see the same host.
void time_cpu(results& res, const std::vector<K>& keys, const std::vector<std::uint32_t>& want, const options& opt,
              double floor_ms, nlohmann::json params) {
  std::vector<std::uint32_t> out_seq(keys.size()), out_par(keys.size());
  const ordo::cpu seq_exec{1}, par_exec{0};
  const ordo::rank_sorted_options seq_o{m::min, ordo::sort_order::ascending, ordo::cpu_rank_variant::sequential, false};
  const ordo::rank_sorted_options par_o{m::min, ordo::sort_order::ascending, ordo::cpu_rank_variant::parallel_search, false};
  const auto [seq_ms, par_ms] = median_ms_host_alternating(
      [&] { ordo::rank_sorted(seq_exec, std::span<const K>(keys), std::span<std::uint32_t>(out_seq), seq_o); },
      [&] { ordo::rank_sorted(par_exec, std::span<const K>(keys), std::span<std::uint32_t>(out_par), par_o); },
      opt.cpu_reps);
  for (bool parallel : {false, true}) {
    row r;
    r.capability = "rank_sorted";
    r.impl = parallel ? "ordo" : "cpu_sequential";
    r.variant = ordo::to_string(parallel ? par_o.variant : seq_o.variant);
    r.is_default = false;
    r.key = "int32";
    r.value = "uint32";
    r.n = keys.size();
    r.params = params;
    r.params["backend"] = "cpu";
    r.ms = parallel ? par_ms : seq_ms;
    r.verified = same(parallel ? out_par : out_seq, want);
    r.copy_floor_ms = floor_ms;
    r.extra["threads"] = (parallel ? par_exec : seq_exec).resolved_threads();
    res.add(r);
  }
}

// Every method and variant, the CUB baselines and the CPU rows at one (n, p).
void bench_setting(results& res, std::uint64_t n, double p, const options& opt, double floor_ms, bool all_methods,
                   bool cpu, const char* fig) {
  const std::vector<K> host = ordo_test::sorted_with_ties<K>(n, p, 2026);
  ordo::device_buffer<K> keys(std::span<const K>(host.data(), n));
  ordo::device_buffer<std::uint32_t> ranks32(n);
  std::vector<m> methods = all_methods ? std::vector<m>{m::min, m::max, m::dense, m::ordinal, m::average}
                                       : std::vector<m>{m::min};
  for (m method : methods) {
    nlohmann::json params{{"p", p}, {"method", ordo::to_string(method)}};
    if (fig) params["fig"] = fig;
    if (method == m::average) {  // float ranks: the same bytes as uint32
      ordo::device_buffer<float> ranksf(n);
      const std::vector<float> want = reference<float>(host, method);
      for (v variant : gpu_variants(method))
        res.add(time_gpu<float>(keys, ranksf, want, method, variant, opt, floor_ms, params));
      continue;
    }
    const std::vector<std::uint32_t> want = reference<std::uint32_t>(host, method);
    for (v variant : gpu_variants(method))
      res.add(time_gpu<std::uint32_t>(keys, ranks32, want, method, variant, opt, floor_ms, params));
    if (method == m::min || method == m::dense) res.add(time_cub(keys, ranks32, want, method, opt, floor_ms, params));
    if (cpu && method == m::min) time_cpu(res, host, want, opt, floor_ms, params);
  }
}

}  // namespace

void run_rank_sorted(const options& opt) {
  results res("rank_sorted");
  const std::uint64_t n = opt.n;
  const double floor_ms = copy_floor_ms(n * 8, opt.reps);  // int32 keys read + uint32 ranks written
  std::printf("rank_sorted: n=%llu, copy floor %.3f ms\n", (unsigned long long)n, floor_ms);
  for (double p : {0.0, 0.5, 0.9, 0.99, 0.999999, 1.0}) bench_setting(res, n, p, opt, floor_ms, true, true, nullptr);
  if (opt.figures) {
    // Fig. 7 and 8: time against p at the paper's 128M keys.
    const std::uint64_t nf = std::min<std::uint64_t>(n, 1ull << 27);
    const double floor_f = copy_floor_ms(nf * 8, opt.reps);
    for (double p : {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.99, 0.999, 0.9999, 0.99999, 0.999999, 1.0})
      bench_setting(res, nf, p, opt, floor_f, false, false, "7-8");
    // Fig. 11 and 12: time and speed-up against n at p = 0.5.
    for (std::uint64_t ns = 1ull << 22; ns <= nf; ns <<= 1)
      bench_setting(res, ns, 0.5, opt, copy_floor_ms(ns * 8, opt.reps), false, true, "11-12");
  }
  res.write(opt.out);
}

}  // namespace ordo_bench
