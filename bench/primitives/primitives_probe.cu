// primitives_probe: tile-policy candidates for merge and sort_idx, timed on
// the target sizes, to choose the defaults in dispatch/policies.cuh. Not a
// results file: it prints one line per candidate (and runs each kernel once
// for a profiler with --suite primitives_probe --reps 0).
// ORDO_PROBE_SECTIONS=merge,reduce runs those sections alone (sort_idx,
// merge, reduce, segmented_scan, fork).
#include <cub/device/device_merge.cuh>
#include <cub/device/device_reduce.cuh>
#include <thrust/sequence.h>
#include <thrust/execution_policy.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "common/cub_helpers.cuh"
#include "common/gpu_timer.cuh"
#include "common/cub_count.hpp"
#include "common/options.hpp"
#include "ordo/cuda/primitives.cuh"
#include "ordo/device_buffer.hpp"

namespace ordo_bench {
namespace {

using u32 = std::uint32_t;
template <int T, int I, int B = 0>
using pol = ordo::detail::prim::tile_policy<T, I, B>;

template <class S, class M>
void probe_sort(const char* name, ordo::device_buffer<u32>& keys, ordo::device_buffer<u32>& perm, int reps) {
  auto run = [&] {
    ordo::detail::sort_idx_with<S, M, ordo::detail::prim::sample_sort_default_policy>(
        ordo::cuda{}, std::as_const(keys).span(), perm.span(), std::span<u32>(), ordo::less{},
        {.variant = ordo::sort_idx_variant::merge_path});
  };
  if (reps == 0) return run();
  std::printf("sort_idx n=%zu sort %dx%d merge %dx%d (%s): %.3f ms\n", keys.size(), S::threads, S::items, M::threads,
              M::items, name, median_ms(run, reps));
}

template <class P>
void probe_sample(const char* name, ordo::device_buffer<u32>& keys, ordo::device_buffer<u32>& perm, int reps) {
  using namespace ordo::detail::prim;
  auto run = [&] {
    ordo::detail::sort_idx_with<sort_tile_policy, sort_merge_policy, P>(
        ordo::cuda{}, std::as_const(keys).span(), perm.span(), std::span<u32>(), ordo::less{},
        {.variant = ordo::sort_idx_variant::sample_sort});
  };
  if (reps == 0) return run();
  std::printf("sort_idx n=%zu sample_sort split %dx%d buckets %d sample %d target %d sort %dx%d (%s): %.3f ms\n",
              keys.size(), P::split_threads, P::split_items, P::buckets, P::sample_threads * P::sample_items,
              P::target, P::sort_threads, P::sort_items, name, median_ms(run, reps));
}

template <class P>
void probe_merge(ordo::device_buffer<u32>& a, ordo::device_buffer<u32>& b, ordo::device_buffer<u32>& out, int reps) {
  auto run = [&] {
    ordo::detail::launch_merge_path<P, u32, u32>(ordo::cuda{}, a.data(), nullptr, b.data(), nullptr,
                                                 {a.size(), b.size(), 0}, out.size(), out.data(), nullptr, ordo::less{});
  };
  if (reps == 0) return run();
  std::printf("merge keys n=%zu %dx%d batch %d: %.3f ms\n", out.size(), P::threads, P::items, P::load_batch,
              median_ms(run, reps));
}

// Pairs (uint32 key, V value), the value the key's position.
template <class P, class V>
void probe_merge_pairs(ordo::device_buffer<u32>& a, ordo::device_buffer<u32>& b, ordo::device_buffer<V>& av,
                       ordo::device_buffer<V>& bv, ordo::device_buffer<u32>& out, ordo::device_buffer<V>& outv,
                       int reps) {
  auto run = [&] {
    ordo::detail::launch_merge_path<P, u32, V>(ordo::cuda{}, a.data(), av.data(), b.data(), bv.data(),
                                               {a.size(), b.size(), 0}, out.size(), out.data(), outv.data(),
                                               ordo::less{});
  };
  if (reps == 0) return run();
  std::printf("merge pairs (uint32, %zu-byte) n=%zu %dx%d batch %d: %.3f ms\n", sizeof(V), out.size(), P::threads,
              P::items, P::load_batch, median_ms(run, reps));
}

using ordo_bench::cub_temp;  // CUB's storage sized once, outside the timing

// Runs a section unless ORDO_PROBE_SECTIONS names others ("merge,reduce").
bool section(const char* name) {
  const char* e = std::getenv("ORDO_PROBE_SECTIONS");
  return !e || std::strstr(e, name) != nullptr;
}

// ordo::reduce is 1.15x DeviceReduce::Sum on 2^28 keys though both are CUB:
// the same call with CUB's storage allocated once, and with the
// reduce-with-init form ordo makes, tell the wrapper from the kernel.
template <class T>
void probe_reduce(std::uint64_t n, int reps) {
  ordo::device_buffer<T> in(n), out(1);
  thrust::sequence(thrust::device, in.data(), in.data() + n, T(0));
  cub_temp t;
  auto ordo_red = [&] { ordo::reduce(ordo::cuda{}, std::as_const(in).span(), out.span(), ordo::plus{}); };
  auto cub_sum = [&] {
    t.run([&](void* p, std::size_t& b) { return cub::DeviceReduce::Sum(p, b, in.data(), out.data(), cub_count(n)); });
  };
  auto cub_reduce = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceReduce::Reduce(p, b, in.data(), out.data(), cub_count(n), ::cuda::std::plus<>{}, T(0));
    });
  };
  auto cub_sum_alloc = [&] {
    std::size_t bytes = 0;
    cub::DeviceReduce::Sum(nullptr, bytes, in.data(), out.data(), cub_count(n));
    ordo::device_buffer<unsigned char> temp(bytes);
    cub::DeviceReduce::Sum(temp.data(), bytes, in.data(), out.data(), cub_count(n));
  };
  if (reps == 0) return ordo_red();
  for (int round = 0; round < 2; ++round) {
    std::printf("reduce %zu-byte n=%zu: ordo::reduce %.4f ms, cub Sum %.4f, cub Reduce(plus, 0) %.4f, "
                "cub Sum with its storage allocated per call %.4f\n",
                sizeof(T), std::size_t(n), median_ms(ordo_red, reps), median_ms(cub_sum, reps),
                median_ms(cub_reduce, reps), median_ms(cub_sum_alloc, reps));
  }
}

// The segmented scan's tile: in 2^28 uint32 values, ~1 head per 1000.
template <class P>
void probe_segmented_scan(ordo::device_buffer<u32>& in, ordo::device_buffer<std::uint8_t>& heads,
                          ordo::device_buffer<u32>& out, int reps) {
  auto run = [&] {
    ordo::detail::segmented_scan_cuda<u32, u32, ordo::plus, P>(ordo::cuda{}, in.data(), heads.data(), in.size(),
                                                               out.data(), ordo::plus{}, 0u, false, false);
  };
  if (reps == 0) return run();
  std::printf("segmented scan n=%zu %dx%d: %.3f ms\n", in.size(), P::threads, P::items, median_ms(run, reps));
}

template <class P>
void probe_fork(ordo::device_buffer<u32>& counts, ordo::device_buffer<u32>& parent, ordo::device_buffer<u32>& sibling,
                int reps) {
  auto run = [&] {
    ordo::detail::fork_with<P>(ordo::cuda{}, std::as_const(counts).span(), parent.span(), sibling.span(), {});
  };
  if (reps == 0) return run();
  std::printf("fork children=%zu %dx%d: %.3f ms\n", parent.size(), P::threads, P::items, median_ms(run, reps));
}

}  // namespace

void run_primitives_probe(const options& opt) {
  std::mt19937_64 g(1);
  if (section("sort_idx")) {
    const std::uint64_t n = opt.n >> 2;
    std::vector<u32> h(n);
    for (auto& x : h) x = u32(g());
    ordo::device_buffer<u32> keys{std::span<const u32>(h)}, perm(n);
    using ordo::detail::prim::sample_sort_policy;
    probe_sample<ordo::detail::prim::sample_sort_default_policy>("default", keys, perm, opt.reps);
    probe_sample<sample_sort_policy<512, 16, 256, 256, 16, 1024, 256, 16>>("", keys, perm, opt.reps);
    probe_sample<sample_sort_policy<256, 16, 256, 256, 16, 1024, 128, 16>>("", keys, perm, opt.reps);
    probe_sample<sample_sort_policy<512, 8, 256, 256, 16, 1024, 128, 16>>("", keys, perm, opt.reps);
    probe_sample<sample_sort_policy<512, 16, 256, 256, 16, 2048, 256, 16>>("", keys, perm, opt.reps);
    probe_sample<sample_sort_policy<512, 16, 256, 256, 16, 1024, 128, 8>>("", keys, perm, opt.reps);
    probe_sort<pol<256, 32>, pol<128, 16>>("default", keys, perm, opt.reps);
    probe_sort<pol<256, 16>, pol<128, 16>>("", keys, perm, opt.reps);
    probe_sort<pol<256, 32>, pol<128, 32>>("", keys, perm, opt.reps);
    probe_sort<pol<256, 32>, pol<64, 32>>("", keys, perm, opt.reps);
    probe_sort<pol<512, 16>, pol<128, 16>>("", keys, perm, opt.reps);
  }
  if (section("merge")) {
    const std::uint64_t half = opt.n >> 1;
    std::vector<u32> ha(half), hb(half);
    for (auto& x : ha) x = u32(g());
    for (auto& x : hb) x = u32(g());
    std::sort(ha.begin(), ha.end());
    std::sort(hb.begin(), hb.end());
    ordo::device_buffer<u32> a{std::span<const u32>(ha)}, b{std::span<const u32>(hb)}, out(2 * half);
    cub_temp t;
    auto cub_keys = [&] {
      t.run([&](void* p, std::size_t& bytes) {
        return cub::DeviceMerge::MergeKeys(p, bytes, a.data(), std::int64_t(half), b.data(), std::int64_t(half),
                                           out.data(), ::cuda::std::less<>{});
      });
    };
    // Keys only: 0.76 ms against CUB MergeKeys' 0.63 on the H200 at 2^28 (256x32, a plain staging loop;
    // 4-16 loads in flight per thread only cost occupancy). Odd items index shared memory unpadded;
    // batch == items loads a full tile at once, unguarded (CUB's 512 x 15 form).
    for (int round = 0; round < 2; ++round) {
      if (opt.reps) std::printf("merge keys n=%zu cub MergeKeys: %.3f ms\n", out.size(), median_ms(cub_keys, opt.reps));
      else cub_keys();
      probe_merge<pol<256, 32>>(a, b, out, opt.reps);
      probe_merge<pol<256, 32, 32>>(a, b, out, opt.reps);
      probe_merge<pol<512, 15, 15>>(a, b, out, opt.reps);
      probe_merge<pol<512, 15>>(a, b, out, opt.reps);
      probe_merge<pol<256, 15, 15>>(a, b, out, opt.reps);
      probe_merge<pol<256, 31, 31>>(a, b, out, opt.reps);
      probe_merge<pol<256, 17, 17>>(a, b, out, opt.reps);
      probe_merge<pol<128, 31, 31>>(a, b, out, opt.reps);
      probe_merge<pol<512, 23, 23>>(a, b, out, opt.reps);
      if (!opt.reps) break;
    }
    ordo::device_buffer<u32> av(half), bv(half), outv(2 * half);
    thrust::sequence(thrust::device, av.data(), av.data() + half, 0u);
    thrust::sequence(thrust::device, bv.data(), bv.data() + half, u32(half));
    auto cub_pairs = [&] {
      t.run([&](void* p, std::size_t& bytes) {
        return cub::DeviceMerge::MergePairs(p, bytes, a.data(), av.data(), std::int64_t(half), b.data(), bv.data(),
                                            std::int64_t(half), out.data(), outv.data(), ::cuda::std::less<>{});
      });
    };
    if (opt.reps) std::printf("merge pairs (uint32, 4-byte) cub MergePairs: %.3f ms\n", median_ms(cub_pairs, opt.reps));
    probe_merge_pairs<pol<256, 32>>(a, b, av, bv, out, outv, opt.reps);
    probe_merge_pairs<pol<512, 15, 15>>(a, b, av, bv, out, outv, opt.reps);
    probe_merge_pairs<pol<256, 15, 15>>(a, b, av, bv, out, outv, opt.reps);
    probe_merge_pairs<pol<256, 31, 31>>(a, b, av, bv, out, outv, opt.reps);
    ordo::device_buffer<std::uint64_t> av8(half), bv8(half), outv8(2 * half);
    thrust::sequence(thrust::device, av8.data(), av8.data() + half, std::uint64_t(0));
    thrust::sequence(thrust::device, bv8.data(), bv8.data() + half, std::uint64_t(half));
    auto cub_pairs8 = [&] {
      t.run([&](void* p, std::size_t& bytes) {
        return cub::DeviceMerge::MergePairs(p, bytes, a.data(), av8.data(), std::int64_t(half), b.data(), bv8.data(),
                                            std::int64_t(half), out.data(), outv8.data(), ::cuda::std::less<>{});
      });
    };
    // (uint32, uint64): 256x16 2.29 ms, with 4 loads in flight 1.92, 512x8 1.80 against MergePairs' 1.94.
    if (opt.reps) std::printf("merge pairs (uint32, 8-byte) cub MergePairs: %.3f ms\n", median_ms(cub_pairs8, opt.reps));
    probe_merge_pairs<pol<256, 16>>(a, b, av8, bv8, out, outv8, opt.reps);
    probe_merge_pairs<pol<512, 8, 8>>(a, b, av8, bv8, out, outv8, opt.reps);
    probe_merge_pairs<pol<512, 7, 7>>(a, b, av8, bv8, out, outv8, opt.reps);
    probe_merge_pairs<pol<512, 9, 9>>(a, b, av8, bv8, out, outv8, opt.reps);
    probe_merge_pairs<pol<256, 15, 15>>(a, b, av8, bv8, out, outv8, opt.reps);
    probe_merge_pairs<pol<512, 15, 15>>(a, b, av8, bv8, out, outv8, opt.reps);
  }
  if (section("reduce")) {
    probe_reduce<std::int32_t>(opt.n, opt.reps);
    probe_reduce<std::int64_t>(opt.n, opt.reps);
  }
  if (section("segmented_scan")) {
    std::vector<std::uint8_t> h8(opt.n, 0);
    for (std::uint64_t i = 0; i < opt.n; i += 997) h8[i] = 1;
    ordo::device_buffer<std::uint8_t> heads{std::span<const std::uint8_t>(h8)};
    ordo::device_buffer<u32> in(opt.n), out(opt.n);
    thrust::sequence(thrust::device, in.data(), in.data() + opt.n, 0u);
    probe_segmented_scan<pol<256, 16>>(in, heads, out, opt.reps);
    probe_segmented_scan<pol<128, 16>>(in, heads, out, opt.reps);
    probe_segmented_scan<pol<128, 24>>(in, heads, out, opt.reps);
    probe_segmented_scan<pol<256, 8>>(in, heads, out, opt.reps);
    probe_segmented_scan<pol<512, 8>>(in, heads, out, opt.reps);
    probe_segmented_scan<pol<256, 24>>(in, heads, out, opt.reps);
  }
  if (section("fork")) {  // fork: 2^24 parents, 2^28 children (uniform 16 each: the tile cost, not the skew)
    const std::uint64_t np = opt.n >> 4;
    std::vector<u32> c(np, 16);
    ordo::device_buffer<u32> counts{std::span<const u32>(c)}, parent(opt.n), sibling(opt.n);
    probe_fork<pol<256, 8>>(counts, parent, sibling, opt.reps);
    probe_fork<pol<256, 16>>(counts, parent, sibling, opt.reps);
    probe_fork<pol<128, 16>>(counts, parent, sibling, opt.reps);
    probe_fork<pol<128, 32>>(counts, parent, sibling, opt.reps);
  }
  ORDO_CUDA_CHECK(cudaDeviceSynchronize());
}

}  // namespace ordo_bench
