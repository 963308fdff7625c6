// Kernel scope: the segmented scan in one pass (Sengupta et al.'s segmented
// scan; the single pass is Merrill and Garland's decoupled look-back, taken
// from CUB's block-scope pieces). Each block loads a tile of values and head
// flags, scans (flag, value) pairs with the segmented operator, the tile's
// prefix coming from its predecessors through cub::TilePrefixCallbackOp, and
// writes op(init, scan) (exclusive: init at heads, op(init, the segment's
// elements before i) elsewhere, which needs no identity of op). 9 bytes per
// 4-byte element are read and written, the copy floor of the operation.
//
// Two kernels: segmented_scan_kernel scans every item as a (flag, value) pair
// through cub::BlockScan; segmented_scan_serial_kernel scans each thread's
// items serially on the values (a head restarts the sum) and gives the block
// scan one pair per thread, then applies each thread's prefix to its items up
// to its first head (Sengupta et al.'s "segmented scan by a carry per
// thread"). The pair operator runs twice per thread, not twice per item.
#pragma once
#include <cub/agent/single_pass_scan_operators.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>

#include <cstdint>

#include "ordo/cuda/primitives/thread/segment_pair.cuh"

namespace ordo::detail::prim {

template <class TileState>
__global__ void segmented_scan_init_kernel(TileState state, int tiles) {
  state.InitializeStatus(tiles);
}

template <int THREADS, int ITEMS, class In, class Acc, class Op, class TileState>
__global__ void __launch_bounds__(THREADS)
    segmented_scan_kernel(const In* in, const std::uint8_t* heads, std::uint64_t n, Acc* out, Op op, Acc init,
                          bool with_init, bool exclusive, TileState state) {
  constexpr int TILE = THREADS * ITEMS;
  using P = segment_pair<Acc>;
  using pair_t = typename P::type;
  using pair_op = segment_pair_op<Acc, Op>;
  using load_t = cub::BlockLoad<In, THREADS, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using load_flags_t = cub::BlockLoad<std::uint8_t, THREADS, ITEMS, cub::BLOCK_LOAD_VECTORIZE>;
  using store_t = cub::BlockStore<Acc, THREADS, ITEMS, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using scan_t = cub::BlockScan<pair_t, THREADS, cub::BLOCK_SCAN_WARP_SCANS>;
  using prefix_t = cub::TilePrefixCallbackOp<pair_t, pair_op, TileState>;
  __shared__ union {
    typename load_t::TempStorage load;
    typename load_flags_t::TempStorage load_flags;
    typename store_t::TempStorage store;
    struct {
      typename scan_t::TempStorage scan;
      typename prefix_t::TempStorage prefix;
    } scan;
  } s;
  const int tile = blockIdx.x;
  const std::uint64_t base = std::uint64_t(tile) * TILE;
  const int valid = int(min(std::uint64_t(TILE), n - base));
  In v[ITEMS];
  std::uint8_t f[ITEMS];
  if (valid == TILE) {
    load_t(s.load).Load(in + base, v);
    __syncthreads();
    load_flags_t(s.load_flags).Load(heads + base, f);
  } else {
    // Past the end: copies of the last element, heads (never written out).
    load_t(s.load).Load(in + base, v, valid, in[n - 1]);
    __syncthreads();
    load_flags_t(s.load_flags).Load(heads + base, f, valid, std::uint8_t(1));
  }
  __syncthreads();
  pair_t p[ITEMS];
#pragma unroll
  for (int j = 0; j < ITEMS; ++j)
    p[j] = P::make(f[j] != 0 || (tile == 0 && threadIdx.x == 0 && j == 0), static_cast<Acc>(v[j]));
  const pair_op op2{op};
  if (tile == 0) {
    pair_t aggregate;
    if (exclusive) scan_t(s.scan.scan).ExclusiveScan(p, p, op2, aggregate);
    else scan_t(s.scan.scan).InclusiveScan(p, p, op2, aggregate);
    if (threadIdx.x == 0) state.SetInclusive(0, aggregate);
  } else {
    prefix_t prefix(state, s.scan.prefix, op2, tile);
    if (exclusive) scan_t(s.scan.scan).ExclusiveScan(p, p, op2, prefix);
    else scan_t(s.scan.scan).InclusiveScan(p, p, op2, prefix);
  }
  Acc r[ITEMS];
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    // exclusive: element 0 of tile 0 has no scan value (CUB leaves it
    // undefined), but it starts a segment and takes init
    const bool head = f[j] != 0 || (tile == 0 && threadIdx.x == 0 && j == 0);
    if (exclusive) r[j] = head ? init : op(init, P::value(p[j]));
    else r[j] = with_init ? op(init, P::value(p[j])) : P::value(p[j]);
  }
  __syncthreads();
  if (valid == TILE) store_t(s.store).Store(out + base, r);
  else store_t(s.store).Store(out + base, r, valid);
}

template <int THREADS, int ITEMS, class In, class Acc, class Op, class TileState>
__global__ void __launch_bounds__(THREADS)
    segmented_scan_serial_kernel(const In* in, const std::uint8_t* heads, std::uint64_t n, Acc* out, Op op, Acc init,
                                 bool with_init, bool exclusive, TileState state) {
  constexpr int TILE = THREADS * ITEMS;
  using P = segment_pair<Acc>;
  using pair_t = typename P::type;
  using pair_op = segment_pair_op<Acc, Op>;
  using load_t = cub::BlockLoad<In, THREADS, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using load_flags_t = cub::BlockLoad<std::uint8_t, THREADS, ITEMS, cub::BLOCK_LOAD_VECTORIZE>;
  using store_t = cub::BlockStore<Acc, THREADS, ITEMS, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using scan_t = cub::BlockScan<pair_t, THREADS, cub::BLOCK_SCAN_WARP_SCANS>;
  using prefix_t = cub::TilePrefixCallbackOp<pair_t, pair_op, TileState>;
  __shared__ union {
    typename load_t::TempStorage load;
    typename load_flags_t::TempStorage load_flags;
    typename store_t::TempStorage store;
    struct {
      typename scan_t::TempStorage scan;
      typename prefix_t::TempStorage prefix;
    } scan;
  } s;
  const int tile = blockIdx.x;
  const std::uint64_t base = std::uint64_t(tile) * TILE;
  const int valid = int(min(std::uint64_t(TILE), n - base));
  In v[ITEMS];
  std::uint8_t f[ITEMS];
  if (valid == TILE) {
    load_t(s.load).Load(in + base, v);
    __syncthreads();
    load_flags_t(s.load_flags).Load(heads + base, f);
  } else {
    // Past the end: copies of the last element, heads (never written out).
    load_t(s.load).Load(in + base, v, valid, in[n - 1]);
    __syncthreads();
    load_flags_t(s.load_flags).Load(heads + base, f, valid, std::uint8_t(1));
  }
  // The element before the whole input has no value: element 0 is a head.
  const bool first_thread = tile == 0 && threadIdx.x == 0;
  if (first_thread) f[0] = 1;
  // The thread's items, scanned within the thread: a head restarts.
  Acc r[ITEMS];
  bool any_head = f[0] != 0;
  r[0] = static_cast<Acc>(v[0]);
#pragma unroll
  for (int j = 1; j < ITEMS; ++j) {
    r[j] = f[j] != 0 ? static_cast<Acc>(v[j]) : op(r[j - 1], static_cast<Acc>(v[j]));
    any_head = any_head || f[j] != 0;
  }
  __syncthreads();
  // One pair per thread through the block scan and the look-back: `before`
  // is the scan up to the thread's first item (its value: the inclusive
  // scan of the element before it; undefined for the first thread of all).
  const pair_op op2{op};
  const pair_t mine = P::make(any_head, r[ITEMS - 1]);
  pair_t before;
  if (tile == 0) {
    pair_t aggregate;
    scan_t(s.scan.scan).ExclusiveScan(mine, before, op2, aggregate);
    if (threadIdx.x == 0) state.SetInclusive(0, aggregate);
  } else {
    prefix_t prefix(state, s.scan.prefix, op2, tile);
    scan_t(s.scan.scan).ExclusiveScan(mine, before, op2, prefix);
  }
  const Acc carry = P::value(before);
  bool open = !first_thread;  // items before the thread's first head continue `carry`'s segment
  Acc prev = carry;           // the inclusive scan of the element before item j
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    open = open && f[j] == 0;
    const Acc incl = open ? op(carry, r[j]) : r[j];
    if (exclusive) r[j] = f[j] != 0 ? init : op(init, prev);
    else r[j] = with_init ? op(init, incl) : incl;
    prev = incl;
  }
  __syncthreads();
  if (valid == TILE) store_t(s.store).Store(out + base, r);
  else store_t(s.store).Store(out + base, r, valid);
}

}  // namespace ordo::detail::prim
