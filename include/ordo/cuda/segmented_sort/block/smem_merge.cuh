// Block scope: a whole segment (or one chunk of a long one) sorted by a
// block. Each warp reg-sorts 32 * P elements, then smem-merge (paper Sec. 3.3,
// Fig. 7) merges the warps' sorted chunks in shared memory, level by level:
// every thread finds its P outputs with a merge-path search over the two
// chunks and merges them serially into registers. The result is left in
// shared memory, keys and positions, ready for a coalesced (striped) write.
#pragma once
#include "ordo/cuda/block/block_merge.cuh"
#include "ordo/cuda/segmented_sort/warp/reg_sort.cuh"

namespace ordo::detail::segsort {

using prim::padded_smem;

template <class IO>
struct key_less_of {
  const IO* io;
  template <class K>
  __device__ __forceinline__ bool operator()(const K& a, const K& b) const { return io->key_less(a, b); }
};

template <class K>
constexpr int block_sort_smem_bytes(int tile, bool pos) {
  return (padded_smem<K>::size_for(tile) * int(sizeof(K)) + 15) / 16 * 16 +
         (pos ? padded_smem<u32>::size_for(tile) * 4 : 0);
}

// Sorts `len` <= WARPS * 32 * P elements starting at global index `begin`;
// positions are pos0 + the index in the range. Leaves ks[0, len), ps[0, len)
// sorted.
template <int WARPS, int P, bool POS, class IO, class K = typename IO::key_t>
__device__ __forceinline__ void block_sort_range(const IO& io, u64 begin, int len, u32 pos0, u32 seg_len,
                                                 padded_smem<K> ks, padded_smem<u32> ps) {
  constexpr int CHUNK = 32 * P, THREADS = WARPS * 32;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  K k[P];
  u32 p[P];
#pragma unroll
  for (int r = 0; r < P; ++r) {  // striped loads: coalesced
    const int x = warp * CHUNK + lane + 32 * r;
    k[r] = x < len ? io.load(begin + x) : IO::pad();
    p[r] = pos0 + u32(x);
  }
  const auto ord = io.template order<POS>(seg_len);
  reg_sort<32, P, POS>(k, p, lane, ord);
  const key_less_of<IO> less{&io};
  const int pos = threadIdx.x * P;
#pragma unroll 1
  for (int run = CHUNK;; run *= 2) {
    prim::registers_to_smem<POS>(ks, ps, k, p, pos, len);
    __syncthreads();
    if (run >= THREADS * P) break;
    const int g = pos & ~(2 * run - 1);
    const int la = min(run, max(0, len - g)), lb = min(run, max(0, len - g - run));
    int slot[P];
    if (pos < len) {
      prim::merge_from_smem<P>(ks, g, la, g + run, lb, pos - g, k, slot, less);
      if constexpr (POS) {
#pragma unroll
        for (int r = 0; r < P; ++r) p[r] = ps[slot[r]];
      }
    }
    __syncthreads();
  }
}

}  // namespace ordo::detail::segsort
