// Skewed keys in rank()'s msd_replay (docs/algorithms.md, "Skewed keys"):
// when one pass-1 bucket holds far more than its share, pass 1's digit comes
// from a map of the key's fine bin (the window's 16 bits for 32-bit keys;
// 20 bits ending where the window ends for 64-bit ones, whose exponent leaves
// a double only 4 bits of fraction in 16) instead of the window's top 8,
// and pass 2 cuts each pass-1 bucket's range linearly into 256 parts.
//
//   msd_sample_kernel  a histogram of the fine bins of a sample of the keys
//                      (every stride-th key, at a scrambled offset in its
//                      stride so that periodic inputs are still sampled)
//   msd_coarse_kernel, msd_runs_kernel, msd_run_starts_kernel, msd_cuts_kernel
//                      cut the fine bins into at most 256 runs of
//                      consecutive bins, each run a pass-1 bucket, so that
//                      each of its 256 pass-2 parts is expected to hold at
//                      most a budget of keys: a run whose densest bin holds
//                      `top` samples over `width` bins (from its first to
//                      its last sampled bin) passes if top * width <= budget
//                      (256 parts' keys, in samples); then each run's first
//                      fine bin (the map, as 256 bounds) and its cut.
//
// The map is monotone and the cut is clamped, so any sample ranks correctly;
// a bad sample only makes a bucket too large, and the call falls back.
#pragma once
#include <cstdint>

#include "cuda/rank/block/msd_tile.cuh"

namespace ordo::detail::cuda_rank::msd {

constexpr unsigned coarse_bins = digits;  // the fine bins' top 8 bits
template <class Bits>
constexpr unsigned fine_per_coarse = fine_bins<Bits> / coarse_bins;

__device__ __forceinline__ std::uint64_t scramble(std::uint64_t x) {
  x ^= x >> 31;
  x *= 0x7fb5d329728ea185ull;
  x ^= x >> 27;
  return x;
}

template <class Src, class Bits>
__global__ void __launch_bounds__(256) msd_sample_kernel(Src src, std::uint64_t n, std::uint64_t stride,
                                                         const Bits* or_and, unsigned* hist) {
  const unsigned shift = fine_shift<Bits>(window_shift(or_and[0], or_and[1]));
  const std::uint64_t samples = n / stride;
  for (std::uint64_t j = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; j < samples;
       j += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint64_t i = j * stride + scramble(j) % stride;
    atomicAdd(&hist[unsigned(src(i) >> shift) & (fine_bins<Bits> - 1)], 1u);
  }
}

// The map's state between its kernels, in one array of unsigned: per coarse
// bin its densest fine bin's samples, its first and last sampled fine bin
// (within it; ~0 for none), its runs if cut alone (0: light) and its first
// run; then per run its first and last sampled fine bin.
struct coarse_state {
  unsigned* base;
  __device__ unsigned* top() const { return base; }
  __device__ unsigned* first_nz() const { return base + coarse_bins; }
  __device__ unsigned* last_nz() const { return base + 2 * coarse_bins; }
  __device__ unsigned* runs_in() const { return base + 3 * coarse_bins; }
  __device__ unsigned* run_of() const { return base + 4 * coarse_bins; }
  __device__ unsigned* run_lo() const { return base + 5 * coarse_bins; }
  __device__ unsigned* run_hi() const { return base + 5 * coarse_bins + digits; }
  __device__ unsigned* run_start() const { return base + 5 * coarse_bins + 2 * digits; }
};
constexpr std::size_t coarse_state_words = 5 * coarse_bins + 3 * digits;

// A: each coarse bin's densest fine bin and its first and last sampled ones;
// one block per coarse bin. Block 0 also clears the runs' bounds.
template <class Bits>
__global__ void __launch_bounds__(256) msd_coarse_kernel(const unsigned* hist, unsigned* state) {
  constexpr unsigned per = fine_per_coarse<Bits>;
  const coarse_state cs{state};
  __shared__ unsigned t_s, f_s, l_s;
  const unsigned c = blockIdx.x;
  if (threadIdx.x == 0) {
    t_s = 0;
    f_s = ~0u;
    l_s = 0;
  }
  if (c == 0 && threadIdx.x < digits) {
    cs.run_lo()[threadIdx.x] = ~0u;
    cs.run_hi()[threadIdx.x] = 0;
    cs.run_start()[threadIdx.x] = ~0u;  // runs past the last: never reached
  }
  __syncthreads();
  unsigned t = 0, f = ~0u, l = 0;
  for (unsigned k = threadIdx.x; k < per; k += blockDim.x) {
    const unsigned h = hist[c * per + k];
    t = h > t ? h : t;
    if (h) {
      f = k < f ? k : f;
      l = k;
    }
  }
  atomicMax(&t_s, t);
  atomicMin(&f_s, f);
  atomicMax(&l_s, l);
  __syncthreads();
  if (threadIdx.x == 0) {
    cs.top()[c] = t_s;
    cs.first_nz()[c] = f_s;
    cs.last_nz()[c] = l_s;
  }
}

// B and C, one block; `local` takes the runs of dense coarse bins, numbered
// within the bin. status[0]: runs (pass-1 buckets) used, or 0 when the
// keys cannot be cut (more than 256 runs, or one fine bin alone over budget).
template <class Bits>
__global__ void __launch_bounds__(1024) msd_runs_kernel(const unsigned* hist, std::uint64_t budget, std::uint8_t* local,
                                                        unsigned* state, unsigned* status) {
  constexpr unsigned per = fine_per_coarse<Bits>;
  const coarse_state cs{state};
  __shared__ unsigned top[coarse_bins], runs_in[coarse_bins];
  __shared__ bool failed;
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
  if (threadIdx.x == 0) failed = false;
  if (threadIdx.x < coarse_bins) top[threadIdx.x] = cs.top()[threadIdx.x];
  __syncthreads();
  // B: a coarse bin too dense to be one run is cut greedily on its own by a
  // warp, 32 bins at a time: every lane keeps the same run state and steps
  // through the sampled bins of the 32 in order; each lane then writes its
  // own bin's run to `local`.
  for (unsigned c = warp; c < coarse_bins; c += warps) {
    if (std::uint64_t(top[c]) * per <= budget) {  // light: merged with its neighbours below
      if (lane == 0) runs_in[c] = 0;
      continue;
    }
    unsigned run = 0, run_top = 0, run_first = ~0u;
    unsigned next = hist[c * per + lane];
    for (unsigned k0 = 0; k0 < per; k0 += 32) {
      const unsigned h = next;
      if (k0 + 32 < per) next = hist[c * per + k0 + 32 + lane];  // in flight while this chunk is cut
      unsigned mine = run;  // the run of the last sampled bin at or before this lane's
      for (unsigned sampled = __ballot_sync(~0u, h != 0); sampled; sampled &= sampled - 1) {
        const unsigned b = __ffs(sampled) - 1, k = k0 + b;
        const unsigned hb = __shfl_sync(~0u, h, b);
        if (std::uint64_t(hb) > budget) failed = true;
        const unsigned t = hb > run_top ? hb : run_top;
        if (run_first != ~0u && std::uint64_t(t) * (k - run_first + 1) > budget) {
          ++run;
          run_top = hb;
          run_first = k;
        } else {
          run_top = t;
          if (run_first == ~0u) run_first = k;
        }
        if (lane >= b) mine = run;
      }
      local[c * per + k0 + lane] = std::uint8_t(mine < 256 ? mine : 255);
    }
    if (lane == 0) runs_in[c] = run + 1;
  }
  __syncthreads();
  // C: one thread walks the coarse bins, merging light ones into runs while
  // the merged run passes, numbering the runs of heavy ones after them.
  if (threadIdx.x == 0) {
    unsigned cur = 0, cur_top = 0, cur_first = ~0u;  // the open run: densest bin, first sampled fine bin
    bool open_light = true;  // the open run may take light coarse bins
    for (unsigned c = 0; c < coarse_bins; ++c) {
      cs.runs_in()[c] = runs_in[c];
      if (runs_in[c] > 0) {  // heavy: its own runs, closed after it
        if (cur_first != ~0u) ++cur;
        cs.run_of()[c] = cur;
        cur += runs_in[c] - 1;
        cur_first = 0;  // the last of them is open to empty coarse bins only
        open_light = false;
        continue;
      }
      const unsigned first = cs.first_nz()[c];
      if (first == ~0u) {  // no samples: joins the open run as it is
        cs.run_of()[c] = cur;
        continue;
      }
      const unsigned f = c * per + first, l = c * per + cs.last_nz()[c];
      const unsigned t = top[c] > cur_top ? top[c] : cur_top;
      if (cur_first == ~0u) {
        cur_first = f;
        cur_top = top[c];
      } else if (open_light && std::uint64_t(t) * (l - cur_first + 1) <= budget) {
        cur_top = t;
      } else {
        ++cur;
        cur_first = f;
        cur_top = top[c];
      }
      open_light = true;
      cs.run_of()[c] = cur;
    }
    if (cur >= digits) failed = true;
    status[0] = failed ? 0u : cur + 1;
  }
}

// D: each run's first fine bin (pass 1's digit of a key is the last run
// starting at or before its bin: map_digit) and its first and last sampled
// fine bin; a thread per fine bin.
template <class Bits>
__device__ __forceinline__ unsigned run_of_bin(const coarse_state& cs, const std::uint8_t* local, unsigned f) {
  const unsigned c = f / fine_per_coarse<Bits>;
  return cs.run_of()[c] + (cs.runs_in()[c] ? local[f] : 0u);
}

template <class Bits>
__global__ void __launch_bounds__(1024) msd_run_starts_kernel(const unsigned* hist, const std::uint8_t* local,
                                                              unsigned* state, const unsigned* status) {
  const coarse_state cs{state};
  if (status[0] == 0) return;
  const unsigned f = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned r = run_of_bin<Bits>(cs, local, f);
  if (f == 0 || run_of_bin<Bits>(cs, local, f - 1) != r) cs.run_start()[r] = f;
  if (hist[f]) {
    atomicMin(cs.run_lo() + r, f);
    atomicMax(cs.run_hi() + r, f);
  }
}

// E: each run's cut, over its sampled fine bins [run_lo, run_hi] as codes in
// the top bits of 64; a thread per run.
template <class Bits>
__global__ void __launch_bounds__(digits) msd_cuts_kernel(const Bits* or_and, unsigned* state, pass2_cut* cuts,
                                                          const unsigned* status) {
  const coarse_state cs{state};
  if (status[0] == 0) return;
  const unsigned r = threadIdx.x, lo = cs.run_lo()[r], hi = cs.run_hi()[r];
  pass2_cut cut{0, 256};  // no samples: the code's top 8 bits
  if (lo <= hi) {
    constexpr unsigned width = 8 * sizeof(Bits);
    const unsigned window = window_shift(or_and[0], or_and[1]);
    const unsigned s = fine_shift<Bits>(window) + (64 - width);  // the fine bin's shift in a 64-bit code
    // Every key has the bits above the window of AND (and of OR).
    const Bits above = window + window_bits < width ? Bits(~Bits(0)) << (window + window_bits) : Bits(0);
    const std::uint64_t high = std::uint64_t(or_and[1] & above) << (64 - width);
    const std::uint64_t bins = hi - lo + 1;
    cut.base = high | (std::uint64_t(lo) << s);
    const bool whole = bins == fine_bins<Bits> && s == 64 - fine_bits<Bits>;  // all 2^64 codes
    const std::uint64_t span = whole ? ~0ull : (bins << s) - 1;  // codes - 1
    if (span == ~0ull) cut.mult = 256;
    else if (span < 256) cut.mult = ~0ull;
    else cut.mult = (~0ull / (span + 1)) << 8;
  }
  cuts[r] = cut;
}

}  // namespace ordo::detail::cuda_rank::msd
