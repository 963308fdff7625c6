// The middle of grouped rank's label replay (dispatch: label_replay.cuh):
// after two digit passes by the label's code, each bucket (at most
// bucket_capacity keys) holds whole groups, 2^shift label codes of it, the
// keys in input order. One block ranks a bucket: it splits it into
// sub-buckets in shared memory by (label within the bucket, the key's top
// differing bits within the bucket), sub_bits in all, so that each group's
// sub-buckets are consecutive and ordered by key; each key counts the keys
// of its sub-bucket below it, equal to it and equal but before it (the
// counting of msd_bucket_count_kernel, with a label above the key bits).
// The rank value (0-based within the group, as rank()'s msd_replay: min =
// first, max = last, ordinal = first + earlier ties, average = first +
// last; `unranked` for NaN kept) replaces the key's order bits.
//
// A sub-bucket of more than sub_limit keys (many ties, or a label with few
// key bits left) would make the counting quadratic: the block raises
// *overflow and the caller ranks by its general path instead, unless every
// sub-bucket is one key value (all varying key bits in its index) and the
// method needs no order among ties.
#pragma once
#include <cub/block/block_scan.cuh>

#include <cstdint>

#include "cuda/rank/block/msd_tile.cuh"
#include "cuda/rank/kernel/msd_bucket_kernels.cuh"  // bucket_threads, subs, sub_limit, scan_subs, rank_value
#include "ordo/cuda/warp/warp_reduce.cuh"

namespace ordo::detail::cuda_grouped {

namespace msd = cuda_rank::msd;

// Label bits a bucket may span: the rest of sub_bits is for the key.
constexpr unsigned label_replay_max_shift = msd::sub_bits - 4;

struct label_bucket_args {
  const std::uint8_t* labels;   // pass-2 output: each label code's low 8 bits
  std::uint32_t* codes;         // pass-2 output: the keys' order bits in, rank values out
  const unsigned* starts2;      // [buckets + 1]
  rank_method method;
  unsigned shift;  // label bits below the bucket's (labels of a bucket differ there only)
  bool keep_nan;   // floating keys under na_option::keep: all-ones bits are NaN, unranked
  unsigned* overflow;
};

// Shared memory: the codes by sub-bucket, their positions, each position's
// label bits (one byte: shift <= 8), then three counters per sub-bucket.
// 106 KB: two blocks an SM.
constexpr std::size_t label_bucket_smem_bytes =
    msd::bucket_capacity * (sizeof(std::uint32_t) + sizeof(std::uint16_t) + sizeof(std::uint8_t)) +
    3 * msd::subs * sizeof(unsigned);
static_assert(label_replay_max_shift <= 8, "a bucket's label bits are kept in one byte");

template <int Unused = 0>
// Two blocks per multiprocessor (their shared memory allows two), so at most
// 64 registers: the codes are held in registers until they are placed by
// sub-bucket, the labels wait in shared memory, and the ranks are computed
// by slot (codes and labels held in registers throughout spilled 1.7 KB of
// local loads a thread).
__global__ void __launch_bounds__(msd::bucket_threads, 2) label_bucket_kernel(label_bucket_args a) {
  constexpr int threads = msd::bucket_threads, items = msd::bucket_items;
  using scan = cub::BlockScan<unsigned, threads>;
  __shared__ typename scan::TempStorage scan_storage;
  __shared__ std::uint32_t key_or, key_and;
  extern __shared__ __align__(16) unsigned char smem[];
  auto* word = reinterpret_cast<std::uint32_t*>(smem);  // codes by sub-bucket
  auto* count = word + msd::bucket_capacity;            // per sub-bucket: keys, then first slot
  auto* cursor = count + msd::subs;
  auto* width = cursor + msd::subs;
  auto* pos = reinterpret_cast<std::uint16_t*>(width + msd::subs);  // each slot's position in the bucket
  auto* label = reinterpret_cast<std::uint8_t*>(pos + msd::bucket_capacity);  // each position's label bits

  const unsigned q = blockIdx.x;
  const unsigned begin = a.starts2[q], size = a.starts2[q + 1] - begin;
  if (size == 0 || size > msd::bucket_capacity) return;  // the host never runs this path with size > capacity
  for (unsigned i = threadIdx.x; i < msd::subs; i += threads) count[i] = 0;
  if (threadIdx.x == 0) key_or = 0, key_and = ~0u;
  const std::uint32_t label_mask = (1u << a.shift) - 1;
  std::uint32_t code[items];  // every load in flight at once
  std::uint32_t o = 0, n = ~0u;
#pragma unroll
  for (int j = 0; j < items; ++j) {
    const unsigned i = threadIdx.x + unsigned(j) * threads;
    code[j] = i < size ? a.codes[begin + i] : 0u;
    if (i < size) {
      label[i] = std::uint8_t(a.labels[begin + i] & label_mask);
      o |= code[j], n &= code[j];
    }
  }
  // The key bits that vary within this bucket: the sub-bucket takes the top
  // (sub_bits - shift) of them.
  o = warp_or(o);
  n = warp_and(n);
  __syncthreads();  // the counters and key_or / key_and are initialised
  if (threadIdx.x % 32 == 0) atomicOr(&key_or, o), atomicAnd(&key_and, n);
  __syncthreads();
  const std::uint32_t differ = key_or ^ key_and;
  const int top = differ ? 32 - __clz(differ) : 0;
  const int key_bits = int(msd::sub_bits) - int(a.shift);
  const int key_shift = top > key_bits ? top - key_bits : 0;
  const std::uint32_t key_mask = (1u << key_bits) - 1;
  const auto sub_of = [&](unsigned i, std::uint32_t c) {
    return (std::uint32_t(label[i]) << key_bits) | ((c >> key_shift) & key_mask);
  };
  // Every varying key bit inside the sub-bucket index: a sub-bucket is one
  // key value, so min, max and average follow from its bounds (no counting,
  // however many ties); ordinal still counts the earlier positions.
  const bool one_value = top <= key_bits && a.method != rank_method::ordinal;
#pragma unroll
  for (int j = 0; j < items; ++j) {
    const unsigned i = threadIdx.x + unsigned(j) * threads;
    if (i < size) atomicAdd(&count[sub_of(i, code[j])], 1u);
  }
  __syncthreads();
  bool over = false;
  msd::scan_subs<scan>(scan_storage, count, width, &over);
  if (__syncthreads_or(over && !one_value)) {
    if (threadIdx.x == 0) atomicOr(a.overflow, 1u);
    return;
  }
  for (unsigned i = threadIdx.x; i < msd::subs; i += threads) cursor[i] = count[i];
  __syncthreads();
#pragma unroll
  for (int j = 0; j < items; ++j) {
    const unsigned i = threadIdx.x + unsigned(j) * threads;
    if (i < size) {
      const unsigned slot = atomicAdd(&cursor[sub_of(i, code[j])], 1u);
      word[slot] = code[j];
      pos[slot] = std::uint16_t(i);
    }
  }
  __syncthreads();
  // Rank by slot (the codes leave the registers: they are in word), then
  // put each rank at its position in word and store the bucket coalesced.
  std::uint32_t rank[items];
#pragma unroll
  for (int j = 0; j < items; ++j) {
    const unsigned p0 = threadIdx.x + unsigned(j) * threads;
    if (p0 >= size) continue;
    const std::uint32_t c = word[p0];
    const unsigned i = pos[p0], sub = sub_of(i, c), from = count[sub], to = from + width[sub];
    unsigned less = 0, equal = one_value ? to - from : 0, ties_before = 0;
    for (unsigned p = one_value ? to : from; p < to; ++p) {
      const std::uint32_t w = word[p];
      less += w < c;
      equal += w == c;
      ties_before += (w == c) & (pos[p] < i);
    }
    const unsigned group_first = count[std::uint32_t(label[i]) << key_bits];  // the group's first slot
    rank[j] = a.keep_nan && c == 0xFFFFFFFFu
                  ? msd::unranked
                  : msd::rank_value(a.method, from - group_first + less, equal, ties_before, 0);
  }
  __syncthreads();
#pragma unroll
  for (int j = 0; j < items; ++j) {
    const unsigned p0 = threadIdx.x + unsigned(j) * threads;
    if (p0 < size) word[pos[p0]] = rank[j];
  }
  __syncthreads();
#pragma unroll
  for (int j = 0; j < items; ++j) {
    const unsigned i = threadIdx.x + unsigned(j) * threads;
    if (i < size) a.codes[begin + i] = word[i];
  }
}

}  // namespace ordo::detail::cuda_grouped
