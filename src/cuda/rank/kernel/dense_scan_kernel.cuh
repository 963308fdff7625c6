// Dense ranks as a single-pass scan of head flags (rank_variant::scan): the
// shape of CUB's own scan agent, with the flags computed from the keys in
// registers instead of read through an iterator. Coalesced loads transposed
// to a blocked arrangement (BlockLoad, warp transpose), head flags by
// BlockDiscontinuity with the previous tile's last key, a block scan whose
// carry comes by decoupled look-back (dense_lookback.cuh), and a transposed
// store. One read of the keys and one write of the ranks.
#pragma once
#include <cub/block/block_discontinuity.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>

#include <cstdint>

#include "ordo/detail/key_traits.hpp"
#include "cuda/rank/block/dense_lookback.cuh"

namespace ordo::detail::cuda_rank {

// Tuning for sm_90: CUB's 4-byte sum-scan policy (128 threads, 24 items,
// fixed back-off 648/1245); 8-byte keys take half the items per thread.
template <std::size_t KeyBytes>
struct dense_scan_policy {
  static constexpr int threads = 128;
  static constexpr int items = KeyBytes == 4 ? 24 : 12;
  static constexpr std::uint64_t tile = std::uint64_t(threads) * items;
  using delay = cub::detail::fixed_delay_constructor_t<648, 1245>;
};

template <class K>
struct keys_differ {
  __device__ __forceinline__ bool operator()(const K& a, const K& b) const { return !keys_tie(a, b); }
};

template <class Policy, class K, class C, class R>
__global__ void __launch_bounds__(Policy::threads)
    dense_scan_kernel(const K* __restrict__ keys, std::uint64_t n, R* __restrict__ ranks, dense_tile_state<C> state,
                      unsigned long long* counter) {
  constexpr int Threads = Policy::threads, Items = Policy::items;
  using load_t = cub::BlockLoad<K, Threads, Items, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using disc_t = cub::BlockDiscontinuity<K, Threads>;
  using scan_t = dense_block_scan<Threads, C, typename Policy::delay>;
  using store_t = cub::BlockStore<R, Threads, Items, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  __shared__ union {
    typename load_t::TempStorage load;
    typename disc_t::TempStorage disc;
    typename store_t::TempStorage store;
  } s;
  __shared__ typename scan_t::storage scan_storage;
  __shared__ unsigned long long s_tile;

  // Tiles numbered in launch order, so every tile waited on has started.
  if (threadIdx.x == 0) s_tile = atomicAdd(counter, 1ull);
  __syncthreads();
  const std::uint64_t tile = s_tile;
  const std::uint64_t start = tile * Policy::tile;
  const int valid = int(min(Policy::tile, n - start));
  const bool full = valid == int(Policy::tile);

  K k[Items];
  if (full) load_t(s.load).Load(keys + start, k);
  else load_t(s.load).Load(keys + start, k, valid, K{});
  __syncthreads();
  C flags[Items];
  if (tile == 0) disc_t(s.disc).FlagHeads(flags, k, keys_differ<K>{});
  else disc_t(s.disc).FlagHeads(flags, k, keys_differ<K>{}, keys[start - 1]);
  C mine = 0;
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    if (int(threadIdx.x) * Items + j >= valid) flags[j] = 0;  // past the end
    mine += flags[j];
  }
  C running = scan_t::exclusive(mine, int(tile), state, scan_storage);  // heads before this thread
  R out[Items];
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    running += flags[j];
    out[j] = R(running);
  }
  __syncthreads();  // the store reuses the load's shared memory
  if (full) store_t(s.store).Store(ranks + start, out);
  else store_t(s.store).Store(ranks + start, out, valid);
}

}  // namespace ordo::detail::cuda_rank
