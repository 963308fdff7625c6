// Tuning policies for the segmented sort on sm_90, one per bin: bin b holds
// the segments of 2^(b-1) < len <= 2^b. Warp bins bind N = M * P elements to
// M lanes with P each (the N-to-M binding of Fig. 9) in blocks of `block`
// threads; block bins use `warps` warps of 32 * P elements each, merged by
// smem-merge (Fig. 10); the grid bin cuts longer segments into chunks of the
// largest block bin's tile. bench suite `segsort_probe` measures the
// candidates (scripts: bench/plot_segsort.py) and these are its winners on
// the H100.
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
};

// Bins 1.. in order of N = 2, 4, 8, ...; the last one is the largest block
// bin, whose tile is also the grid bin's chunk.
struct sm90_policy {
  using bins = bin_list<warp_bin<1, 2, 128>, warp_bin<1, 4, 128>, warp_bin<2, 4, 128>, warp_bin<4, 4, 128>,
                        warp_bin<4, 8, 128>, warp_bin<8, 8, 128>, warp_bin<16, 8, 128>, warp_bin<32, 8, 128>,
                        warp_bin<32, 16, 128>, block_bin<4, 8>, block_bin<8, 8>>;
  static constexpr int top_log2 = 11;       // the largest bin holds 2^11 = 2048
  static constexpr int grid_threads = 256;  // grid-bin merge passes: 256 x 8 = one chunk per block
  static constexpr int grid_items = 8;
  static constexpr int grid_warps = 8;      // grid-bin chunk sort: 8 warps x 32 x 8
};

}  // namespace ordo::detail::segsort
