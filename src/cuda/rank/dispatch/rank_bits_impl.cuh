// Definition of sort_and_rank_bits (see rank_bits.cuh).
#pragma once
#include <cub/device/device_radix_sort.cuh>

#include <limits>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "cuda/rank/dispatch/launch.cuh"
#include "cuda/rank/dispatch/rank_bits.cuh"
#include "cuda/rank/dispatch/tile_launch.cuh"
#include "cuda/rank/kernel/rank_outputs.cuh"
#include "cuda/rank/kernel/tile_rank_kernel.cuh"
#include "cuda/rank/kernel/unsorted_kernels.cuh"

namespace ordo::detail::cuda_rank {

template <unsigned Needs, rank_method M, class U, class Writer>
void launch_bits_rank(const cuda& exec, const U* sorted, std::uint64_t n, Writer writer,
                      const unsigned long long* stats, bool pct) {
  using R = typename Writer::value_type;
  constexpr bool lookback = Needs & need_dense;
  using Policy = rank_tile_policy<sizeof(U), lookback>;
  const std::uint64_t tiles = (n + Policy::tile - 1) / Policy::tile;
  scratch<std::uint64_t> carry_storage(exec, 0);
  const tile_carries carries =
      search_carries(exec, sorted, n, Policy::tile, Needs & need_first, Needs & need_last, carry_storage);
  lookback_storage<dense_count_t<R>> st(exec, tiles, lookback, Needs & need_dense);
  tile_rank_kernel<Policy, Needs><<<unsigned(tiles), Policy::block, 0, exec.stream>>>(
      sorted, n, unsorted_ranker<M, R>{stats, pct}, writer, st.own, carries, st.dense);
  ORDO_CUDA_LAUNCH_CHECK("tile_rank_kernel (sorted bits)");
}

template <class U, class Writer>
void rank_sorted_bits(const cuda& exec, const U* sorted, std::uint64_t n, const rank_options& o,
                      const unsigned long long* st, Writer w) {
  with_method_needs(o.method, [&]<rank_method M, unsigned Needs>() {
    launch_bits_rank<Needs, M>(exec, sorted, n, w, st, o.pct);
  });
}

// The sort-back sorts only the index bits above the low unpermute_tile_bits
// (rounded to whole 8-bit radix passes: 2 passes instead of 4 at n = 2^28);
// unpermute_tiles_kernel places the low bits in shared memory.
constexpr int unpermute_tile_bits = 12;

struct sort_back_bits {
  int begin, end;
};

inline sort_back_bits plan_sort_back(std::uint64_t n) {
  int index_bits = 0;
  while ((std::uint64_t(1) << index_bits) < n) ++index_bits;
  const int above = index_bits > unpermute_tile_bits ? index_bits - unpermute_tile_bits : 0;
  const int passes = (above + 7) / 8;
  const int begin = index_bits - 8 * passes;
  return {begin > 0 ? begin : 0, index_bits};
}

template <class U, class I, class R>
void sort_and_rank_bits(const cuda& exec, U* bits0, U* bits1, I* index0, I* index1, std::uint64_t n,
                        const rank_options& o, bool keep_nan, R* out) {
  cub::DoubleBuffer<U> keys(bits0, bits1);
  cub::DoubleBuffer<I> values(index0, index1);
  // 32-bit item counts where they fit: CUB picks its faster offsets then.
  using NumItems = std::conditional_t<std::is_same_v<I, std::uint32_t>, int, std::int64_t>;
  std::size_t temp_bytes = 0;
  ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, keys, values, NumItems(n), 0,
                                                  int(sizeof(U) * 8), exec.stream));
  {
    scratch<unsigned char> temp(exec, temp_bytes);
    ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp.data(), temp_bytes, keys, values, NumItems(n), 0,
                                                    int(sizeof(U) * 8), exec.stream));
  }
  const U* sorted = keys.Current();

  scratch<unsigned long long> stats(exec, 2);
  ORDO_CUDA_CHECK(cudaMemsetAsync(stats.data(), 0, 2 * sizeof(unsigned long long), exec.stream));
  count_ranked_kernel<U><<<1, 32, 0, exec.stream>>>(sorted, n, keep_nan, stats.data());
  ORDO_CUDA_LAUNCH_CHECK("count_ranked_kernel");
  if (o.pct && o.method == rank_method::dense) {
    count_groups_kernel<U><<<elementwise_blocks(n), 256, 0, exec.stream>>>(sorted, n, stats.data());
    ORDO_CUDA_LAUNCH_CHECK("count_groups_kernel");
  }
  if (n <= direct_scatter_limit) {
    return rank_sorted_bits(exec, sorted, n, o, stats.data(), scatter_writer<R, I>{out, values.Current()});
  }
  // Ranks in sorted order, then sorted back to input order by original index.
  using W = std::conditional_t<sizeof(R) == 4, std::uint32_t, std::uint64_t>;  // same bits as R
  scratch<W> ranks(exec, n);
  rank_sorted_bits(exec, sorted, n, o, stats.data(), contiguous_writer<R>{reinterpret_cast<R*>(ranks.data())});
  cub::DoubleBuffer<I> dest(values.Current(), values.Alternate());
  cub::DoubleBuffer<W> moved(ranks.data(), reinterpret_cast<W*>(out));  // out doubles as a buffer
  const sort_back_bits bits = plan_sort_back(n);
  if (bits.end > bits.begin) {
    temp_bytes = 0;
    ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, dest, moved, NumItems(n), bits.begin,
                                                    bits.end, exec.stream));
    scratch<unsigned char> temp(exec, temp_bytes);
    ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp.data(), temp_bytes, dest, moved, NumItems(n), bits.begin,
                                                    bits.end, exec.stream));
  }
  const std::uint64_t tiles = (n + (std::uint64_t(1) << unpermute_tile_bits) - 1) >> unpermute_tile_bits;
  unpermute_tiles_kernel<unpermute_tile_bits><<<unsigned(tiles), 256, 0, exec.stream>>>(
      dest.Current(), moved.Current(), n, reinterpret_cast<W*>(out));
  ORDO_CUDA_LAUNCH_CHECK("unpermute_tiles_kernel");
}

}  // namespace ordo::detail::cuda_rank

#define ORDO_INSTANTIATE_RANK_BITS(U, I, R)                                                          \
  template void ordo::detail::cuda_rank::sort_and_rank_bits<U, I, R>(                                \
      const ordo::cuda&, U*, U*, I*, I*, std::uint64_t, const ordo::rank_options&, bool, R*);
#define ORDO_INSTANTIATE_RANK_BITS_ALL(U)                     \
  ORDO_INSTANTIATE_RANK_BITS(U, std::uint32_t, std::uint32_t) \
  ORDO_INSTANTIATE_RANK_BITS(U, std::uint32_t, std::uint64_t) \
  ORDO_INSTANTIATE_RANK_BITS(U, std::uint32_t, float)         \
  ORDO_INSTANTIATE_RANK_BITS(U, std::uint32_t, double)        \
  ORDO_INSTANTIATE_RANK_BITS(U, std::uint64_t, std::uint32_t) \
  ORDO_INSTANTIATE_RANK_BITS(U, std::uint64_t, std::uint64_t) \
  ORDO_INSTANTIATE_RANK_BITS(U, std::uint64_t, float)         \
  ORDO_INSTANTIATE_RANK_BITS(U, std::uint64_t, double)
