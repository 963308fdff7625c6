// primitives_probe: tile-policy candidates for merge and sort_idx, timed on
// the target sizes, to choose the defaults in dispatch/policies.cuh. Not a
// results file: it prints one line per candidate (and runs each kernel once
// for a profiler with --suite primitives_probe --reps 0).
#include <thrust/sequence.h>
#include <thrust/execution_policy.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

#include "common/gpu_timer.cuh"
#include "common/options.hpp"
#include "ordo/cuda/primitives.cuh"
#include "ordo/device_buffer.hpp"

namespace ordo_bench {
namespace {

using u32 = std::uint32_t;
template <int T, int I>
using pol = ordo::detail::prim::tile_policy<T, I>;

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
  std::printf("merge keys n=%zu %dx%d: %.3f ms\n", out.size(), P::threads, P::items, median_ms(run, reps));
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
  const std::uint64_t n = opt.n >> 2;
  std::vector<u32> h(n);
  std::mt19937_64 g(1);
  for (auto& x : h) x = u32(g());
  ordo::device_buffer<u32> keys{std::span<const u32>(h)}, perm(n);
  {
    using ordo::detail::prim::sample_sort_policy;
    probe_sample<ordo::detail::prim::sample_sort_default_policy>("default", keys, perm, opt.reps);
    probe_sample<sample_sort_policy<512, 16, 256, 256, 16, 1024, 256, 16>>("", keys, perm, opt.reps);
    probe_sample<sample_sort_policy<256, 16, 256, 256, 16, 1024, 128, 16>>("", keys, perm, opt.reps);
    probe_sample<sample_sort_policy<512, 8, 256, 256, 16, 1024, 128, 16>>("", keys, perm, opt.reps);
    probe_sample<sample_sort_policy<512, 16, 256, 256, 16, 2048, 256, 16>>("", keys, perm, opt.reps);
    probe_sample<sample_sort_policy<512, 16, 256, 256, 16, 1024, 128, 8>>("", keys, perm, opt.reps);
  }
  probe_sort<pol<256, 32>, pol<128, 16>>("default", keys, perm, opt.reps);
  probe_sort<pol<256, 16>, pol<128, 16>>("", keys, perm, opt.reps);
  probe_sort<pol<256, 32>, pol<128, 32>>("", keys, perm, opt.reps);
  probe_sort<pol<256, 32>, pol<64, 32>>("", keys, perm, opt.reps);
  probe_sort<pol<512, 16>, pol<128, 16>>("", keys, perm, opt.reps);
  const std::uint64_t half = opt.n >> 1;
  std::vector<u32> ha(half), hb(half);
  for (auto& x : ha) x = u32(g());
  for (auto& x : hb) x = u32(g());
  std::sort(ha.begin(), ha.end());
  std::sort(hb.begin(), hb.end());
  ordo::device_buffer<u32> a{std::span<const u32>(ha)}, b{std::span<const u32>(hb)}, out(2 * half);
  probe_merge<pol<128, 32>>(a, b, out, opt.reps);
  probe_merge<pol<256, 32>>(a, b, out, opt.reps);
  probe_merge<pol<64, 32>>(a, b, out, opt.reps);
  probe_merge<pol<128, 48>>(a, b, out, opt.reps);
  probe_merge<pol<64, 64>>(a, b, out, opt.reps);
  // keys only is behind CUB's MergeKeys on the H200 (0.77 vs 0.63 ms at 2^28): smaller tiles
  probe_merge<pol<256, 8>>(a, b, out, opt.reps);
  probe_merge<pol<256, 12>>(a, b, out, opt.reps);
  probe_merge<pol<256, 16>>(a, b, out, opt.reps);
  probe_merge<pol<512, 8>>(a, b, out, opt.reps);
  probe_merge<pol<128, 16>>(a, b, out, opt.reps);
  {
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
  {  // fork: 2^24 parents, 2^28 children (uniform 16 each: the tile cost, not the skew)
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
