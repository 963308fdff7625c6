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
// Each bin is declared once, in sm90_policy::bins: its type holds its length
// range, its strategy and its other routes (short tiles, radix tiles, the
// split rule); bin_list derives the binning's top bin and split bin, the
// short tiles' limit, the grid bin's chunk and the launches (launch_bins).
#pragma once
#include <array>
#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace ordo::detail::segsort {

// What else may sort a bin's segments besides its own strategy; a bin lists
// the ones it takes (warp_bin<..., short_tiles>), and the dispatch reads them
// from its type.
struct short_tiles {};  // the short-tile path (kernel/short_tile_kernels.cuh), alone or in a hybrid
struct warp_bucket {};  // radix tiles: a warp per segment (warp/warp_bucket_sort.cuh)
struct radix_tile {};   // radix tiles: slotted block radix sorts (kernel/radix_tile_kernels.cuh)
// The split rule (radix tiles): a segment of at most num / 2^den_log2 of the
// bin's n goes to a tile of that size (bin_of's extra lists).
struct split_low {
  static constexpr int num = 3, den_log2 = 2;
};

enum class bin_strategy { reg_sort, smem_merge };

template <class Tag, class... Routes>
inline constexpr bool takes = (std::is_same_v<Tag, Routes> || ...);

// What every bin declares: its length range (n / 2 < len <= n, bin log2 n)
// and its routes.
template <int N, class... Routes>
struct bin_base {
  static constexpr int n = N, max_len = N, min_len = N / 2 + 1;
  static constexpr bool short_tiles = takes<segsort::short_tiles, Routes...>,
                        warp_bucket = takes<segsort::warp_bucket, Routes...>,
                        radix_tile = takes<segsort::radix_tile, Routes...>, split = takes<split_low, Routes...>;
  static_assert(!(warp_bucket && radix_tile), "one radix-tile route per bin");
  static std::string routes() {
    return std::string(short_tiles ? ", short tiles" : "") + (warp_bucket ? ", radix: warp bucket" : "") +
           (radix_tile ? ", radix: block tiles" : "") + 
           (split ? " (split at " + std::to_string(split_low::num) + "/" +
                        std::to_string(1 << split_low::den_log2) + ")"
                  : "");
  }
};

template <int M_, int P_, int BLOCK_, class... Routes>
struct warp_bin : bin_base<M_ * P_, Routes...> {
  static constexpr bin_strategy strategy = bin_strategy::reg_sort;
  static constexpr int M = M_, P = P_, block = BLOCK_;
  static std::string describe() {
    return "reg-sort N=" + std::to_string(M * P) + " M=" + std::to_string(M) + " P=" + std::to_string(P) +
           " block=" + std::to_string(block);
  }
};
template <int WARPS_, int P_, class... Routes>
struct block_bin : bin_base<WARPS_ * 32 * P_, Routes...> {
  static constexpr bin_strategy strategy = bin_strategy::smem_merge;
  static constexpr int warps = WARPS_, P = P_;
  static std::string describe() {
    return "smem-merge N=" + std::to_string(warps * 32 * P) + " warps=" + std::to_string(warps) +
           " P=" + std::to_string(P);
  }
};

// Helpers of bin_list: bins are numbered from 1.
constexpr int log2_ceil(int n) {
  int b = 0;
  while ((1 << b) < n) ++b;
  return b;
}
template <std::size_t S>
constexpr bool bins_contiguous(std::array<int, S> n) {  // bin b holds up to 2^b
  for (std::size_t i = 0; i < S; ++i)
    if (n[i] != 2 << i) return false;
  return true;
}
template <std::size_t S>
constexpr int first_bin_with(std::array<bool, S> has) {  // S + 1: none
  for (std::size_t i = 0; i < S; ++i)
    if (has[i]) return int(i) + 1;
  return int(S) + 1;
}
template <std::size_t S>
constexpr bool bins_from(std::array<bool, S> has, int first) {  // has exactly the bins from `first` on
  for (std::size_t i = 0; i < S; ++i)
    if (has[i] != (int(i) + 1 >= first)) return false;
  return true;
}

// Bins 1.. in order: bin b holds n / 2 < len <= n with n = 2^b (bin_of finds
// it from the length's top bit). Bin 0 (one element) and the grid bin
// (len > the last n) are implicit. Everything else is derived from here.
template <class... Bins>
struct bin_list {
  static constexpr int size = sizeof...(Bins);
  template <int b>  // 1-based, as the bin numbers
  using bin = std::tuple_element_t<b - 1, std::tuple<Bins...>>;
  using last = bin<size>;
  // Bin b's longest segment (b = 1 .. size; 0 for the unit bin's 1).
  static constexpr int max_len_of(int b) { return b == 0 ? 1 : std::array<int, sizeof...(Bins)>{Bins::max_len...}[b - 1]; }
  static constexpr int top_log2 = log2_ceil(last::n);
  static_assert(bins_contiguous(std::array<int, sizeof...(Bins)>{Bins::n...}),
                "bin b must hold 2^(b-1) < len <= 2^b (bin_of)");
  // The first bin that splits (size + 1: none); the bins from there on all do.
  static constexpr int split_from = first_bin_with(std::array<bool, sizeof...(Bins)>{Bins::split...});
  static_assert(bins_from(std::array<bool, sizeof...(Bins)>{Bins::split...}, split_from), "the split bins are the last ones (bin_of)");
  // The last bin the short tiles take (0: none); they take the bins below it too.
  static constexpr int last_short = first_bin_with(std::array<bool, sizeof...(Bins)>{!Bins::short_tiles...}) - 1;
  static_assert(bins_from(std::array<bool, sizeof...(Bins)>{!Bins::short_tiles...}, last_short + 1), "the short-tile bins are the first ones");
  // f(std::integral_constant<int, b>{}) for b = 1 .. size, in order.
  template <class F>
  static void for_each_bin(F&& f) {
    [&]<int... I>(std::integer_sequence<int, I...>) {
      (f(std::integral_constant<int, I + 1>{}), ...);
    }(std::make_integer_sequence<int, size>{});
  }
  // One line per bin, "bin b (len <= n): <binding>, <routes>". (b is counted
  // apart: in one expression its ++b and 1 << b had no order.)
  static std::string describe() {
    std::string s;
    int b = 0;
    ((++b, s += "bin " + std::to_string(b) + " (len <= " + std::to_string(Bins::max_len) + "): " + Bins::describe() +
                Bins::routes() + "\n"),
     ...);
    return s;
  }
};

// Each binding is the probe's fastest for its N on sm_90: few elements per
// lane up to N = 64, smem-merge from N = 512
// (docs/benchmarks.md#tuning-segsort-bins). The routes: short tiles up to
// 64 (short_tile_policy), radix tiles' warp bucket for 64 and 128 (faster
// than reg-sort and the slotted tiles on sm_90,
// docs/benchmarks.md#tuning-segsort-warp-bucket), block radix tiles above,
// split from 128 (radix_tile_policy).
struct sm90_policy {
  using bins = bin_list<warp_bin<1, 2, 128, short_tiles>, warp_bin<2, 2, 128, short_tiles>,
                        warp_bin<4, 2, 128, short_tiles>, warp_bin<4, 4, 128, short_tiles>,
                        warp_bin<8, 4, 128, short_tiles>, warp_bin<8, 8, 128, short_tiles, warp_bucket>,
                        warp_bin<8, 16, 128, warp_bucket, split_low>, warp_bin<16, 16, 128, radix_tile, split_low>,
                        block_bin<2, 8, radix_tile, split_low>, block_bin<4, 8, radix_tile, split_low>,
                        block_bin<8, 8, radix_tile, split_low>>;
  static constexpr int top_log2 = bins::top_log2;  // the largest bin holds 2^11 = 2048
  // The grid bin: chunks of the largest bin's tile, sorted like it
  // (grid_warps x 32 x grid_items), then merge passes of
  // grid_threads x grid_items = one chunk per block.
  static_assert(bins::last::strategy == bin_strategy::smem_merge, "the grid bin's chunk is a block bin's tile");
  static constexpr int grid_warps = bins::last::warps, grid_items = bins::last::P;
  static constexpr int grid_threads = bins::last::n / grid_items;
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
  static constexpr int threads = 256, tile = 2048;
  // The bins that list short_tiles: 64 (sm90_policy).
  static constexpr int max_len = sm90_policy::bins::max_len_of(sm90_policy::bins::last_short);
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

// segsort_path::radix_tiles (kernel/radix_tile_kernels.cuh): the bins that
// list warp_bucket (32 < len <= 128 in sm90_policy) by a warp per segment
// (below), those that list radix_tile (128 < len <= 2048) by block radix sorts, slots(n) segments per block of
// bin_threads(n) threads (slots(128) = 2 only in the probe now), and the grid bin's chunks
// sorted in groups of grid_threads x grid_items / 2048 by one block each, so
// its merge passes start from runs of 8192. `automatic` takes it for the
// built-in orders. A tile is one pass by the top 8 differing bits (the
// slot's index above them), then counting within buckets averaging tile / 256
// codes (tile_radix_sort's BUCKETS). slots and bin_threads: the probe's
// fastest on sm_90 (docs/benchmarks.md#tuning-segsort-radix-tiles).
// A radix tile costs its full size whatever the segment's length, so the
// binning splits the bins that list split_low (from 128 up): segments of at
// most 3/4 of n go to a tile of 3/4 (the same threads, 3/4 of the items;
// bin_of in kernel/bin_kernels.cuh); the 128 bin's lower part, to warps of 32 x 3.
struct radix_tile_policy {
  // The warp bucket sort (warp/warp_bucket_sort.cuh: one warp per segment,
  // 32 x n/32, warp_bucket_warps warps per block).
  static constexpr int warp_bucket_warps = 4;
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
    sm90_policy::bins::for_each_bin([&](auto b) {
      using Bin = sm90_policy::bins::bin<decltype(b)::value>;
      const int n = Bin::n;
      if (Bin::warp_bucket)
        s += " " + std::to_string(n) + ": a warp per segment, " + std::to_string(warp_bucket_warps) + " per block;";
      else if (Bin::radix_tile)
        s += " " + std::to_string(n) + ": " + std::to_string(slots(n)) + " x " + std::to_string(bin_threads(n)) +
             " x " + std::to_string(n * slots(n) / bin_threads(n)) + ";";
    });
    int max_log2 = 0;
    while ((1ll << max_log2) < partition_max_len) ++max_log2;
    return s + " grid segments of up to " + std::to_string(grid_threads * grid_items) + " by " +
           std::to_string(grid_threads) + " threads (12-bit buckets), up to 2^" + std::to_string(max_log2) +
           " partitioned into sub-buckets of about " +
           std::to_string(partition_avg) + ", longer ones in chunk groups of " +
           std::to_string(grid_threads * grid_items) + " and merge passes" + (automatic ? " (automatic)" : "") + "\n";
  }
};

}  // namespace ordo::detail::segsort
