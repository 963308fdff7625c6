// ordo_bench_nccl: ordo::nccl on k GPUs of one host, one process per GPU
// (include/ordo/nccl/launch.hpp), for issue 35. Data are made on the GPUs
// (no host copy in the timed region). Each timing: warm-up, then the median
// of --reps runs, each between two barriers (an ncclAllReduce of one int),
// timed with CUDA events, so a run ends when the slowest process ends; the
// reported time is the largest over the processes. Per-phase times
// (ordo::nccl_detail::phase_log) are the largest over the processes too.
//
//   ordo_bench_nccl [--procs k] [--suite all|sort32,pairs32,rank32,weak,baseline]
//                   [--log2n 31] [--log2n-weak 28] [--reps 5] [--out file.json]
// Suites (n totals over the k GPUs):
//   sort32   sort of 2^log2n uint32 keys
//   pairs32  sort of 2^(log2n-1) (uint32, uint32) pairs
//   rank32   rank (min, uint32 ranks) of 2^(log2n-1) int32 keys
//   weak     sort of 2^log2n-weak uint32 keys per GPU
//   baseline (k = 1 only) ordo::cuda on one GPU: sort, pairs and rank of the same totals
#include <cstdlib>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "ordo/device_buffer.hpp"
#include "ordo/nccl.hpp"
#include "ordo/nccl/launch.hpp"

namespace {

using u64 = std::uint64_t;
using nlohmann::json;

struct args {
  std::string suite = "all", out = "nccl_bench.json";
  int log2n = 31, log2n_weak = 28, reps = 5;
  bool has(std::string_view name) const {  // suite: "all" or a comma-separated list
    if (suite == "all") return true;
    std::string_view rest = suite;
    while (!rest.empty()) {
      const std::size_t comma = std::min(rest.find(','), rest.size());
      if (rest.substr(0, comma) == name) return true;
      rest.remove_prefix(std::min(comma + 1, rest.size()));
    }
    return false;
  }
} opt;

__device__ u64 mix(u64 x) {  // splitmix64
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Uniform 32-bit keys of global indices [first, first + n), and their global
// indices as values when asked.
__global__ void fill_kernel(std::uint32_t* keys, std::uint32_t* values, u64 n, u64 first, u64 seed) {
  for (u64 i = blockIdx.x * u64(blockDim.x) + threadIdx.x; i < n; i += u64(gridDim.x) * blockDim.x) {
    keys[i] = std::uint32_t(mix(seed ^ (first + i)) >> 32);
    if (values) values[i] = std::uint32_t(first + i);
  }
}

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}
void check(ncclResult_t e, const char* what) {
  if (e != ncclSuccess) throw std::runtime_error(std::string(what) + ": " + ncclGetErrorString(e));
}

struct bench_ctx {
  const ordo::nccl_launch::context& c;
  ordo::nccl ex;
  ordo::device_buffer<int> one;
  explicit bench_ctx(const ordo::nccl_launch::context& cc)
      : c(cc), ex{cc.comm, cc.stream}, one(ordo::cuda{cc.stream}, 1) {}

  void barrier() {
    check(ncclAllReduce(one.data(), one.data(), 1, ncclInt32, ncclSum, c.comm, c.stream), "ncclAllReduce");
  }
  // The largest value over the processes (host in, host out).
  std::vector<double> max_all(std::vector<double> v) {
    ordo::device_buffer<double> d(ordo::cuda{c.stream}, std::span<const double>(v));
    check(ncclAllReduce(d.data(), d.data(), v.size(), ncclFloat64, ncclMax, c.comm, c.stream), "ncclAllReduce");
    d.download(v);
    return v;
  }
  void fill(std::uint32_t* k, std::uint32_t* v, u64 n, u64 first, u64 seed) {
    fill_kernel<<<4096, 256, 0, c.stream>>>(k, v, n, first, seed);
    check(cudaGetLastError(), "fill_kernel");
  }

  // Median over reps of run() timed between barriers; phases: the median
  // run's phase log, each the largest over the processes.
  json time(const std::string& name, u64 n_total, u64 n_local, const std::function<void(int)>& prepare,
            const std::function<void()>& call, bool distributed) {
    cudaEvent_t a, b;
    check(cudaEventCreate(&a), "cudaEventCreate");
    check(cudaEventCreate(&b), "cudaEventCreate");
    std::vector<double> ms;
    std::vector<std::vector<double>> phases;
    for (int rep = -1; rep < opt.reps; ++rep) {  // rep -1: the warm-up
      prepare(rep);
      ordo::nccl_detail::phase_log log;
      if (distributed) {
        ordo::nccl_detail::set_phase_log(&log);
        barrier();
      }
      check(cudaEventRecord(a, c.stream), "cudaEventRecord");
      call();
      if (distributed) barrier();
      check(cudaEventRecord(b, c.stream), "cudaEventRecord");
      check(cudaEventSynchronize(b), "cudaEventSynchronize");
      ordo::nccl_detail::set_phase_log(nullptr);
      float t = 0;
      check(cudaEventElapsedTime(&t, a, b), "cudaEventElapsedTime");
      if (rep < 0) continue;
      std::vector<double> v{double(t), double(log.received) / double(std::max<u64>(1, n_local))};
      v.insert(v.end(), log.ms, log.ms + ordo::nccl_detail::phase::count);
      if (distributed) v = max_all(v);
      ms.push_back(v[0]);
      phases.push_back(v);
    }
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    std::vector<int> order(ms.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = int(i);
    std::sort(order.begin(), order.end(), [&](int x, int y) { return ms[x] < ms[y]; });
    const auto& med = phases[order[order.size() / 2]];
    json r{{"name", name}, {"k", c.size}, {"n", n_total}, {"n_per_gpu", n_local}, {"ms", med[0]},
           {"gkeys_per_s", double(n_total) / (med[0] * 1e6)}, {"reps_ms", ms}};
    if (distributed) {
      json ph = json::object();
      for (int p = 0; p < ordo::nccl_detail::phase::count; ++p) ph[ordo::nccl_detail::phase_names[p]] = med[2 + p];
      r["phases_ms"] = ph;
      r["largest_part_vs_share"] = med[1];
    }
    if (c.rank == 0)
      std::printf("%-22s k=%d n=%-11llu %9.3f ms %8.2f G keys/s\n", name.c_str(), c.size, (unsigned long long)n_total,
                  med[0], double(n_total) / (med[0] * 1e6));
    return r;
  }
};

int body(const ordo::nccl_launch::context& c) {
  // ORDO_BENCH_POOL_GIB=g: reserve g GiB in the stream's memory pool first
  // (a diagnosis aid: do the calls' allocations grow the pool each time?).
  if (const char* g = std::getenv("ORDO_BENCH_POOL_GIB")) {
    cudaMemPool_t pool;
    int dev = 0;
    check(cudaGetDevice(&dev), "cudaGetDevice");
    check(cudaDeviceGetDefaultMemPool(&pool, dev), "cudaDeviceGetDefaultMemPool");
    std::uint64_t keep = ~std::uint64_t(0);
    check(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep), "cudaMemPoolSetAttribute");
    void* p = nullptr;
    check(cudaMallocAsync(&p, std::size_t(std::stod(g) * double(1ull << 30)), c.stream), "cudaMallocAsync");
    check(cudaFreeAsync(p, c.stream), "cudaFreeAsync");
    check(cudaStreamSynchronize(c.stream), "cudaStreamSynchronize");
  }
  bench_ctx b(c);
  const ordo::cuda one_gpu{c.stream};
  json rows = json::array();
  // Sorts of `total` uint32 keys (pairs: with uint32 values), distributed.
  auto sort_suite = [&](const std::string& name, u64 total, u64 n_local, bool pairs) {
    const u64 first = n_local * u64(c.rank);
    ordo::device_buffer<std::uint32_t> k(one_gpu, n_local), v(one_gpu, pairs ? n_local : 0);
    rows.push_back(b.time(
        name, total, n_local, [&](int rep) { b.fill(k.data(), pairs ? v.data() : nullptr, n_local, first, 17 + rep); },
        [&] {
          if (pairs) ordo::sort(b.ex, k.span(), v.span());
          else ordo::sort(b.ex, k.span());
        },
        true));
  };
  const u64 n = u64(1) << opt.log2n, n2 = n / 2;
  const u64 k = u64(c.size);
  if (opt.has("sort32")) sort_suite("sort32", n, n / k, false);
  if (opt.has("pairs32")) sort_suite("pairs32", n2, n2 / k, true);
  if (opt.has("rank32")) {
    const u64 nl = n2 / k;
    ordo::device_buffer<std::uint32_t> keys(one_gpu, nl), ranks(one_gpu, nl);
    ordo::rank_options o;
    o.method = ordo::rank_method::min;
    rows.push_back(b.time(
        "rank32_min", n2, nl, [&](int rep) { b.fill(keys.data(), nullptr, nl, nl * u64(c.rank), 29 + rep); },
        [&] {
          std::span<const std::int32_t> ik(reinterpret_cast<const std::int32_t*>(keys.data()), nl);
          ordo::rank(b.ex, ik, ranks.span(), o);
        },
        true));
  }
  if (opt.has("weak")) {
    const u64 per = u64(1) << opt.log2n_weak;
    sort_suite("weak_sort32", per * k, per, false);
  }
  if (opt.has("baseline") && c.size == 1) try {  // ordo::cuda on one GPU, the same totals
    ordo::device_buffer<std::uint32_t> keys(one_gpu, n);
    auto prep = [&](int rep) { b.fill(keys.data(), nullptr, n, 0, 17 + rep); };
    for (auto variant : {ordo::sort_variant::automatic, ordo::sort_variant::radix_sort}) {
      ordo::sort_options so;
      so.variant = variant;
      rows.push_back(b.time(variant == ordo::sort_variant::automatic ? "baseline_sort32_cuda"
                                                                      : "baseline_sort32_cuda_radix",
                            n, n, prep, [&] { ordo::sort(one_gpu, keys.span(), so); }, false));
    }
    keys = ordo::device_buffer<std::uint32_t>();
    ordo::device_buffer<std::uint32_t> k2(one_gpu, n2), v2(one_gpu, n2);
    rows.push_back(b.time(
        "baseline_pairs32_cuda", n2, n2, [&](int rep) { b.fill(k2.data(), v2.data(), n2, 0, 17 + rep); },
        [&] { ordo::sort(one_gpu, k2.span(), v2.span()); }, false));
    ordo::rank_options o;
    o.method = ordo::rank_method::min;
    rows.push_back(b.time(
        "baseline_rank32_min_cuda", n2, n2, [&](int rep) { b.fill(k2.data(), nullptr, n2, 0, 29 + rep); },
        [&] {
          std::span<const std::int32_t> ik(reinterpret_cast<const std::int32_t*>(k2.data()), n2);
          ordo::rank(one_gpu, ik, v2.span(), o);
        },
        false));
  } catch (const ordo::error& e) {  // where the totals do not fit one GPU: say so, keep the other rows
    if (e.code() != ordo::errc::out_of_memory) throw;
    std::printf("baseline skipped: %s\n", e.what());
    rows.push_back(json{{"name", "baseline"}, {"skipped", e.what()}});
  }
  if (c.rank == 0) {
    cudaDeviceProp prop{};
    check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
    int driver = 0;
    cudaDriverGetVersion(&driver);
    int nccl_version = 0;
    ncclGetVersion(&nccl_version);
    json doc{{"bench", "ordo_bench_nccl"}, {"device", prop.name}, {"k", c.size}, {"cuda_driver", driver},
             {"nccl_version", nccl_version}, {"reps", opt.reps}, {"rows", rows}};
    std::ofstream(opt.out) << doc.dump(2) << "\n";
    std::printf("wrote %s\n", opt.out.c_str());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const int want = ordo::nccl_launch::take_procs_arg(argc, argv);
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(a + " needs a value");
      return argv[++i];
    };
    if (a == "--suite") opt.suite = next();
    else if (a == "--out") opt.out = next();
    else if (a == "--log2n") opt.log2n = std::stoi(next());
    else if (a == "--log2n-weak") opt.log2n_weak = std::stoi(next());
    else if (a == "--reps") opt.reps = std::max(1, std::stoi(next()));
    else {
      std::fprintf(stderr,
                   "usage: ordo_bench_nccl [--procs k] [--suite all|sort32,pairs32,rank32,weak,baseline] "
                   "[--log2n 31] [--log2n-weak 28] [--reps 5] [--out file.json]\n");
      return 2;
    }
  }
  const int gpus = ordo::nccl_launch::visible_gpus();
  if (gpus == 0) {
    std::printf("no CUDA device: nothing to measure\n");
    return 0;
  }
  const int k = want ? want : gpus;
  if (k > gpus) {
    std::fprintf(stderr, "--procs %d: only %d GPUs visible\n", k, gpus);
    return 1;
  }
  return ordo::nccl_launch::run(k, body) ? 1 : 0;
}
