// The three GPU algorithms of the paper (Sec. III.A-C), for the min method
// (standard competition ranking) and, run over the mirrored sequence, the max
// method. A "logical" index j walks the keys forward (Forward) or backward;
// ranks are written from the logical position of the nearest group head:
// forward, rank = head + 1; mirrored, rank = n - head (the last position + 1).
#pragma once
#include <cstdint>

#include "ordo/detail/key_traits.hpp"
#include "cuda/rank/thread/modified_binary_search.cuh"
#include "cuda/rank/warp/warp_scan.cuh"

namespace ordo::detail::cuda_rank {

template <bool Forward, class K>
struct logical_keys {
  const K* keys;
  std::uint64_t n;
  __device__ __forceinline__ K operator[](std::uint64_t j) const { return keys[Forward ? j : n - 1 - j]; }
  __device__ __forceinline__ std::uint64_t physical(std::uint64_t j) const { return Forward ? j : n - 1 - j; }
};

template <bool Forward, class R>
__device__ __forceinline__ R rank_from_head(std::uint64_t head, std::uint64_t n) {
  return Forward ? R(head + 1) : R(n - head);
}

// ---- III.A, Fig. 3: naive parallel prefix, one launch per step ----------
// Before step 0 every logical j holds head position j; step s copies from
// j - 2^s when the keys tie (sorted order makes every key between tie too).
template <bool Forward, class K, class P>
__global__ void naive_init_kernel(P* r, std::uint64_t n) {
  for (std::uint64_t j = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; j < n;
       j += std::uint64_t(gridDim.x) * blockDim.x)
    r[j] = P(j);
}

template <bool Forward, class K, class P>
__global__ void naive_step_kernel(logical_keys<Forward, K> d, const P* r_in, P* r_out, std::uint64_t stride) {
  for (std::uint64_t j = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; j < d.n;
       j += std::uint64_t(gridDim.x) * blockDim.x) {
    P v = r_in[j];
    if (j >= stride && keys_tie(d[j], d[j - stride])) v = r_in[j - stride];
    r_out[j] = v;
  }
}

// Writes ranks (physical order) from logical head positions.
template <bool Forward, class P, class R>
__global__ void heads_to_ranks_kernel(const P* heads, R* ranks, std::uint64_t n) {
  for (std::uint64_t j = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; j < n;
       j += std::uint64_t(gridDim.x) * blockDim.x)
    ranks[Forward ? j : n - 1 - j] = rank_from_head<Forward, R>(std::uint64_t(heads[j]), n);
}

// ---- III.B: shuffle scan with the flag packed into the value -------------
// Value = (head flag in the top bit) | logical position. The operator copies
// the left operand unless the right one carries the flag: a segmented copy,
// associative. Three launches: scan blocks, scan block totals (recursively),
// fix up the elements whose block had no head before them.
template <class P>
struct packed {
  static constexpr P flag = P(1) << (sizeof(P) * 8 - 1);
  __device__ __forceinline__ P operator()(P left, P right) const { return (right & flag) ? right : left; }
};

template <int Block, class P>
__device__ __forceinline__ P block_inclusive_copy_scan(P v, P* warp_totals) {
  packed<P> op;
  const int warp = threadIdx.x / 32;
  const unsigned lane = lane_id();
  P inc = warp_inclusive_scan(v, op);  // shfl_up scan, as NVIDIA's shfl_scan sample
  if (lane == 31) warp_totals[warp] = inc;
  __syncthreads();
  if (warp == 0) {
    P t = lane < Block / 32 ? warp_totals[lane] : P(0);
    t = warp_inclusive_scan(t, op);
    if (lane < Block / 32) warp_totals[lane] = t;
  }
  __syncthreads();
  if (warp > 0) inc = op(warp_totals[warp - 1], inc);
  return inc;
}

// Level 0: packs flags from the keys and scans each block of the sequence.
template <int Block, bool Forward, class K, class P>
__global__ void __launch_bounds__(Block)
    shuffle_scan_keys_kernel(logical_keys<Forward, K> d, P* scanned, P* block_totals) {
  __shared__ P warp_totals[Block / 32];
  const std::uint64_t j = blockIdx.x * std::uint64_t(Block) + threadIdx.x;
  P v = 0;
  if (j < d.n) {
    const bool head = j == 0 || !keys_tie(d[j], d[j - 1]);
    v = P(j) | (head ? packed<P>::flag : P(0));
  }
  P inc = block_inclusive_copy_scan<Block>(v, warp_totals);
  if (j < d.n) scanned[j] = inc;
  if (threadIdx.x == Block - 1) block_totals[blockIdx.x] = inc;
}

// Upper levels: scans an array of packed block totals in place.
template <int Block, class P>
__global__ void __launch_bounds__(Block)
    shuffle_scan_values_kernel(P* values, std::uint64_t count, P* block_totals) {
  __shared__ P warp_totals[Block / 32];
  const std::uint64_t j = blockIdx.x * std::uint64_t(Block) + threadIdx.x;
  P v = j < count ? values[j] : P(0);
  P inc = block_inclusive_copy_scan<Block>(v, warp_totals);
  if (j < count) values[j] = inc;
  if (threadIdx.x == Block - 1) block_totals[blockIdx.x] = inc;
}

// Elements of block b with no head before them in the block take the carry
// from the scanned totals of blocks 0..b-1.
template <int Block, class P>
__global__ void shuffle_fixup_kernel(P* values, std::uint64_t count, const P* scanned_totals) {
  const std::uint64_t j = blockIdx.x * std::uint64_t(Block) + threadIdx.x;
  if (j >= count || blockIdx.x == 0) return;
  P v = values[j];
  if (!(v & packed<P>::flag)) values[j] = scanned_totals[blockIdx.x - 1];
}

template <bool Forward, class P, class R>
__global__ void packed_to_ranks_kernel(const P* scanned, R* ranks, std::uint64_t n) {
  for (std::uint64_t j = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; j < n;
       j += std::uint64_t(gridDim.x) * blockDim.x)
    ranks[Forward ? j : n - 1 - j] =
        rank_from_head<Forward, R>(std::uint64_t(scanned[j] & ~packed<P>::flag), n);
}

// ---- III.C: hybrid, ballot/brev/ffs + modified binary search -------------
// A "global warp" of 1024 keys per warp: the first rank comes from the 32
// keys before it or, failing that, from the modified binary search (Fig. 5);
// then 32 rounds of shuffle-ballot-brev-ffs (Fig. 4), 32 keys a round.
template <int WarpsPerBlock, bool Forward, class K, class R>
__global__ void __launch_bounds__(WarpsPerBlock * 32)
    hybrid_kernel(logical_keys<Forward, K> d, R* ranks) {
  constexpr std::uint64_t chunk = 1024;
  const unsigned lane = lane_id();
  const std::uint64_t gwarp = blockIdx.x * std::uint64_t(WarpsPerBlock) + threadIdx.x / 32;
  const std::uint64_t start = gwarp * chunk;
  if (start >= d.n) return;

  // Beginning head of this global warp.
  std::uint64_t carry_head = 0;
  K carry_key{};
  if (start > 0) {
    carry_key = d[start - 1];
    // The 32 keys before `start`: the last change among them, if any.
    const std::uint64_t pj = start - 32 + lane;  // start >= 1024, so no underflow
    const K mine = d[pj];
    const K before = pj > 0 ? d[pj - 1] : mine;
    const bool change = pj == 0 || !keys_tie(before, mine);
    const unsigned votes = __ballot_sync(full_mask, change);
    if (votes) {
      carry_head = start - 32 + (31 - __clz(votes));
    } else if (lane == 0) {
      // The paper's modified binary search, run backwards from start-32.
      const K belm = mine;
      std::uint64_t brank = start - 32;
      std::int64_t low = 0, high = std::int64_t(start) - 33;
      while (low <= high) {
        std::int64_t m = low + (high - low) / 2;
        if (keys_tie(d[std::uint64_t(m)], belm)) {
          high = m - 1;
          brank = std::uint64_t(m);
        } else {
          low = m + 1;
        }
      }
      carry_head = brank;
    }
    carry_head = __shfl_sync(full_mask, carry_head, 0);
  }
  const std::uint64_t end = min(start + chunk, d.n);
  for (std::uint64_t base = start; base < end; base += 32) {
    const std::uint64_t j = base + lane;
    const bool valid = j < end;
    const K elm = valid ? d[j] : carry_key;
    K pelm = __shfl_up_sync(full_mask, elm, 1);
    if (lane == 0) pelm = carry_key;
    const bool change = valid && (j == 0 || !keys_tie(elm, pelm));
    const unsigned votes = __ballot_sync(full_mask, change);
    // Fig. 4: reverse the ballot so __ffs finds the nearest change at or
    // below this lane.
    const unsigned below = votes & (lane == 31 ? full_mask : ((1u << (lane + 1)) - 1));
    const unsigned votes_rev = __brev(below);
    std::uint64_t head = below ? base + ((32 - __ffs(votes_rev)) & 0x1f) : carry_head;
    if (valid) ranks[d.physical(j)] = rank_from_head<Forward, R>(head, d.n);
    carry_head = __shfl_sync(full_mask, head, 31);
    carry_key = __shfl_sync(full_mask, elm, 31);
  }
}

// ---- the ordinal method and validation -----------------------------------
template <class R>
__global__ void iota_ranks_kernel(R* ranks, std::uint64_t n) {
  for (std::uint64_t j = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; j < n;
       j += std::uint64_t(gridDim.x) * blockDim.x)
    ranks[j] = R(j + 1);
}

// Smallest i with keys[i], keys[i+1] out of order, into *first_bad (initialised to n).
template <bool Ascending, class K>
__global__ void find_unsorted_kernel(const K* keys, std::uint64_t n, unsigned long long* first_bad) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i + 1 < n;
       i += std::uint64_t(gridDim.x) * blockDim.x) {
    const bool ok = Ascending ? in_ascending_order(keys[i], keys[i + 1]) : in_descending_order(keys[i], keys[i + 1]);
    if (!ok) atomicMin(first_bad, static_cast<unsigned long long>(i));
  }
}

}  // namespace ordo::detail::cuda_rank
