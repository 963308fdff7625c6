// Tuning policies for the segmented sort on sm_90, one per bin: bin b holds
// the segments of 2^(b-1) < len <= 2^b. Warp bins bind N = M * P elements to
// M lanes with P each (the N-to-M binding of Fig. 9) in blocks of `block`
// threads; block bins use `warps` warps of 32 * P elements each, merged by
// smem-merge (Fig. 10); the grid bin cuts longer segments into chunks of the
// largest block bin's tile. `ordo_segsort_probe` (bench/segsort/segsort_probe.cu)
// measures the candidates; sm90_policy holds its winners on sm_90
// (docs/benchmarks.md#tuning-notes-why-each-policy-value). Other GPUs run
// the same values; their shared-memory opt-ins are checked at each launch
// (ordo/cuda/detail/arch_policy.cuh, docs/benchmarks.md#tuning-shared-memory).
#pragma once
#include <string>

namespace ordo::detail::segsort {

template <int M_, int P_, int BLOCK_>
struct warp_bin {
  static constexpr int M = M_, P = P_, block = BLOCK_, n = M_ * P_;
  static std::string describe() {
    return "reg-sort N=" + std::to_string(n) + " M=" + std::to_string(M) + " P=" + std::to_string(P) +
           " block=" + std::to_string(block);
  }
};
template <int WARPS_, int P_>
struct block_bin {
  static constexpr int warps = WARPS_, P = P_, n = WARPS_ * 32 * P_;
  static std::string describe() {
    return "smem-merge N=" + std::to_string(n) + " warps=" + std::to_string(warps) + " P=" + std::to_string(P);
  }
};

template <class... Bins>
struct bin_list {
  static constexpr int size = sizeof...(Bins);
  // One line per bin, "bin b (len <= 2^b): <binding>".
  static std::string describe() {
    std::string s;
    int b = 0;
    ((s += "bin " + std::to_string(++b) + " (len <= " + std::to_string(1 << b) + "): " + Bins::describe() + "\n"), ...);
    return s;
  }
};

// Bins 1.. in order of N = 2, 4, 8, ...; the last one is the largest block
// bin, whose tile is also the grid bin's chunk. Each binding is the
// probe's fastest for its N on sm_90: few elements per lane up to N = 64,
// smem-merge from N = 512 (docs/benchmarks.md#tuning-segsort-bins).
struct sm90_policy {
  using bins = bin_list<warp_bin<1, 2, 128>, warp_bin<2, 2, 128>, warp_bin<4, 2, 128>, warp_bin<4, 4, 128>,
                        warp_bin<8, 4, 128>, warp_bin<8, 8, 128>, warp_bin<8, 16, 128>, warp_bin<16, 16, 128>,
                        block_bin<2, 8>, block_bin<4, 8>, block_bin<8, 8>>;
  static constexpr int top_log2 = 11;       // the largest bin holds 2^11 = 2048
  static constexpr int grid_threads = 256;  // grid-bin merge passes: 256 x 8 = one chunk per block
  static constexpr int grid_items = 8;
  static constexpr int grid_warps = 8;      // grid-bin chunk sort: 8 warps x 32 x 8
  static std::string describe() {
    return "sm90_policy\n" + bins::describe() + "grid bin (len > 2^" + std::to_string(top_log2) +
           "): chunk sort " + std::to_string(grid_warps) + " warps x 32 x " + std::to_string(grid_items) +
           ", merge passes " + std::to_string(grid_threads) + " threads x " + std::to_string(grid_items) + "\n";
  }
};

// The short-segment path (kernel/short_tile_kernels.cuh): taken when every
// segment holds at most max_len elements and the segments are in order
// (offsets or a fixed length). A block of `threads` ranks the segments that
// start in a tile of `tile` elements.
struct short_tile_policy {
  static constexpr int threads = 256, tile = 2048, max_len = 64;
  // automatic: always up to all_tiles_len; up to max_len unless one bin
  // holds one_bin_share of the segments (then binning's reg-sort wins)
  static constexpr int all_tiles_len = 16;
  static constexpr double one_bin_share = 0.9;
  // automatic, with longer segments too: the short ones here and the rest
  // binned, once the short ones hold this share of the elements
  // (docs/benchmarks.md#tuning-segsort-hybrid)
  static constexpr double hybrid_share = 1.0 / 4;
  static std::string describe() {
    return "short tiles: segments <= " + std::to_string(max_len) + " (automatic: <= " +
           std::to_string(all_tiles_len) + ", or lengths over several bins; with longer ones binned, once the short hold 1/" +
           std::to_string(int(1 / hybrid_share)) + " of the elements), tiles of " + std::to_string(tile) +
           " elements, " + std::to_string(threads) + " threads\n";
  }
};

// segsort_path::radix_tiles (kernel/radix_tile_kernels.cuh): the bins of
// 32 < len <= 128 by a warp per segment (below), the bins above (128 < len
// <= 2048) by block radix sorts, slots(n) segments per block of
// bin_threads(n) threads (slots(128) = 2 only in the probe now), and the grid bin's chunks
// sorted in groups of grid_threads x grid_items / 2048 by one block each, so
// its merge passes start from runs of 8192. `automatic` takes it for the
// built-in orders. A tile is one pass by the top 8 differing bits (the
// slot's index above them), then counting within buckets averaging tile / 256
// codes (tile_radix_sort's BUCKETS). slots and bin_threads: the probe's
// fastest on sm_90 (docs/benchmarks.md#tuning-segsort-radix-tiles).
// A radix tile costs its full size whatever the segment's length, so the
// binning splits each bin from min_bin_n up: segments of at most 3/4 of n go
// to a tile of 3/4 (the same threads, 3/4 of the items; bin_of in
// kernel/bin_kernels.cuh); the 128 bin's lower part, to warps of 32 x 3.
struct radix_tile_policy {
  static constexpr int min_bin_n = 128;
  // The bins of warp_bucket_min_n <= n <= warp_bucket_max_n take the warp
  // bucket sort (warp/warp_bucket_sort.cuh: one warp per segment, 32 x n/32,
  // warp_bucket_warps warps per block) in place of the slotted tiles (128)
  // and reg-sort (64): faster than both on sm_90
  // (docs/benchmarks.md#tuning-segsort-warp-bucket).
  static constexpr int warp_bucket_min_n = 64, warp_bucket_max_n = 128, warp_bucket_warps = 4;
  // Tiles of at least this many (one segment each) sort by the wide bucket
  // sort (tile_bucket_sort, 2^(log2 T - 1) buckets) before tile_radix_sort's
  // 8-bit bucket pass and LSD passes, which remain its fallback. It wins at
  // 2048 and loses at 512 on sm_90 (docs/benchmarks.md#tuning-segsort-wide-bucket).
  // ([512, 2048) keep tile_radix_sort.)
  static constexpr int wide_bucket_min_n = 2048;
  // Blocks per SM the bin kernels' registers must allow (__launch_bounds__):
  // 6 for 256-thread tiles was fastest on sm_90 (5 and 1 were slower); an
  // explicit 1 made the smaller tiles slower too, so they keep 0, which is
  // no bound (docs/benchmarks.md#tuning-segsort-min-blocks).
  static constexpr int bin_min_blocks(int threads) { return threads >= 256 ? 6 : 0; }
  static constexpr int slots(int n) { return n <= 128 ? 2 : 1; }
  static constexpr int bin_threads(int n) { return n <= 128 ? 32 : n <= 256 ? 64 : n / 8 < 256 ? n / 8 : 256; }
  static constexpr int grid_threads = 512, grid_items = 16;  // 8192 = 4 grid chunks, faster than 1024 x 8 (docs/benchmarks.md#tuning-segsort-grid)
  // The grid bin's partition path (kernel/grid_partition_kernels.cuh):
  // segments of grid_threads * grid_items < len <= partition_max_len are cut
  // by their top differing bits into sub-buckets of partition_avg elements on
  // average, each then sorted by one block like a segment of up to 8192.
  static constexpr long long partition_avg = 4096, partition_max_len = 1ll << 24;
  static constexpr bool automatic = true;
  static std::string describe() {
    std::string s = "radix tiles:";
    for (int n = warp_bucket_min_n; n <= 2048; n *= 2)
      s += " " + std::to_string(n) + ": " +
           (n <= warp_bucket_max_n ? "a warp per segment, " + std::to_string(warp_bucket_warps) + " per block;"
                                   : std::to_string(slots(n)) + " x " + std::to_string(bin_threads(n)) + " x " +
                                         std::to_string(n * slots(n) / bin_threads(n)) + ";");
    return s + " grid segments of up to " + std::to_string(grid_threads * grid_items) + " by " +
           std::to_string(grid_threads) + " threads (12-bit buckets), up to 2^24 partitioned into sub-buckets of about " +
           std::to_string(partition_avg) + ", longer ones in chunk groups of " +
           std::to_string(grid_threads * grid_items) + " and merge passes" + (automatic ? " (automatic)" : "") + "\n";
  }
};

}  // namespace ordo::detail::segsort
