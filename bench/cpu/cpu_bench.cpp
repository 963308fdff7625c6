// ordo_bench_cpu: the CPU backend against the CPU baselines, in one process
// and without CUDA (docs/benchmarks.md#cpu-frontier). Every row is the
// median of --reps timed runs after one warm-up; inputs are restored outside
// the timed region. Writes <out>/cpu.json.
//
//   ordo_bench_cpu [--suite all|sort|sort_idx|rank|segsort|list_rank|rank_sorted]
//                  [--out DIR] [--log2n 26] [--reps 5]
// ORDO_BENCH_CPU_LOG2N sets --log2n's default (list rank runs at log2n - 1);
// ORDO_COMMIT is written into the JSON as the commit measured.
#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <numeric>
#include <parallel/algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>
#if ORDO_BENCH_HAS_TBB
#include <execution>
#endif

#include <nlohmann/json.hpp>

#include "ordo/list_gen.hpp"
#include "ordo/list_rank.hpp"
#include "ordo/primitives.hpp"
#include "ordo/rank.hpp"
#include "ordo/rough_sort.hpp"
#include "ordo/segmented_sort.hpp"

namespace {

struct config {
  std::string suite = "all", out = ".";
  int log2n = 26, reps = 5;
};

nlohmann::json rows = nlohmann::json::array();

template <class Setup, class Run>
double median_ms(int reps, Setup&& setup, Run&& run) {
  setup();
  run();
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    setup();
    const auto a = std::chrono::steady_clock::now();
    run();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// Medians of several jobs timed in alternation (job 0, job 1, ..., job 0,
// ...) after one warm-up round, so that a drifting host (memory state, page
// cache, clocks) weighs on every job of a ratio alike.
struct timed_job {
  std::function<void()> setup, run;
};
std::vector<double> alternating_medians(int reps, const std::vector<timed_job>& jobs) {
  std::vector<std::vector<double>> t(jobs.size());
  for (int r = 0; r <= reps; ++r)
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      jobs[j].setup();
      const auto a = std::chrono::steady_clock::now();
      jobs[j].run();
      if (r > 0) t[j].push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a).count());
    }
  std::vector<double> med;
  for (auto& v : t) {
    std::sort(v.begin(), v.end());
    med.push_back(v[v.size() / 2]);
  }
  return med;
}

void add(const std::string& cap, const std::string& impl, const std::string& key, std::uint64_t n,
         nlohmann::json params, double ms, bool verified, int threads) {
  std::printf("%-14s %-34s %-7s n=%-10llu %s %10.2f ms%s\n", cap.c_str(), impl.c_str(), key.c_str(),
              (unsigned long long)n, params.dump().c_str(), ms, verified ? "" : "  (NOT VERIFIED)");
  std::fflush(stdout);
  rows.push_back({{"capability", cap}, {"impl", impl}, {"key", key}, {"n", n}, {"params", params}, {"ms", ms},
                  {"verified", verified}, {"threads", threads}});
}

template <class K>
std::vector<K> random_keys(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<K> v(n);
  for (auto& x : v) {
    if constexpr (std::is_floating_point_v<K>) x = K(std::int64_t(g()) >> 11) / K(1 << 20);
    else x = K(g());
  }
  return v;
}

template <class K>
const char* key_name() {
  if constexpr (std::is_same_v<K, std::uint32_t>) return "uint32";
  else if constexpr (std::is_same_v<K, std::int32_t>) return "int32";
  else if constexpr (std::is_same_v<K, std::int64_t>) return "int64";
  else if constexpr (std::is_same_v<K, std::uint64_t>) return "uint64";
  else if constexpr (std::is_same_v<K, float>) return "float32";
  else return "float64";
}

const int P = omp_get_max_threads();

// ---- sort: keys alone ----------------------------------------------------
template <class K>
void bench_sort(const config& c) {
  const std::size_t n = std::size_t(1) << c.log2n;
  const std::vector<K> in = random_keys<K>(n, 42);
  std::vector<K> a(n), ref(n);
  auto restore = [&] { std::copy(in.begin(), in.end(), a.begin()); };
  const double gnu = median_ms(c.reps, restore, [&] { __gnu_parallel::sort(a.begin(), a.end()); });
  ref = a;
  add("sort", "__gnu_parallel::sort", key_name<K>(), n, {}, gnu, true, P);
#if ORDO_BENCH_HAS_TBB
  const double par = median_ms(c.reps, restore, [&] { std::sort(std::execution::par, a.begin(), a.end()); });
  add("sort", "std::sort(par) tbb", key_name<K>(), n, {}, par, a == ref, P);
#endif
  const double ordo = median_ms(c.reps, restore, [&] { ordo::sort(ordo::cpu{}, std::span<K>(a)); });
  add("sort", "ordo", key_name<K>(), n, {}, ordo, a == ref, P);
}

// ---- sort_idx: a user comparator, and the built-in order ------------------
struct user_less {  // not ordo::less: takes the comparison sort
  template <class T>
  bool operator()(const T& a, const T& b) const { return a < b; }
};

void bench_sort_idx(const config& c) {
  using K = std::uint32_t;
  const std::size_t n = std::size_t(1) << c.log2n;
  const std::vector<K> keys = random_keys<K>(n, 7);
  std::vector<std::pair<K, std::uint32_t>> pairs(n);
  const double gnu = median_ms(
      c.reps, [&] { for (std::size_t i = 0; i < n; ++i) pairs[i] = {keys[i], std::uint32_t(i)}; },
      [&] {
        __gnu_parallel::stable_sort(pairs.begin(), pairs.end(),
                                    [](const auto& x, const auto& y) { return x.first < y.first; });
      });
  add("sort_idx", "__gnu_parallel::stable_sort pairs", "uint32", n, {{"comparator", "user"}}, gnu, true, P);
  std::vector<std::uint32_t> perm(n);
  std::vector<K> sorted(n);
  auto ok = [&] {
    for (std::size_t i = 0; i < n; ++i)
      if (perm[i] != pairs[i].second || sorted[i] != pairs[i].first) return false;
    return true;
  };
  const double user = median_ms(c.reps, [] {}, [&] {
    ordo::sort_idx(ordo::cpu{}, std::span<const K>(keys), std::span<std::uint32_t>(perm), std::span<K>(sorted),
                   user_less{});
  });
  add("sort_idx", "ordo", "uint32", n, {{"comparator", "user"}}, user, ok(), P);
  const double radix = median_ms(c.reps, [] {}, [&] {
    ordo::sort_idx(ordo::cpu{}, std::span<const K>(keys), std::span<std::uint32_t>(perm), std::span<K>(sorted));
  });
  add("sort_idx", "ordo", "uint32", n, {{"comparator", "ordo::less"}}, radix, ok(), P);
}

// ---- rank of unsorted int32 ----------------------------------------------
void bench_rank(const config& c) {
  using K = std::int32_t;
  const std::size_t n = std::size_t(1) << c.log2n;
  std::vector<K> keys = random_keys<K>(n, 11);
  for (auto& k : keys) k %= std::int32_t(n / 4);  // ties
  // ordo's own sort of (key, index) pairs: the floor rank() is held to,
  // timed in alternation with rank min and average (the order of the rows
  // moved their ratio by a fifth on the 16-core host when timed one after
  // the other).
  std::vector<K> ks(n);
  std::vector<std::uint32_t> idx(n);
  std::vector<double> ranks_min(n), ranks_avg(n);
  std::vector<double> ranks_back(n);
  ordo::rank_options o_min, o_avg, o_back;
  o_min.method = ordo::rank_method::min;
  o_avg.method = ordo::rank_method::average;
  o_back.method = ordo::rank_method::min;
  o_back.variant = ordo::rank_unsorted_variant::sort_back;  // the variant before msd_replay
  const auto none = [] {};
  const std::vector<double> t = alternating_medians(
      c.reps, {{[&] {
                  std::copy(keys.begin(), keys.end(), ks.begin());
                  std::iota(idx.begin(), idx.end(), 0u);
                },
                [&] { ordo::sort(ordo::cpu{}, std::span<K>(ks), std::span<std::uint32_t>(idx)); }},
               {none, [&] { ordo::rank(ordo::cpu{}, std::span<const K>(keys), std::span<double>(ranks_min), o_min); }},
               {none, [&] { ordo::rank(ordo::cpu{}, std::span<const K>(keys), std::span<double>(ranks_avg), o_avg); }},
               {none, [&] { ordo::rank(ordo::cpu{}, std::span<const K>(keys), std::span<double>(ranks_back), o_back); }}});
  add("rank", "ordo sort (key,index)", "int32", n, {}, t[0], std::is_sorted(ks.begin(), ks.end()), P);
  // The baseline: parallel sort of packed (key, index) + one pass (min).
  std::vector<std::uint64_t> packed(n);
  std::vector<double> base(n);
  const double gnu = median_ms(
      c.reps,
      [&] {
        for (std::size_t i = 0; i < n; ++i) packed[i] = (std::uint64_t(std::uint32_t(keys[i]) ^ 0x80000000u) << 32) | i;
      },
      [&] {
        __gnu_parallel::sort(packed.begin(), packed.end());
        std::uint64_t start = 0;
        for (std::size_t i = 0; i < n; ++i) {
          if (i == 0 || (packed[i] >> 32) != (packed[i - 1] >> 32)) start = i;
          base[std::uint32_t(packed[i])] = double(start + 1);
        }
      });
  add("rank", "__gnu_parallel::sort packed + pass", "int32", n, {{"method", "min"}}, gnu, true, P);
  add("rank", "ordo", "int32", n, {{"method", "min"}}, t[1], ranks_min == base, P);
  add("rank", "ordo", "int32", n, {{"method", "min"}, {"variant", "sort_back"}}, t[3], ranks_back == base, P);
  // average: checked against the min ranks' groups (average = min + (size - 1) / 2)
  bool avg_ok = true;
  {
    std::vector<std::uint64_t> size(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) ++size[std::size_t(base[i])];
    for (std::size_t i = 0; i < n && avg_ok; ++i)
      avg_ok = ranks_avg[i] == base[i] + double(size[std::size_t(base[i])] - 1) / 2;
  }
  add("rank", "ordo", "int32", n, {{"method", "average"}}, t[2], avg_ok, P);

  // A float64 column with missing values, as pandas users have it: uniform
  // in [0, 1) (its codes crowd a few binades) with 5% NaN, both variants
  // (checked equal; NaN ranks compared as NaN).
  std::vector<double> f(n);
  {
    std::mt19937_64 g(21);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (auto& x : f) x = u(g) < 0.05 ? std::numeric_limits<double>::quiet_NaN() : u(g);
  }
  std::vector<double> rf(n), rb(n);
  ordo::rank_options fo, fb;  // average, na keep: pandas' defaults
  fb.variant = ordo::rank_unsorted_variant::sort_back;
  const std::vector<double> tf = alternating_medians(
      c.reps, {{none, [&] { ordo::rank(ordo::cpu{}, std::span<const double>(f), std::span<double>(rf), fo); }},
               {none, [&] { ordo::rank(ordo::cpu{}, std::span<const double>(f), std::span<double>(rb), fb); }}});
  bool same = true;
  for (std::size_t i = 0; i < n && same; ++i) same = rf[i] == rb[i] || (std::isnan(rf[i]) && std::isnan(rb[i]));
  add("rank", "ordo", "float64", n, {{"method", "average"}, {"keys", "uniform01 5% NaN"}}, tf[0], same, P);
  add("rank", "ordo", "float64", n, {{"method", "average"}, {"keys", "uniform01 5% NaN"}, {"variant", "sort_back"}}, tf[1],
      same, P);

  // int8 keys (a rating, a category code): automatic counts them, sort_back
  // sorts them as their path did before counting (checked equal).
  std::vector<std::int8_t> k8(n);
  for (std::size_t i = 0; i < n; ++i) k8[i] = std::int8_t(keys[i]);
  std::vector<double> r8(n), r8b(n);
  const std::vector<double> t8 = alternating_medians(
      c.reps, {{none, [&] { ordo::rank(ordo::cpu{}, std::span<const std::int8_t>(k8), std::span<double>(r8), fo); }},
               {none, [&] { ordo::rank(ordo::cpu{}, std::span<const std::int8_t>(k8), std::span<double>(r8b), fb); }}});
  add("rank", "ordo", "int8", n, {{"method", "average"}}, t8[0], r8 == r8b, P);
  add("rank", "ordo", "int8", n, {{"method", "average"}, {"variant", "sort_back"}}, t8[1], r8 == r8b, P);
}

// ---- segmented sort --------------------------------------------------------
std::vector<std::uint64_t> segment_offsets(const std::string& shape, std::size_t n) {
  std::vector<std::uint64_t> off{0};
  std::mt19937_64 g(3);
  while (off.back() < n) {
    std::uint64_t len;
    if (shape == "uniform32") len = 32;
    else if (shape == "uniform2048") len = 2048;
    else if (shape == "uniform1M") len = std::uint64_t(1) << 20;
    else {  // power law: P(len > x) ~ x^-1.2 from 1, capped at n / 16
      const double u = (double(g() >> 11) + 1) / 9007199254740993.0;
      len = std::min<std::uint64_t>(std::uint64_t(std::pow(u, -1 / 1.2)), n / 16);
    }
    off.push_back(std::min<std::uint64_t>(n, off.back() + len));
  }
  return off;
}

void bench_segsort(const config& c) {
  using K = std::uint32_t;
  const std::size_t n = std::size_t(1) << c.log2n;
  const std::vector<K> keys = random_keys<K>(n, 5);
  std::vector<K> out(n), ref(n);
  for (const std::string shape : {"uniform32", "uniform2048", "uniform1M", "powerlaw"}) {
    const auto off = segment_offsets(shape, n);
    const std::int64_t m = std::int64_t(off.size() - 1);
    const double omp = median_ms(c.reps, [] {}, [&] {
#pragma omp parallel for schedule(dynamic, 64)
      for (std::int64_t s = 0; s < m; ++s) {
        std::copy(keys.begin() + off[s], keys.begin() + off[s + 1], ref.begin() + off[s]);
        std::sort(ref.begin() + off[s], ref.begin() + off[s + 1]);
      }
    });
    add("segsort", "OpenMP loop of std::sort", "uint32", n, {{"segments", shape}, {"m", m}}, omp, true, P);
    const double t = median_ms(c.reps, [] {}, [&] {
      ordo::segmented_sort(ordo::cpu{}, std::span<const K>(keys), std::span<K>(out),
                           ordo::by_offsets(std::span<const std::uint64_t>(off)));
    });
    add("segsort", "ordo", "uint32", n, {{"segments", shape}, {"m", m}}, t, out == ref, P);
  }
}

// ---- list rank ---------------------------------------------------------------
void bench_list_rank(const config& c) {
  const std::size_t n = std::size_t(1) << (c.log2n - 1);
  const auto succ = ordo::gen::random_list<std::uint32_t>(n, 9);
  std::vector<std::uint32_t> seq(n), ranks(n);
  const double s = median_ms(c.reps, [] {}, [&] {  // find the head, then walk
    std::vector<char> has_pred(n, 0);
    for (std::size_t i = 0; i < n; ++i)
      if (succ[i] < n && succ[i] != i) has_pred[succ[i]] = 1;
    std::size_t h = 0;
    while (has_pred[h]) ++h;
    for (std::uint32_t r = 0;; ++r) {
      seq[h] = r;
      if (succ[h] >= n || succ[h] == h) break;
      h = succ[h];
    }
  });
  add("list_rank", "sequential walk", "uint32", n, {{"list", "random"}}, s, true, 1);
  const double t = median_ms(c.reps, [] {}, [&] {
    ordo::list_rank(ordo::cpu{}, std::span<const std::uint32_t>(succ), std::span<std::uint32_t>(ranks));
  });
  add("list_rank", "ordo", "uint32", n, {{"list", "random"}}, t, ranks == seq, P);
}

// ---- rank_sorted at every thread count and every recurring probability ------
// ordo's rows take a few ms at 16 threads, where one hiccup of the host is a
// large share of a row: the median of 5 moved between 5 and 16 ms from run to
// run at the same p. They take the median of at least 21 (about 0.1 s a row).
constexpr int fast_row_reps = 21;

void bench_rank_sorted(const config& c) {
  using K = std::int32_t;
  const std::size_t n = std::size_t(1) << c.log2n;
  std::vector<K> keys = random_keys<K>(n, 13);
  for (auto& k : keys) k %= std::int32_t(n / 8);
  __gnu_parallel::sort(keys.begin(), keys.end());
  std::vector<std::uint32_t> seq(n), ranks(n);
  const double s = median_ms(c.reps, [] {}, [&] {  // the paper's loop
    seq[0] = 1;
    for (std::size_t i = 1; i < n; ++i) seq[i] = keys[i] == keys[i - 1] ? seq[i - 1] : std::uint32_t(i + 1);
  });
  add("rank_sorted", "sequential loop", "int32", n, {{"method", "min"}}, s, true, 1);
  for (int p = 1; p <= P; p *= 2) {
    const double t = median_ms(std::max(c.reps, fast_row_reps), [] {}, [&] {
      ordo::rank_sorted(ordo::cpu{p}, std::span<const K>(keys), std::span<std::uint32_t>(ranks));
    });
    add("rank_sorted", "ordo", "int32", n, {{"method", "min"}, {"p", p}}, t, ranks == seq, p);
    if (p < P && p * 2 > P) p = P / 2;  // end on P itself
  }
  // The paper's sweep (Sec. IV): keys[i] repeats keys[i - 1] with probability
  // `recur` (0: all different, 1: all the same), on every worker.
  for (const double recur : {0.0, 0.5, 0.9, 0.99, 0.999, 0.9999, 0.99999, 0.999999, 1.0}) {
    std::mt19937_64 g(17);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    keys[0] = 0;
    for (std::size_t i = 1; i < n; ++i) keys[i] = keys[i - 1] + (u(g) < recur ? 0 : 1);
    const double loop = median_ms(c.reps, [] {}, [&] {
      seq[0] = 1;
      for (std::size_t i = 1; i < n; ++i) seq[i] = keys[i] == keys[i - 1] ? seq[i - 1] : std::uint32_t(i + 1);
    });
    const double t = median_ms(std::max(c.reps, fast_row_reps), [] {}, [&] {
      ordo::rank_sorted(ordo::cpu{}, std::span<const K>(keys), std::span<std::uint32_t>(ranks));
    });
    add("rank_sorted", "sequential loop", "int32", n, {{"method", "min"}, {"recurring", recur}}, loop, true, 1);
    add("rank_sorted", "ordo", "int32", n, {{"method", "min"}, {"recurring", recur}}, t, ranks == seq, P);
  }
}

std::string now_utc() {
  char b[32];
  const std::time_t t = std::time(nullptr);
  std::strftime(b, sizeof b, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return b;
}

}  // namespace

int main(int argc, char** argv) {
  config c;
  if (const char* e = std::getenv("ORDO_BENCH_CPU_LOG2N")) c.log2n = std::atoi(e);
  for (int i = 1; i < argc; i += 2) {
    const std::string f = argv[i];
    if (i + 1 == argc) {  // a lone flag (--help included) must not start a full run
      std::fprintf(stderr,
                   "usage: ordo_bench_cpu [--suite all|sort|sort_idx|rank|segsort|list_rank|rank_sorted] "
                   "[--out DIR] [--log2n K] [--reps R]\n");
      return 2;
    }
    const std::string v = argv[i + 1];
    if (f == "--suite") c.suite = v;
    else if (f == "--out") c.out = v;
    else if (f == "--log2n") c.log2n = std::atoi(v.c_str());
    else if (f == "--reps") c.reps = std::atoi(v.c_str());
    else {
      std::fprintf(stderr, "ordo_bench_cpu: unknown option %s\n", f.c_str());
      return 2;
    }
  }
  if (c.log2n < 12 || c.log2n > 31 || c.reps < 1) {
    std::fprintf(stderr, "ordo_bench_cpu: --log2n in [12, 31], --reps >= 1\n");
    return 2;
  }
  auto on = [&](const char* s) { return c.suite == "all" || c.suite == s; };
  std::printf("ordo_bench_cpu: %d threads, log2n %d, %d reps\n", P, c.log2n, c.reps);
  if (on("sort")) {
    bench_sort<std::uint32_t>(c);
    bench_sort<std::int64_t>(c);
    bench_sort<float>(c);
  }
  if (on("sort_idx")) bench_sort_idx(c);
  if (on("rank")) bench_rank(c);
  if (on("segsort")) bench_segsort(c);
  if (on("list_rank")) bench_list_rank(c);
  if (on("rank_sorted")) bench_rank_sorted(c);
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  const char* commit = std::getenv("ORDO_COMMIT");
  const nlohmann::json doc{{"suite", c.suite}, {"host", host},          {"threads", P},
                           {"log2n", c.log2n}, {"reps", c.reps},        {"date", now_utc()},
                           {"commit", commit ? commit : "unknown"},     {"tbb", bool(ORDO_BENCH_HAS_TBB)},
                           {"rows", rows}};
  // The directory is made if missing; a file that cannot be written is an
  // error (it was silently lost when --out named a directory not yet made).
  std::error_code ec;
  std::filesystem::create_directories(c.out, ec);
  const std::string path = c.out + "/cpu.json";
  std::ofstream f(path);
  f << doc.dump(1) << "\n";
  f.close();
  if (!f) {
    std::fprintf(stderr, "ordo_bench_cpu: cannot write %s\n", path.c_str());
    return 1;
  }
  std::printf("wrote %s\n", path.c_str());
  return 0;
}
