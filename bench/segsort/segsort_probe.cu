// segsort_probe: the selection of Fig. 9 and Fig. 10 (seed 004) re-derived on
// this GPU. For each power-of-two segment length N, every candidate binding
// of a bin is timed on uniform segments of length N (a full bin), key-value
// uint32/uint32 as in the issue's target setting:
//   reg-sort warp bins (Fig. 9): N = M lanes x P elements each, written
//     straight from registers ("orig") or striped after the transpose ("strd")
//   smem-merge block bins (Fig. 10): N = warps x 32 x P
//   radix tiles (segsort_path::radix_tiles, not in the paper): one block of
//     THREADS x ITEMS = N per segment sorts it by LSD radix in shared memory
//   warp bucket (the 128 bin's default): one warp per segment of up to 32 x
//     ITEMS, one pass by the top differing bits and counting in the buckets
// Each candidate's output is checked (segments sorted, values = the stable
// source positions). The winners per N are what dispatch/policies.cuh should
// hold; JSON: <out>/segsort_probe.json. A separate program (not built by
// default, so CI does not compile ~30 extra kernels):
//   ninja ordo_segsort_probe && ordo_segsort_probe [--out DIR] [--log2n K] [--reps R]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "common/gpu_timer.cuh"
#include "common/results.hpp"
#include "ordo/cuda/segmented_sort.cuh"
#include "ordo/device_buffer.hpp"

namespace ordo_bench {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
namespace seg = ordo::detail::segsort;

struct probe_data {
  u64 n;
  std::vector<u32> keys;
  ordo::device_buffer<u32> k_in, v_in, k_out, v_out, list;
  explicit probe_data(u64 n_) : n(n_), keys(n_), k_in(n_), v_in(n_), k_out(n_), v_out(n_), list(n_) {
    std::mt19937_64 g(3);
    for (auto& k : keys) k = u32(g()) & 0xffffu;  // 16-bit keys: ties in every segment, so stability is checked
    k_in.upload(std::span<const u32>(keys));
    std::vector<u32> iota(n);
    for (u64 i = 0; i < n; ++i) iota[i] = u32(i);
    v_in.upload(std::span<const u32>(iota));
    list.upload(std::span<const u32>(iota));  // segment ids 0, 1, ... (a bin's list)
  }
};

bool check(const probe_data& p, u64 len) {
  std::vector<u32> k(p.n), v(p.n);
  p.k_out.download(std::span<u32>(k));
  p.v_out.download(std::span<u32>(v));
  for (u64 b = 0; b < p.n; b += len)
    for (u64 j = b; j < std::min(p.n, b + len); ++j) {
      if (v[j] < b || v[j] >= b + len || p.keys[v[j]] != k[j]) return false;
      if (j > b && (k[j - 1] > k[j] || (k[j - 1] == k[j] && v[j - 1] >= v[j]))) return false;
    }
  return true;
}

struct probe {
  probe_data& data;
  results& res;
  int reps;
  std::map<u64, std::pair<double, std::string>> best;

  // uint32 keys with 4-byte values, ascending.
  seg::code_io<u32> key_value_io() const {
    return {data.k_in.data(), data.k_out.data(), seg::value_mover{data.v_in.data(), data.v_out.data(), 4},
            seg::key_kind::unsigned_int, false, false, false};
  }
  // The probe's segments, all of length len; clears the output keys first.
  auto segments(u64 len) const {
    const auto d = ordo::detail::make_segment_desc("segsort_probe", ordo::fixed_length(len), data.n);
    cudaMemset(data.k_out.data(), 0, data.n * 4);
    return d;
  }

  template <class Bin>
  void run(u64 len, ordo::segsort_write w, const nlohmann::json& binding) {
    const seg::code_io<u32> io = key_value_io();
    const auto d = segments(len);
    const u64 count = d.count;
    const double ms =
        median_ms([&] { seg::launch_bin<Bin, true>(nullptr, io, d, seg::bin_segments{data.list.data(), count}, w, false); }, reps);
    record(len, Bin::describe() + (binding.contains("write") ? " " + binding["write"].get<std::string>() : ""),
           binding, ms);
  }

  void record(u64 len, const std::string& name, const nlohmann::json& binding, double ms) {
    const bool ok = check(data, len);
    nlohmann::json params = binding;
    params["segment_length"] = len;
    row r = timed_row("segsort_probe", "ordo", name, "uint32", data.n, params, ms, 0, ok, false);
    print_and_add(res, r);
    if (ok && (!best.count(len) || ms < best[len].first)) best[len] = {ms, name};
  }

  template <int M, int P>
  void warp(u64 len) {
    using B = seg::warp_bin<M, P, 128>;
    run<B>(len, ordo::segsort_write::direct, {{"bin", "warp"}, {"M", M}, {"P", P}, {"block", 128}, {"write", "orig"}});
    if (M > 1 && P > 1)
      run<B>(len, ordo::segsort_write::striped,
             {{"bin", "warp"}, {"M", M}, {"P", P}, {"block", 128}, {"write", "strd"}});
  }
  template <int THREADS, int ITEMS, int SLOTS = 1>
  void radix(u64 len) {
    const seg::code_io<u32> io = key_value_io();
    const auto d = segments(len);
    auto kernel = seg::radix_bin_kernel<u32, THREADS, true, ITEMS, SLOTS>;
    constexpr int smem = seg::radix_bin_smem_bytes<u32, THREADS, true, ITEMS, SLOTS>();
    ordo::detail::allow_smem(kernel, smem);
    const unsigned blocks = unsigned((d.count + SLOTS - 1) / SLOTS);
    const double ms = median_ms([&] { kernel<<<blocks, THREADS, smem>>>(io, d, seg::bin_segments{data.list.data(), d.count}); }, reps);
    record(len,
           "radix tile threads=" + std::to_string(THREADS) + " items=" + std::to_string(ITEMS) +
               (SLOTS > 1 ? " slots=" + std::to_string(SLOTS) : std::string()),
           {{"bin", "radix"}, {"threads", THREADS}, {"items", ITEMS}, {"slots", SLOTS}}, ms);
  }
  // The warp bucket sort (warp/warp_bucket_sort.cuh): WARPS segments per block, one per warp.
  template <int ITEMS, int WARPS, int MIN_BLOCKS = 0>
  void warp_bucket(u64 len) {
    const seg::code_io<u32> io = key_value_io();
    const auto d = segments(len);
    const unsigned blocks = unsigned((d.count + WARPS - 1) / WARPS);
    const double ms = median_ms(
        [&] { seg::warp_bucket_bin_kernel<u32, ITEMS, WARPS, true, MIN_BLOCKS><<<blocks, WARPS * 32>>>(io, d, seg::bin_segments{data.list.data(), d.count}); },
        reps);
    record(len,
           "warp bucket items=" + std::to_string(ITEMS) + " warps=" + std::to_string(WARPS) +
               (MIN_BLOCKS ? " min_blocks=" + std::to_string(MIN_BLOCKS) : std::string()),
           {{"bin", "warp_bucket"}, {"items", ITEMS}, {"warps", WARPS}, {"min_blocks", MIN_BLOCKS}}, ms);
  }
  template <int W, int P>
  void block(u64 len) {
    run<seg::block_bin<W, P>>(len, ordo::segsort_write::automatic, {{"bin", "block"}, {"warps", W}, {"P", P}});
  }
};

}  // namespace
}  // namespace ordo_bench

int main(int argc, char** argv) {
  using namespace ordo_bench;
  std::string out = ".";
  u64 n = u64(1) << 25;
  int reps = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--out")) out = argv[i + 1];
    else if (!std::strcmp(argv[i], "--log2n")) n = u64(1) << std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--reps")) reps = std::atoi(argv[i + 1]);
  }
  try {
    probe_data data(n);
    results res("segsort_probe");
    probe p{data, res, reps, {}};
    p.warp<1, 2>(2);
    p.warp<1, 4>(4), p.warp<2, 2>(4);
    p.warp<1, 8>(8), p.warp<2, 4>(8), p.warp<4, 2>(8);
    p.warp<1, 16>(16), p.warp<2, 8>(16), p.warp<4, 4>(16), p.warp<8, 2>(16);
    p.warp<2, 16>(32), p.warp<4, 8>(32), p.warp<8, 4>(32), p.warp<16, 2>(32);
    p.warp<4, 16>(64), p.warp<8, 8>(64), p.warp<16, 4>(64), p.warp<32, 2>(64);
    p.warp<8, 16>(128), p.warp<16, 8>(128), p.warp<32, 4>(128), p.block<2, 2>(128);
    p.warp<16, 16>(256), p.warp<32, 8>(256), p.block<2, 4>(256), p.block<4, 2>(256);
    p.warp<32, 16>(512), p.block<2, 8>(512), p.block<4, 4>(512), p.block<8, 2>(512);
    p.block<2, 16>(1024), p.block<4, 8>(1024), p.block<8, 4>(1024), p.block<16, 2>(1024);
    p.block<4, 16>(2048), p.block<8, 8>(2048), p.block<16, 4>(2048);
    p.warp_bucket<2, 4>(64), p.warp_bucket<4, 2>(128), p.warp_bucket<4, 4>(128), p.warp_bucket<4, 8>(128);
    p.warp_bucket<4, 4, 12>(128), p.warp_bucket<4, 8, 6>(128), p.warp_bucket<4, 4, 10>(128);
    p.radix<32, 8, 2>(128), p.radix<64, 8, 4>(128), p.radix<32, 8>(256), p.radix<64, 4>(256), p.radix<64, 8, 2>(256);
    p.radix<32, 16>(512), p.radix<64, 8>(512), p.radix<128, 4>(512);
    p.radix<64, 16>(1024), p.radix<128, 8>(1024), p.radix<256, 4>(1024);
    p.radix<128, 16>(2048), p.radix<256, 8>(2048), p.radix<512, 4>(2048), p.radix<1024, 2>(2048);
    std::printf("\nfastest binding per segment length (a full bin), n = %llu:\n", static_cast<unsigned long long>(n));
    for (const auto& [len, b] : p.best) std::printf("  N = %5llu: %-40s %.3f ms\n", static_cast<unsigned long long>(len), b.second.c_str(), b.first);
    std::printf("\nthe policy in use (dispatch/policies.cuh):\n%s", seg::sm90_policy::describe().c_str());
    res.write(out);
  } catch (const ordo::error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
