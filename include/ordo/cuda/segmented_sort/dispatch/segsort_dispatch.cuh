// Dispatch for the segmented sort: a histogram pass (one read-back that also
// carries the validation result and the longest segment); if every segment is
// short and they are in order, the short-tile path; else bin, then one launch
// per non-empty bin:
// unit copy, reg-sort warp bins, smem-merge block bins, and the grid bin's
// chunk sort and merge passes. Everything after the read-back is enqueued on
// the stream without waiting. By_bounds segments are first checked for
// overlaps under `validate` (overlap_check.cuh: one or two more read-backs).
// Without a host synchronisation (host_sync = false) nothing is read back:
// bin_plan_kernel makes the host's choices on the device, and every launch
// after it is sized from bounds the host knows (segsort_run_deferred).
#pragma once
#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/cuda/segmented_sort/dispatch/overlap_check.cuh"
#include "ordo/cuda/segmented_sort/dispatch/policies.cuh"
#include "ordo/cuda/segmented_sort/kernel/bin_kernels.cuh"
#include "ordo/cuda/segmented_sort/kernel/bin_plan_kernel.cuh"
#include "ordo/cuda/segmented_sort/kernel/grid_partition_kernels.cuh"
#include "ordo/cuda/segmented_sort/kernel/radix_tile_kernels.cuh"
#include "ordo/cuda/segmented_sort/kernel/reg_sort_kernels.cuh"
#include "ordo/cuda/segmented_sort/kernel/short_tile_kernels.cuh"
#include "ordo/cuda/segmented_sort/kernel/smem_merge_kernels.cuh"
#include "ordo/cuda/segmented_sort/kernel/warp_bucket_kernels.cuh"
#include "ordo/segmented_sort.hpp"

namespace ordo::detail::segsort {

inline bool striped_for(segsort_write w, int P) {
  if (w == segsort_write::automatic) return P >= 4;
  return w == segsort_write::striped;
}

template <class IO>
inline constexpr bool is_code_io = false;
template <class Code>
inline constexpr bool is_code_io<code_io<Code>> = true;

// A bin kernel's grid: `blocks` where the host knows the bin's size, else
// (the size is a bound) at most what fits on the device at once, the
// kernel looping over the rest (block/bin_segments.cuh).
template <class Kernel>
unsigned bin_grid(Kernel kernel, const bin_segments& L, u64 blocks, int threads, int smem) {
  if (L.plan == nullptr) return unsigned(blocks);
  return unsigned(std::min<u64>(blocks, resident_blocks(kernel, threads, smem)));
}

template <int THREADS, int ITEMS, bool POS, int SLOTS, class K>
void launch_radix_bin(cudaStream_t s, const code_io<K>& io, const segment_desc& d, const bin_segments& L) {
  if (L.count == 0) return;
  auto kernel = radix_bin_kernel<K, THREADS, POS, ITEMS, SLOTS>;
  constexpr int smem = radix_bin_smem_bytes<K, THREADS, POS, ITEMS, SLOTS>();
  allow_smem(kernel, smem);
  kernel<<<bin_grid(kernel, L, (L.count + SLOTS - 1) / SLOTS, THREADS, smem), THREADS, smem, s>>>(io, d, L);
  ORDO_CUDA_LAUNCH_CHECK("radix_bin_kernel");
}

template <int ITEMS, int WARPS, bool POS, class K>
void launch_warp_bucket_bin(cudaStream_t s, const code_io<K>& io, const segment_desc& d, const bin_segments& L) {
  if (L.count == 0) return;
  auto kernel = warp_bucket_bin_kernel<K, ITEMS, WARPS, POS>;
  kernel<<<bin_grid(kernel, L, ceil_blocks(L.count, WARPS), WARPS * 32, 0), WARPS * 32, 0, s>>>(io, d, L);
  ORDO_CUDA_LAUNCH_CHECK("warp_bucket_bin_kernel");
}

// The split rule's tile: `items` of the bin's tile, cut to split_low's share.
template <int items>
constexpr int split_items() {
  static_assert(items % (1 << split_low::den_log2) == 0, "the lower part's tile is a whole share of the bin's");
  return items / (1 << split_low::den_log2) * split_low::num;
}

// low: the bin's lower part (len <= 3/4 of Bin::n), split off by the
// binning when radix tiles sort a bin that lists split_low. The strategy and
// the routes come from the bin's type (policies.cuh).
template <class Bin, bool POS, class IO>
void launch_bin(cudaStream_t s, const IO& io, const segment_desc& d, const bin_segments& L, segsort_write w, bool radix,
                const bin_segments& low = {}) {
  using K = typename IO::key_t;
  if constexpr (is_code_io<IO> && (Bin::warp_bucket || Bin::radix_tile)) {
    if (radix) {
      if constexpr (Bin::warp_bucket) {  // a warp per segment
        constexpr int items = Bin::n / 32, W = radix_tile_policy::warp_bucket_warps;
        launch_warp_bucket_bin<items, W, POS>(s, io, d, L);
        if constexpr (Bin::split) launch_warp_bucket_bin<split_items<items>(), W, POS>(s, io, d, low);
      } else {  // block radix sorts, the lower part in 3/4 of the tile
        using P = radix_tile_policy;
        constexpr int slots = P::slots(Bin::n), threads = P::bin_threads(Bin::n), items = Bin::n * slots / threads;
        launch_radix_bin<threads, items, POS, slots>(s, io, d, L);
        if constexpr (Bin::split) launch_radix_bin<threads, split_items<items>(), POS, slots>(s, io, d, low);
      }
      return;
    }
  }
  if (L.count == 0) return;
  if constexpr (Bin::strategy == bin_strategy::reg_sort) {
    auto kernel = reg_sort_bin_kernel<Bin::M, Bin::P, Bin::block, POS, IO>;
    const unsigned blocks = bin_grid(kernel, L, ceil_blocks(L.count * Bin::M, Bin::block), Bin::block, 0);
    kernel<<<blocks, Bin::block, 0, s>>>(io, d, L, striped_for(w, Bin::P));
    ORDO_CUDA_LAUNCH_CHECK("reg_sort_bin_kernel");
  } else {
    auto kernel = smem_merge_bin_kernel<Bin::warps, Bin::P, POS, IO>;
    const int smem = block_sort_smem_bytes<K>(Bin::n, POS);
    allow_smem(kernel, smem);
    kernel<<<bin_grid(kernel, L, L.count, Bin::warps * 32, smem), Bin::warps * 32, smem, s>>>(io, d, L);
    ORDO_CUDA_LAUNCH_CHECK("smem_merge_bin_kernel");
  }
}

// One launch_bin per bin of the list, in order (L: every list). Bin b's
// lower part, when split off, has list index top + 2 + (b - split_from)
// (see bin_of).
template <class Bins, bool POS, class IO>
void launch_bins(cudaStream_t s, const IO& io, const segment_desc& d, const bin_segments* L, segsort_write w, bool radix,
                 int split_from) {
  Bins::for_each_bin([&](auto bin) {
    constexpr int b = decltype(bin)::value;
    const int low = b >= split_from ? Bins::top_log2 + 2 + (b - split_from) : -1;
    launch_bin<typename Bins::template bin<b>, POS>(s, io, d, L[b], w, radix, low >= 0 ? L[low] : bin_segments{});
  });
}

// A grid over the grid bin's chunks (or its segments: items = G): one block
// each where the host knows them, else (bounds) what fits on the device at
// once, the kernels looping (for_each_block_item).
template <class Kernel>
unsigned chunk_grid(Kernel kernel, const grid_bin& gb, u64 items, int threads, int smem) {
  if (gb.plan == nullptr) return unsigned(items);
  return unsigned(std::min<u64>(items, resident_blocks(kernel, threads, smem)));
}

// The grid bin's partition path (kernel/grid_partition_kernels.cuh) for
// the segments of T < len <= partition_max_len: sorts them into the output,
// through k / p (the grid bin's scratch), and marks them in `partitioned`
// for the chunk sorts and merge passes to skip; a segment with a sub-bucket
// too large for a block stays unmarked. Enqueued without waiting.
template <class Policy, bool POS, class Code>
void run_grid_partition(const cuda& exec, const code_io<Code>& io, const grid_bin& gb, u64 chunks, Code* k, u32* p,
                        u32* partitioned) {
  constexpr int threads = radix_tile_policy::grid_threads, items = radix_tile_policy::grid_items;
  constexpr int T = threads * items, TILE = Policy::grid_threads * Policy::grid_items;
  constexpr int CT = Policy::grid_threads, CI = Policy::grid_items;  // the chunk passes: a block per chunk
  cudaStream_t s = exec.stream;
  const u64 G = gb.G;
  scratch<u64> sub_base(exec, G + 1), start(exec, chunks + 1);
  scratch<unsigned long long> count(exec, chunks + 1), cursor(exec, chunks);
  scratch<unsigned> differ(exec, G * 2 * grid_parts<Code>::WORDS);
  const grid_parts<Code> parts{sub_base.data(), count.data(), start.data(), cursor.data(), differ.data(), partitioned};
  ORDO_CUDA_CHECK(cudaMemsetAsync(sub_base.data() + G, 0, sizeof(u64), s));
  ORDO_CUDA_CHECK(cudaMemsetAsync(count.data(), 0, (chunks + 1) * sizeof(unsigned long long), s));
  grid_parts_init_kernel<T><<<elementwise_blocks(G), 256, 0, s>>>(gb, parts);
  ORDO_CUDA_LAUNCH_CHECK("grid_parts_init_kernel");
  std::size_t scan_bytes = 0, count_bytes = 0;
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, scan_bytes, sub_base.data(), sub_base.data(), G + 1, s));
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, count_bytes, count.data(), start.data(), chunks + 1, s));
  scratch<unsigned char> temp(exec, scan_bytes > count_bytes ? scan_bytes : count_bytes);
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp.data(), scan_bytes, sub_base.data(), sub_base.data(), G + 1, s));
  const auto grid = [&](auto kernel, int block, int bytes) { return chunk_grid(kernel, gb, chunks, block, bytes); };
  auto differ_kernel = grid_parts_differ_kernel<Code, CT, CI, T>;
  differ_kernel<<<grid(differ_kernel, CT, 0), CT, 0, s>>>(io, gb, parts);
  ORDO_CUDA_LAUNCH_CHECK("grid_parts_differ_kernel");
  auto count_kernel = grid_parts_count_kernel<Code, CT, CI, T>;
  count_kernel<<<grid(count_kernel, CT, 0), CT, 0, s>>>(io, gb, parts);
  ORDO_CUDA_LAUNCH_CHECK("grid_parts_count_kernel");
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp.data(), count_bytes, count.data(), start.data(), chunks + 1, s));
  grid_parts_start_kernel<T><<<elementwise_blocks(chunks), 256, 0, s>>>(gb, parts, chunks);
  ORDO_CUDA_LAUNCH_CHECK("grid_parts_start_kernel");
  auto scatter_kernel = grid_parts_scatter_kernel<Code, CT, CI, T, POS>;
  scatter_kernel<<<grid(scatter_kernel, CT, 0), CT, 0, s>>>(io, gb, parts, k, p);
  ORDO_CUDA_LAUNCH_CHECK("grid_parts_scatter_kernel");
  auto sort_kernel = grid_parts_sort_kernel<Code, threads, items, TILE, POS>;
  constexpr int smem = grid_radix_smem_bytes<Code, threads, POS, items>();
  allow_smem(sort_kernel, smem);
  sort_kernel<<<grid(sort_kernel, threads, smem), threads, smem, s>>>(io, gb, parts, k, p);
  ORDO_CUDA_LAUNCH_CHECK("grid_parts_sort_kernel");
}

// L: the grid bin's list; G = L.count (a bound without a host
// synchronisation, as are chunks and max_len then: grid_bin::range).
template <class Policy, bool POS, class IO>
void run_grid_bin(const cuda& exec, const IO& io, const segment_desc& d, const bin_segments& L, u64 chunks, u64 max_len,
                  bool radix) {
  const u64 G = L.count;
  using K = typename IO::key_t;
  constexpr int TILE = Policy::grid_threads * Policy::grid_items;
  static_assert(TILE == Policy::grid_warps * 32 * Policy::grid_items, "chunk sort and merge tiles must agree");
  if (max_len > 0xffffffffull)
    throw error(errc::not_supported, "segmented_sort: on the GPU a segment holds at most 2^32 - 1 elements (one has " +
                                         std::to_string(max_len) + ")");
  cudaStream_t s = exec.stream;
  scratch<u64> base(exec, G + 1);
  grid_bin gb{d, L.segs, base.data(), G, L.plan, L.b};
  ORDO_CUDA_CHECK(cudaMemsetAsync(base.data() + G, 0, sizeof(u64), s));
  grid_chunk_count_kernel<<<elementwise_blocks(G), 256, 0, s>>>(gb, TILE, base.data());
  ORDO_CUDA_LAUNCH_CHECK("grid_chunk_count_kernel");
  std::size_t temp_bytes = 0;
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, base.data(), base.data(), G + 1, s));
  scratch<unsigned char> temp(exec, temp_bytes);
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp.data(), temp_bytes, base.data(), base.data(), G + 1, s));

  const u64 slots = chunks * TILE;
  // Radix chunks sort groups of chunks, so the passes start from longer runs.
  constexpr u64 radix_run = u64(radix_tile_policy::grid_threads) * radix_tile_policy::grid_items;
  const u64 first_run = radix && is_code_io<IO> ? radix_run : u64(TILE);
  int passes = 0;
  for (u64 run = first_run; run < max_len; run *= 2) ++passes;
  scratch<K> k0(exec, slots), k1(exec, passes > 1 ? slots : 0);
  scratch<u32> p0(exec, POS ? slots : 0), p1(exec, POS && passes > 1 ? slots : 0);
  K* kb[2] = {k0.data(), k1.data()};
  u32* pb[2] = {p0.data(), p1.data()};

  const int smem = block_sort_smem_bytes<K>(TILE, POS);
  bool sorted = false;
  const bool partition = radix && max_len > radix_run;
  scratch<u32> partitioned(exec, partition ? G : 0);
  scratch<u64> work(exec, partition ? chunks : 0);
  scratch<unsigned long long> work_count(exec, partition ? 1 : 0);
  // With the partition path the kernels below loop over a work list
  // (for_each_chunk) in a persistent grid: usually it is empty. Without a
  // host synchronisation chunks is a bound, so they loop then too.
  const auto grid_of = [&](auto kernel, int threads, int bytes) {
    return partition || L.plan ? unsigned(std::min<u64>(chunks, resident_blocks(kernel, threads, bytes)))
                               : unsigned(chunks);
  };
  if constexpr (is_code_io<IO>) {
    if (partition) {
      run_grid_partition<Policy, POS>(exec, io, gb, chunks, kb[0], pb[0], partitioned.data());
      gb.partitioned = partitioned.data();
      ORDO_CUDA_CHECK(cudaMemsetAsync(work_count.data(), 0, sizeof(unsigned long long), s));
      grid_parts_work_kernel<TILE, int(radix_run)>
          <<<elementwise_blocks(chunks), 256, 0, s>>>(gb, chunks, work.data(), work_count.data());
      ORDO_CUDA_LAUNCH_CHECK("grid_parts_work_kernel");
      gb.work = work.data();
      gb.work_count = work_count.data();
    }
    if (radix) {
      constexpr int threads = radix_tile_policy::grid_threads, items = radix_tile_policy::grid_items;
      if (max_len > radix_run) {  // its blocks would all return
        auto kernel = grid_radix_chunk_kernel<K, threads, items, TILE, POS>;
        constexpr int rsmem = radix_smem_bytes<K, threads, POS, items>();
        allow_smem(kernel, rsmem);
        kernel<<<grid_of(kernel, threads, rsmem), threads, rsmem, s>>>(io, gb, kb[0], pb[0]);
        ORDO_CUDA_LAUNCH_CHECK("grid_radix_chunk_kernel");
      }
      auto bucket_kernel = grid_bucket_segment_kernel<K, threads, items, POS>;
      constexpr int bsmem = grid_radix_smem_bytes<K, threads, POS, items>();
      allow_smem(bucket_kernel, bsmem);
      bucket_kernel<<<chunk_grid(bucket_kernel, gb, G, threads, bsmem), threads, bsmem, s>>>(io, gb);
      ORDO_CUDA_LAUNCH_CHECK("grid_bucket_segment_kernel");
      sorted = true;
    }
  }
  if (!sorted) {
    auto sort_kernel = grid_chunk_sort_kernel<Policy::grid_warps, Policy::grid_items, POS, IO>;
    allow_smem(sort_kernel, smem);
    sort_kernel<<<chunk_grid(sort_kernel, gb, chunks, Policy::grid_warps * 32, smem), Policy::grid_warps * 32, smem, s>>>(
        io, gb, kb[0], pb[0]);
    ORDO_CUDA_LAUNCH_CHECK("grid_chunk_sort_kernel");
  }
  auto merge_kernel = grid_merge_kernel<Policy::grid_threads, Policy::grid_items, POS, IO>;
  allow_smem(merge_kernel, smem);
  const unsigned merge_blocks = passes ? grid_of(merge_kernel, Policy::grid_threads, smem) : 0;
  scratch<u64> split(exec, passes ? chunks : 0);
  int cur = 0;
  for (u64 run = first_run; run < max_len; run *= 2, cur ^= 1) {
    const unsigned split_blocks = partition || L.plan ? elementwise_blocks(chunks) : ceil_blocks(chunks, 256);
    grid_partition_kernel<TILE><<<split_blocks, 256, 0, s>>>(io, gb, chunks, run, kb[cur], split.data());
    ORDO_CUDA_LAUNCH_CHECK("grid_partition_kernel");
    merge_kernel<<<merge_blocks, Policy::grid_threads, smem, s>>>(io, gb, run, split.data(), kb[cur], pb[cur],
                                                                  kb[cur ^ 1], pb[cur ^ 1]);
    ORDO_CUDA_LAUNCH_CHECK("grid_merge_kernel");
  }
}

// Reads the offsets of bad segment i back and throws the CPU's message.
[[noreturn]] inline void throw_bad_segment_cuda(const segment_desc& d, u64 i) {
  const auto fetch = [&](const void* p, u64 j) {
    std::uint64_t v = 0;
    ORDO_CUDA_CHECK(cudaMemcpy(&v, static_cast<const char*>(p) + j * d.width, d.width, cudaMemcpyDeviceToHost));
    segment_desc h = d;
    h.begins = &v;
    return h.load(&v, 0);
  };
  segment_range r{};
  if (d.kind == segment_kind::offsets) r = {fetch(d.begins, i), fetch(d.begins, i + 1)};
  else r = {fetch(d.begins, i), fetch(d.ends, i)};
  throw_bad_segment("segmented_sort", d, i, r);
}

// The short-segment path: where each tile's segments start, then one block
// per tile. Built-in orders only (a user's key type would size the tile).
// `first`: each tile's first segment, written by the binning's histogram pass.
// With a plan, the kernel runs only in the mode the device chose.
inline u64 short_tiles_of(const segment_desc& d) { return (d.n + short_tile_policy::tile - 1) / short_tile_policy::tile; }
template <class Code>
void run_short_tiles(const cuda& exec, const code_io<Code>& io, const segment_desc& d, const u32* first,
                     bool mixed = false, const bin_plan* plan = nullptr) {
  using P = short_tile_policy;
  cudaStream_t s = exec.stream;
  const u64 tiles = short_tiles_of(d);
  if (tiles > 0x7fffffffull) throw error(errc::not_supported, "segmented_sort: too many tiles for one launch");
  const auto launch = [&](auto kernel) {
    // With a plan, a resident-sized grid: usually one of the two kernels has nothing to do.
    const unsigned blocks =
        plan ? unsigned(std::min<u64>(tiles, resident_blocks(kernel, P::threads, 0))) : unsigned(tiles);
    kernel<<<blocks, P::threads, 0, s>>>(io, d, first, tiles, plan);
    ORDO_CUDA_LAUNCH_CHECK("short_tile_kernel");
  };
  if (mixed) launch(short_tile_kernel<P::threads, P::tile, P::max_len, true, Code>);
  else launch(short_tile_kernel<P::threads, P::tile, P::max_len, false, Code>);
}

// The most segments list `list` can hold (bin_of's lists: a segment of bin
// b >= 1 is longer than 2^(b-1), the grid bin's than 2^top), what the
// launches without a host synchronisation are sized by.
inline u64 list_bound(const segment_desc& d, int list, int top, int split_from) {
  const int b = list <= top + 1 ? list : split_from + (list - top - 2);
  const u64 shortest = b == 0 ? 1 : (u64(1) << (b - 1)) + 1;
  return std::min<u64>(d.count, d.n / shortest);
}

// What the rest of segsort_run shares between its two forms.
struct segsort_setup {
  int lists_n, split_from;
  bool radix;
  short_rule rule;
  const bin_summary* sum;  // the histogram, on the device
  const u32* first;        // the short tiles' first segments (rule.tiled)
};

// The form without a host synchronisation (host_sync = false): the plan
// kernel reads the histogram on the device, the short tiles' kernels launch
// over every tile and run only in the mode the plan chose, and the bins and
// the grid bin launch over grids sized by list_bound (the kernels read their
// lists and sizes from the plan). Scratch is sized for the bounds too: the
// lists for every segment, the grid bin for every element twice.
template <class Policy, bool POS, class IO>
void segsort_run_deferred(const cuda& exec, const IO& io, const segment_desc& d, segsort_write w,
                          const segsort_setup& c, std::uint64_t* status) {
  using Bins = typename Policy::bins;
  constexpr int top = Bins::top_log2, n_bins = top + 2;
  constexpr int TILE = Policy::grid_threads * Policy::grid_items;
  cudaStream_t s = exec.stream;
  scratch<bin_plan> plan(exec, 1);
  scratch<unsigned long long> cursor(exec, c.lists_n);
  bin_plan_kernel<Bins><<<1, 32, 0, s>>>(c.sum, c.lists_n, d.n, c.rule, cursor.data(), plan.data(), status);
  ORDO_CUDA_LAUNCH_CHECK("bin_plan_kernel");
  if constexpr (is_code_io<IO>) {
    if (c.rule.tiled) {
      run_short_tiles(exec, io, d, c.first, false, plan.data());
      if (c.rule.allow_hybrid && d.n > u64(short_tile_policy::max_len))  // else no segment is long
        run_short_tiles(exec, io, d, c.first, true, plan.data());
    }
  }
  scratch<u32> lists(exec, d.count);
  constexpr u64 most = 0xffffffffull;  // longer segments are bad here (the GPU's limit)
  bin_scatter_kernel<256, 8><<<ceil_blocks(d.count, 256 * 8), 256, 0, s>>>(d, top, c.split_from, cursor.data(),
                                                                            lists.data(), plan.data(), most);
  ORDO_CUDA_LAUNCH_CHECK("bin_scatter_kernel");
  bin_segments L[max_bins];
  for (int b = 0; b < c.lists_n; ++b) L[b] = {lists.data(), list_bound(d, b, top, c.split_from), plan.data(), b};
  if (L[0].count) {
    unit_bin_kernel<<<elementwise_blocks(L[0].count), 256, 0, s>>>(io, d, L[0]);
    ORDO_CUDA_LAUNCH_CHECK("unit_bin_kernel");
  }
  launch_bins<Bins, POS>(s, io, d, L, w, c.radix, c.split_from);
  const bin_segments& grid = L[n_bins - 1];
  if (grid.count)
    run_grid_bin<Policy, POS>(exec, io, d, grid, d.n / TILE + grid.count + 1, std::min<u64>(d.n, most), c.radix);
}

template <class Policy, bool POS, class IO>
void segsort_run(const cuda& exec, const IO& io, const segment_desc& d, segsort_write w,
                 segsort_path path = segsort_path::automatic, std::uint64_t* status = nullptr) {
  // status: no host synchronisation (offsets, bounds); the first bad
  // segment, or ~0, is written there. Fixed lengths never wait.
  const bool deferred = status != nullptr && d.kind != segment_kind::fixed;
  if (status != nullptr && !deferred) ORDO_CUDA_CHECK(cudaMemsetAsync(status, 0xff, sizeof(*status), exec.stream));
  if (d.count == 0) {
    if (deferred) ORDO_CUDA_CHECK(cudaMemsetAsync(status, 0xff, sizeof(*status), exec.stream));
    return;
  }
  if (d.count > 0xffffffffull)
    throw error(errc::not_supported, "segmented_sort: on the GPU at most 2^32 - 1 segments (got " +
                                         std::to_string(d.count) + ")");
  using Bins = typename Policy::bins;
  constexpr int top = Bins::top_log2, n_bins = top + 2;  // the unit bin, the list's, the grid bin
  constexpr int TILE = Policy::grid_threads * Policy::grid_items;
  constexpr int split_log2 = Bins::split_from;  // radix tiles: the bins from here lend their lower part
  constexpr int lists_n = n_bins + (top - split_log2 + 1);  // the bins, then their split-off parts
  static_assert(Bins::size == top && lists_n <= max_bins, "one policy per power-of-two bin");
  static_assert(Bins::max_len_of(Bins::last_short) == short_tile_policy::max_len,
                "the short tiles take the bins that list short_tiles");
  cudaStream_t s = exec.stream;
  const bool radix = is_code_io<IO> && (path == segsort_path::radix_tiles ||
                                        (path == segsort_path::automatic && radix_tile_policy::automatic));
  const int split_from = radix ? split_log2 : top + 1;  // top + 1: no bin splits

  scratch<bin_summary> sum(exec, 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(sum.data(), 0, sizeof(bin_summary), s));
  ORDO_CUDA_CHECK(cudaMemsetAsync(&sum.data()->first_bad, 0xff, sizeof(unsigned long long), s));
  // The short tiles' first segments, in the same pass over the offsets.
  const u64 tiles = short_tiles_of(d);
  const bool tiled = is_code_io<IO> && d.kind != segment_kind::bounds && tiles <= 0x7fffffffull;
  scratch<u32> first(exec, tiled ? tiles + 1 : 0);
  bin_histogram_kernel<256, short_tile_policy::tile><<<elementwise_blocks(d.count + 1), 256, 0, s>>>(
      d, top, split_from, TILE, sum.data(), tiles, tiled ? first.data() : nullptr, deferred ? 0xffffffffull : ~0ull);
  ORDO_CUDA_LAUNCH_CHECK("bin_histogram_kernel");
  const short_rule rule{tiled, path == segsort_path::automatic, path == segsort_path::short_tiles,
                        path == segsort_path::automatic || path == segsort_path::radix_tiles};
  if (deferred)
    return segsort_run_deferred<Policy, POS>(exec, io, d, w,
                                             segsort_setup{lists_n, split_from, radix, rule, sum.data(), first.data()},
                                             status);
  // Fixed lengths: the host knows the summary, so nothing is read back and
  // nothing below waits on the device (the call can be graph-captured).
  bin_summary h{};
  if (d.kind == segment_kind::fixed) {
    h = fixed_bin_summary(d, top, split_from, TILE);
  } else {
    ORDO_CUDA_CHECK(cudaMemcpyAsync(&h, sum.data(), sizeof(h), cudaMemcpyDeviceToHost, s));
    ORDO_CUDA_CHECK(cudaStreamSynchronize(s));
    if (h.first_bad != ~0ull) throw_bad_segment_cuda(d, h.first_bad);
  }
  const int mode = short_mode_of<Bins>(h, d.n, rule);
  if constexpr (is_code_io<IO>) {
    if (mode == 1) {
      if (h.max_len > 0) run_short_tiles(exec, io, d, first.data());
      return;
    }
  }

  unsigned long long count[max_bins];  // what the bins sort: the short ones leave in a hybrid
  for (int b = 0; b < lists_n; ++b) count[b] = h.count[b];
  if constexpr (is_code_io<IO>) {
    if (mode == 2) {
      run_short_tiles(exec, io, d, first.data(), true);
      for (int b = 0; b <= Bins::last_short; ++b) count[b] = 0;
    }
  }
  u64 start[max_bins + 1] = {};
  for (int b = 0; b < lists_n; ++b) start[b + 1] = start[b] + h.count[b];
  const u64 listed = start[lists_n];
  if (listed == 0) return;
  scratch<u32> lists(exec, listed);
  scratch<unsigned long long> cursor(exec, lists_n);
  bin_starts cur_h{};
  for (int b = 0; b < lists_n; ++b) cur_h.at[b] = start[b];
  bin_cursor_kernel<<<1, 32, 0, s>>>(cur_h, lists_n, cursor.data());
  ORDO_CUDA_LAUNCH_CHECK("bin_cursor_kernel");
  bin_scatter_kernel<256, 8>
      <<<ceil_blocks(d.count, 256 * 8), 256, 0, s>>>(d, top, split_from, cursor.data(), lists.data());
  ORDO_CUDA_LAUNCH_CHECK("bin_scatter_kernel");

  bin_segments L[max_bins];
  for (int b = 0; b < lists_n; ++b) L[b] = {lists.data() + start[b], count[b]};
  if (count[0]) {
    unit_bin_kernel<<<elementwise_blocks(count[0]), 256, 0, s>>>(io, d, L[0]);
    ORDO_CUDA_LAUNCH_CHECK("unit_bin_kernel");
  }
  launch_bins<Bins, POS>(s, io, d, L, w, radix, split_from);
  if (h.count[n_bins - 1]) run_grid_bin<Policy, POS>(exec, io, d, L[n_bins - 1], h.grid_chunks, h.max_len, radix);
}

// The built-in orders, one instantiation per code width (libordo compiles both).
template <class Code>
void segsort_codes(const cuda& exec, const code_io<Code>& io, const segment_desc& d, bool pos, segsort_write w,
                   segsort_path path, std::uint64_t* status) {
  if (pos) segsort_run<sm90_policy, true>(exec, io, d, w, path, status);
  else segsort_run<sm90_policy, false>(exec, io, d, w, path, status);
}
extern template void segsort_codes<std::uint32_t>(const cuda&, const code_io<std::uint32_t>&, const segment_desc&,
                                                  bool, segsort_write, segsort_path, std::uint64_t*);
extern template void segsort_codes<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, const segment_desc&,
                                                  bool, segsort_write, segsort_path, std::uint64_t*);

}  // namespace ordo::detail::segsort

namespace ordo::detail {

template <class Key, class Compare>
void segmented_sort_cuda(const cuda& exec, const Key* keys_in, Key* keys_out, const void* values_in,
                         void* values_out, unsigned value_bytes, const segment_desc& d,
                         const segmented_sort_options& o, Compare comp) {
  using namespace segsort;
  // Without a host synchronisation the checks cannot throw: they need
  // somewhere to report, and the overlap check of by_bounds reads back.
  std::uint64_t* status = nullptr;
  if (!o.host_sync) {
    if (o.status == nullptr)
      throw error(errc::invalid_argument, "segmented_sort: host_sync = false needs options.status, a device word "
                                          "where the GPU reports the first bad segment (or ~0)");
    if (d.kind == segment_kind::bounds && o.validate)
      throw error(errc::invalid_argument, "segmented_sort: host_sync = false with by_bounds segments needs "
                                          "validate = false (the overlap check reads its result back)");
    status = o.status;
  }
  // Overlapping bounds (a pass and a read-back; the range checks below are
  // part of the binning and always run).
  if (o.validate && status == nullptr) check_overlaps_cuda(exec, d);
  const value_mover values{values_in, values_out, value_bytes};
  const bool descending = o.order == sort_order::descending;
  if constexpr (std::is_same_v<Compare, less> && is_key_type_v<Key>) {
    using Code = key_code_t<Key>;
    constexpr key_kind kind = key_traits<Key>::kind;
    // Positions travel with the keys unless this is the unstable keys-only
    // sort of integers. Floats always take them: no order-preserving code of
    // their width puts NaNs of both signs last and can still be decoded, so
    // float keys are written by position from the input.
    const bool pos = o.stable || value_bytes != 0 || kind == key_kind::floating;
    const bool exact = pos && kind == key_kind::floating;
    const code_io<Code> io{reinterpret_cast<const Code*>(keys_in), reinterpret_cast<Code*>(keys_out), values, kind,
                           descending, exact, exact};
    segsort_codes<Code>(exec, io, d, pos, o.write, o.path, status);
  } else {
    if (descending) {
      const user_io<Key, reversed_order<Compare>> io{keys_in, keys_out, values, {comp}};
      segsort_run<sm90_policy, true>(exec, io, d, o.write, segsort_path::automatic, status);
    } else {
      const user_io<Key, Compare> io{keys_in, keys_out, values, comp};
      segsort_run<sm90_policy, true>(exec, io, d, o.write, segsort_path::automatic, status);
    }
  }
}

}  // namespace ordo::detail
