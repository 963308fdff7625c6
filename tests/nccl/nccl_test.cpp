// ordo::nccl against the single-process reference (ordo::cpu), one process
// per GPU (include/ordo/nccl/launch.hpp). Every process builds the same
// global input from one seed, takes its slice to its GPU, runs the
// distributed call and compares its slice of the result (copied back) with
// the slice of ordo::cpu's result over the whole input; an ncclAllReduce sums
// the failures and process 0 reports.
//
//   test_nccl              p = 1, 2, ..., every visible GPU in turn
//   test_nccl --procs k    p = k only
// Without a GPU it says so and exits 0 (ctest reports it skipped).
#include <cmath>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "ordo/device_buffer.hpp"
#include "ordo/nccl.hpp"
#include "ordo/nccl/launch.hpp"
#include "common/dist_cases.hpp"

namespace {

using ordo::device_buffer;
using u64 = std::uint64_t;

int me = 0, np = 1;
long failures = 0, checks = 0;
ordo::nccl ex;

ordo::cuda dev() { return ordo::cuda{ex.stream}; }

void fail(const std::string& what) {
  if (failures < 20) std::fprintf(stderr, "[process %d of %d] FAIL %s\n", me, np, what.c_str());
  ++failures;
}

template <class T>
device_buffer<T> to_device(const std::vector<T>& h) {
  return device_buffer<T>(dev(), std::span<const T>(h));
}
template <class T>
std::vector<T> to_host(const device_buffer<T>& d) {
  std::vector<T> h(d.size());
  d.download(h);
  return h;
}

// The shared inputs (tests/common/dist_cases.hpp) for this run's np.
using ordo_test::dist::gen_names;
using ordo_test::dist::n_gens;
template <class Key>
std::vector<Key> make_keys(int gen, u64 n, const std::vector<u64>& sizes, std::mt19937_64& g) {
  return ordo_test::dist::make_keys<Key>(gen, n, sizes, np, g);
}

template <class T>
void expect_slice(const std::vector<T>& got, const std::vector<T>& ref, u64 off, const std::string& what) {
  ++checks;
  if (auto i = ordo_test::dist::first_mismatch(got, ref, off)) fail(what + " at local " + std::to_string(*i));
}

// ORDO_NCCL_TEST_TRACE=1: every process names each call before making it
// (stderr, unbuffered), to find where a run stalls.
void trace(const std::string& what) {
  static const bool on = std::getenv("ORDO_NCCL_TEST_TRACE") != nullptr;
  if (on) std::fprintf(stderr, "[process %d] %s\n", me, what.c_str());
}

// fn(exec, keys, ranks) over every key with ordo::cpu and over this
// process's keys (on its GPU) with ordo::nccl: the second must be this
// process's slice of the first.
template <class Rank, class Key, class Fn>
void expect_rank_slice(const std::vector<Key>& all, const std::vector<Key>& local, u64 off, Fn fn,
                       const std::string& what) {
  std::vector<Rank> ref(all.size());
  fn(ordo::cpu{}, std::span<const Key>(all), std::span<Rank>(ref));
  auto dk = to_device(local);
  device_buffer<Rank> dr(dev(), local.size());
  trace(what);
  fn(ex, std::span<const Key>(dk.span()), dr.span());
  expect_slice(to_host(dr), ref, off, what);
}

template <class Key>
void run_case(int gen, int pattern, u64 n, u64 seed) {
  auto c = ordo_test::dist::make_case<Key>(gen, pattern, n, seed, me, np);
  auto& [sizes, all, local, off, nl, tag] = c;

  for (auto order : {ordo::sort_order::ascending, ordo::sort_order::descending}) {
    // The reference: keys with their global input index.
    const ordo_test::dist::sorted_reference<Key> ref(all, order);
    const ordo::sort_options& so = ref.options;
    const auto& rk = ref.keys;
    const auto& rv = ref.index;
    const std::string ord = order == ordo::sort_order::ascending ? " asc " : " desc ";
    {
      auto k = to_device(local);
      trace("sort keys" + ord + tag);
      ordo::sort(ex, k.span(), so);
      expect_slice(to_host(k), rk, off, "sort keys" + ord + tag);
    }
    {  // 8-byte values
      auto k = to_device(local);
      std::vector<u64> hv(nl);
      std::iota(hv.begin(), hv.end(), off);
      auto v = to_device(hv);
      trace("sort kv" + ord + tag);
      ordo::sort(ex, k.span(), v.span(), so);
      expect_slice(to_host(k), rk, off, "sort kv keys" + ord + tag);
      expect_slice(to_host(v), rv, off, "sort kv values" + ord + tag);
    }
    {  // 4-byte values
      auto k = to_device(local);
      std::vector<std::uint32_t> hv(nl), rv32(n);
      for (u64 i = 0; i < nl; ++i) hv[i] = std::uint32_t(off + i);
      for (u64 i = 0; i < n; ++i) rv32[i] = std::uint32_t(rv[i]);
      auto v = to_device(hv);
      trace("sort kv uint32" + ord + tag);
      ordo::sort(ex, k.span(), v.span(), so);
      expect_slice(to_host(v), rv32, off, "sort kv uint32 values" + ord + tag);
    }
    {  // sort_idx: the reference's global indices as (process, local index)
      const auto rp = ref.global(sizes);
      auto k = to_device(local);
      device_buffer<ordo::global_index> p(dev(), nl);
      trace("sort_idx" + ord + tag);
      ordo::sort_idx(ex, k.span(), p.span(), order);  // the mutable-span overload
      expect_slice(to_host(p), rp, off, "sort_idx" + ord + tag);
    }
    // rank_sorted over the globally sorted keys, validated.
    std::vector<Key> sorted_local(rk.begin() + off, rk.begin() + off + nl);
    for (auto m : ordo::all_rank_methods) {
      const auto ro = ordo_test::dist::validated_rank_sorted(m, order);
      const auto fn = [&](const auto& e, auto keys, auto ranks) { ordo::rank_sorted(e, keys, ranks, ro); };
      expect_rank_slice<double>(rk, sorted_local, off, fn, std::string("rank_sorted ") + ordo::to_string(m) + ord + tag);
      if (m != ordo::rank_method::average)
        expect_rank_slice<std::uint32_t>(rk, sorted_local, off, fn,
                                         std::string("rank_sorted uint32 ") + ordo::to_string(m) + ord + tag);
    }
  }
  // rank: every method x ascending x na_option x pct.
  ordo_test::dist::for_each_rank_options<Key>([&](const ordo::rank_options& o, const std::string& opts) {
    const auto fn = [&](const auto& e, auto keys, auto ranks) { ordo::rank(e, keys, ranks, o); };
    const std::string what = opts + " " + tag;
    expect_rank_slice<double>(all, local, off, fn, "rank " + what);
    if (n == 1000 || n == 7) {  // the other rank types: 4-byte ranks travel home as 4 bytes
      expect_rank_slice<float>(all, local, off, fn, "rank float " + what);
      if (!o.pct && o.method != ordo::rank_method::average) {
        expect_rank_slice<std::uint32_t>(all, local, off, fn, "rank uint32 " + what);
        expect_rank_slice<u64>(all, local, off, fn, "rank uint64 " + what);
      }
    }
  });
}

long allreduce_sum(long v) {
  device_buffer<long> d(dev(), std::span<const long>(&v, 1));
  ncclAllReduce(d.data(), d.data(), 1, ncclInt64, ncclSum, ex.comm, ex.stream);
  d.download(std::span<long>(&v, 1));
  return v;
}
double allreduce_max(double v) {
  device_buffer<double> d(dev(), std::span<const double>(&v, 1));
  ncclAllReduce(d.data(), d.data(), 1, ncclFloat64, ncclMax, ex.comm, ex.stream);
  d.download(std::span<double>(&v, 1));
  return v;
}

// The partition stays balanced on skewed input: no process receives much
// more than its share (the regular sample of 64p tuples per process bounds
// the excess near n_local / 64).
void balance_case(int gen, u64 per_process) {
  std::mt19937_64 g(99 + gen);
  std::vector<u64> sizes(np, per_process);
  auto all = make_keys<std::int64_t>(gen, per_process * np, sizes, g);
  std::vector<std::int64_t> local(all.begin() + me * per_process, all.begin() + (me + 1) * per_process);
  auto k = to_device(local);
  ordo::nccl_detail::phase_log log;
  ordo::nccl_detail::set_phase_log(&log);
  ordo::sort(ex, k.span());
  ordo::nccl_detail::set_phase_log(nullptr);
  const double ratio = allreduce_max(double(log.received) / double(per_process));
  if (me == 0) std::printf("balance %-18s n=%llu: largest part %.3f x the even share\n", gen_names[gen],
                           (unsigned long long)(per_process * np), ratio);
  ++checks;
  if (ratio > 1.1 + 64.0 / double(per_process)) fail(std::string("balance ") + gen_names[gen]);
}

template <class F>
void expect_error_everywhere(ordo::errc code, const std::string& what, F&& f) {
  ++checks;
  const auto [ok, msg] = ordo_test::dist::throws_error(code, f);
  if (!ok) fail(what + ": " + msg);
  else if (me == 0 && what == "rank sizes") std::printf("error case '%s' on process 0: %s\n", what.c_str(), msg.c_str());
}

void error_cases() {
  // Mismatched sizes on the last process only: everybody throws, nobody hangs.
  auto keys = to_device(std::vector<double>(5, 1.0));
  device_buffer<double> ranks(dev(), me == np - 1 ? 4 : 5);
  expect_error_everywhere(ordo::errc::invalid_argument, "rank sizes", [&] { ordo::rank(ex, keys.span(), ranks.span()); });
  auto k = to_device(std::vector<int>(3, 1));
  device_buffer<int> v(dev(), me == 0 ? 2 : 3);
  expect_error_everywhere(ordo::errc::invalid_argument, "sort values", [&] { ordo::sort(ex, k.span(), v.span()); });
  device_buffer<ordo::global_index> p(dev(), me == np - 1 ? 2 : 3);
  expect_error_everywhere(ordo::errc::invalid_argument, "sort_idx perm", [&] { ordo::sort_idx(ex, k.span(), p.span()); });
  ordo::rank_sorted_options o;
  o.validate = true;
  device_buffer<std::uint32_t> r(dev(), 3);
  // Unsorted only across a process boundary: process q holds q+1 ... but the last holds 0.
  if (np > 1) {
    auto sk = to_device(std::vector<int>(3, me == np - 1 ? 0 : me + 1));
    expect_error_everywhere(ordo::errc::unsorted_input, "rank_sorted boundary",
                            [&] { ordo::rank_sorted(ex, sk.span(), r.span(), o); });
  }
  // Unsorted inside the last process.
  auto uk = to_device(me == np - 1 ? std::vector<int>{3, 1, 2} : std::vector<int>{-3, -2, -1});
  expect_error_everywhere(ordo::errc::unsorted_input, "rank_sorted local",
                          [&] { ordo::rank_sorted(ex, uk.span(), r.span(), o); });
  // The descending order accepts what is sorted descending, NaN first.
  auto dk = to_device(std::vector<float>{std::numeric_limits<float>::quiet_NaN(), 2.f, 1.f});
  o.order = ordo::sort_order::descending;
  ++checks;
  if (np == 1) {
    try {
      ordo::rank_sorted(ex, dk.span(), r.span(), o);
    } catch (const ordo::error& e) {
      fail(std::string("rank_sorted descending with NaN first: ") + e.what());
    }
  }
  auto a = to_device(std::vector<double>(2, 0.0));
  device_buffer<std::uint32_t> ar(dev(), 2);
  ordo::rank_options avg;  // average into an integer rank: refused everywhere
  expect_error_everywhere(ordo::errc::invalid_argument, "average to uint32",
                          [&] { ordo::rank(ex, a.span(), ar.span(), avg); });
}

int body(const ordo::nccl_launch::context& c) {
  me = c.rank;
  np = c.size;
  ex = ordo::nccl{c.comm, c.stream};
  u64 seed = 1;
  // Progress on process 0 (stdout is line-buffered by the launcher): a stall
  // shows where it is.
  const auto t0 = std::chrono::steady_clock::now();
  auto progress = [&](const char* stage) {
    if (me == 0)
      std::printf("[%.1f s] %s\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
                  stage);
  };
  progress("small cases");
  ordo_test::dist::for_each_case({0, 1, 7, 1000}, [&](int gen, int pattern, u64 n) {
    run_case<std::int32_t>(gen, pattern, n, seed++);
    run_case<double>(gen, pattern, n, seed++);
    if (n == 1000 && pattern == 3) {
      run_case<std::uint32_t>(gen, pattern, n, seed++);
      run_case<std::int64_t>(gen, pattern, n, seed++);
      run_case<std::uint64_t>(gen, pattern, n, seed++);
      run_case<float>(gen, pattern, n, seed++);
    }
  });
  progress("n = 100000");
  for (int gen : {0, 2, 3, 4, 6, 7})
    for (int pattern : {0, 2}) {
      run_case<float>(gen, pattern, 100000, seed++);
      run_case<std::uint32_t>(gen, pattern, 100000, seed++);
      run_case<std::int64_t>(gen, pattern, 100000, seed++);
    }
  progress("balance");
  for (int gen = 0; gen < n_gens; ++gen) balance_case(gen, 100000);
  progress("error cases");
  error_cases();
  const long total = allreduce_sum(failures), total_checks = allreduce_sum(checks);
  if (me == 0) std::printf("ordo::nccl on %d processes: %ld checks, %ld failures\n", np, total_checks, total);
  return total ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  const int want = ordo::nccl_launch::take_procs_arg(argc, argv);
  const int gpus = ordo::nccl_launch::visible_gpus();
  if (gpus == 0) {
    std::printf("no CUDA device: NCCL test skipped\n");
    return 0;
  }
  if (want > gpus) {
    std::fprintf(stderr, "--procs %d: only %d GPUs visible (NCCL takes one GPU per process)\n", want, gpus);
    return 1;
  }
  int bad_runs = 0;
  for (int p = want ? want : 1; p <= (want ? want : gpus); ++p) {
    const int failed = ordo::nccl_launch::run(p, body);
    std::printf("test_nccl with %d process%s: %s\n", p, p == 1 ? "" : "es", failed ? "FAILED" : "passed");
    bad_runs += failed != 0;
  }
  return bad_runs ? 1 : 0;
}
