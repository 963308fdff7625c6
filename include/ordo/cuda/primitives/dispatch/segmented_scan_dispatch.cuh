// Dispatch for the segmented scan (scan with head flags): the tile states of
// the decoupled look-back, then one block per tile
// (kernel/segmented_scan_kernels.cuh); with_init: init is not op's identity
// and is applied. In place is safe: a tile reads its own
// elements only, before it writes them.
#pragma once
#include <cub/agent/single_pass_scan_operators.cuh>

#include <cstdint>
#include <type_traits>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/cuda/primitives/block/segment_pair_tile_state.cuh"
#include "ordo/cuda/primitives/dispatch/policies.cuh"
#include "ordo/cuda/primitives/kernel/segmented_scan_kernels.cuh"

namespace ordo::detail {

// SERIAL picks segmented_scan_serial_kernel (a carry per thread) over the
// pair scan of every item; ONE_WORD_STATE, for 8-byte values, the look-back's
// 16-byte descriptor (block/segment_pair_tile_state.cuh) over CUB's split
// status and value arrays (kept selectable to be measured).
template <int THREADS, int ITEMS, bool SERIAL, bool ONE_WORD_STATE = true>
struct segmented_scan_policy : prim::tile_policy<THREADS, ITEMS> {
  static constexpr bool serial = SERIAL;
  static constexpr bool one_word_state = ONE_WORD_STATE;
};
template <class Policy>
constexpr bool serial_segmented_scan() {
  if constexpr (requires { Policy::serial; }) return Policy::serial;
  else return false;
}

// The look-back's tile state: the pair packed in one 64-bit word (4-byte
// values), a 16-byte descriptor of our own (8-byte), else CUB's general one.
template <class Acc, class Policy>
constexpr bool one_word_pair_state() {
  if constexpr (requires { Policy::one_word_state; }) return sizeof(Acc) == 8 && Policy::one_word_state;
  else return sizeof(Acc) == 8;
}
template <class Acc, class Policy>
using segmented_scan_state_t =
    std::conditional_t<one_word_pair_state<Acc, Policy>(), prim::segment_pair_tile_state<Acc>,
                       cub::ScanTileState<typename prim::segment_pair<Acc>::type>>;

// The carry per thread, 128 threads x 24 items (x 32 for 8-byte values).
// H100, 2^28 values, a head every 997 (bench/probes/segscan_probe.cu,
// bench/results/h100/issue32/segscan-probe-*): 4-byte: pair scan 128x16
// 1.140 ms (1.42x the copy floor), carry 128x16 1.044, 128x24 0.989-1.002
// (1.23-1.25x), 128x32 1.002, 256x16 1.059, 256x8 1.206. 8-byte on CUB's
// tile state: pair 256x8 3.549, carry 128x32 2.188 (1.45x). H200, the
// 16-byte descriptor (bench/results/h200/issue32/segscan-probe-b2b22be.txt):
// carry on CUB's state 128x32 1.818 ms (1.68x the floor) -> on the
// descriptor 1.366 (1.26x); 128x{8,12,16,24} 1.68/1.51/1.49/1.56, 256x{8,12,16}
// 1.72/1.48/1.48, 64x{16,24} 1.55/1.62; the pair scan on the descriptor,
// 256x8, 1.70 (3.10 on CUB's). Larger 8-byte tiles pass 48 KB of static
// shared memory.
template <class Acc>
using segmented_scan_default_policy =
    std::conditional_t<(sizeof(Acc) <= 4), segmented_scan_policy<128, 24, true>,
                       std::conditional_t<(sizeof(Acc) <= 8), segmented_scan_policy<128, 32, true>,
                                          segmented_scan_policy<128, 16, true>>>;

template <class In, class Acc, class Op, class Policy = segmented_scan_default_policy<Acc>>
void segmented_scan_cuda(const cuda& exec, const In* in, const std::uint8_t* heads, std::uint64_t n, Acc* out, Op op,
                         Acc init, bool with_init, bool exclusive) {
  constexpr int threads = Policy::threads, items = Policy::items, tile = threads * items;
  using state_t = segmented_scan_state_t<Acc, Policy>;
  const int tiles = int((n + tile - 1) / tile);
  std::size_t bytes = 0;
  ORDO_CUDA_CHECK(state_t::AllocationSize(tiles, bytes));
  scratch<unsigned char> temp(exec, bytes);
  state_t state;
  ORDO_CUDA_CHECK(state.Init(tiles, temp.data(), bytes));
  prim::segmented_scan_init_kernel<<<ceil_blocks(std::uint64_t(tiles), 256), 256, 0, exec.stream>>>(state, tiles);
  ORDO_CUDA_LAUNCH_CHECK("segmented_scan_init_kernel");
  if constexpr (serial_segmented_scan<Policy>()) {
    prim::segmented_scan_serial_kernel<threads, items><<<unsigned(tiles), threads, 0, exec.stream>>>(
        in, heads, n, out, op, init, with_init, exclusive, state);
    ORDO_CUDA_LAUNCH_CHECK("segmented_scan_serial_kernel");
  } else {
    prim::segmented_scan_kernel<threads, items><<<unsigned(tiles), threads, 0, exec.stream>>>(
        in, heads, n, out, op, init, with_init, exclusive, state);
    ORDO_CUDA_LAUNCH_CHECK("segmented_scan_kernel");
  }
}

}  // namespace ordo::detail
