// rank() on the GPU: keys to order bits (the same mapping as the CPU path,
// so both backends agree on NaN, -0.0 and descending order), then the
// key-independent sort-and-rank of rank_bits_*.cu; msd_replay for 32- and
// 64-bit keys; counting (dispatch/counting.cuh) when asked for, which the front
// door does for 8- and 16-bit integer and bool keys.
#include <cstdint>
#include <limits>
#include <type_traits>

#include "common/rank/instantiate.hpp"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "cuda/rank/dispatch/counting.cuh"
#include "cuda/rank/dispatch/launch.cuh"
#include "cuda/rank/dispatch/msd_replay.cuh"
#include "cuda/rank/dispatch/rank_bits.cuh"
#include "cuda/rank/kernel/unsorted_kernels.cuh"
#include "ordo/detail/key_types.hpp"
#include "ordo/rank.hpp"

namespace ordo {
namespace detail::cuda_rank {

template <class K, class I, class R>
void rank_unsorted_with_index(const cuda& exec, const K* keys, std::uint64_t n, const rank_options& o, R* out) {
  using U = key_code_t<K>;
  scratch<U> bits(exec, 2 * n);
  scratch<I> index(exec, 2 * n);
  order_bits_kernel<K, I><<<elementwise_blocks(n), 256, 0, exec.stream>>>(keys, n, !o.ascending,
                                                                            o.na == na_option::top, bits.data(), index.data());
  ORDO_CUDA_LAUNCH_CHECK("order_bits_kernel");
  const bool keep_nan = std::is_floating_point_v<K> && o.na == na_option::keep;
  sort_and_rank_bits<U, I, R>(exec, bits.data(), bits.data() + n, index.data(), index.data() + n, n, o, keep_nan, out);
}

// msd_replay where it applies and pays: 32- and 64-bit keys from n = 2^25 (below,
// its 2^16 bucket blocks cost a fixed time and sort_back wins;
// docs/benchmarks.md#tuning-rank-msd) to 3 * 2^27 (above, buckets start to
// overflow bucket_capacity).
// The automatic choice keeps to the GPUs it took msd_replay on before the
// bucket kernels shrank to 88 KiB (blocks of 104 KiB, 112 KiB for 64-bit
// keys: sm_80 and sm_90). On sm_86/89/120's 99 KiB they fit one block an SM
// and msd_replay is unmeasured, so it runs there only when asked for.
template <class Bits>
constexpr std::size_t msd_auto_smem = sizeof(Bits) == 4 ? 104 * 1024 : 112 * 1024;

template <class K>
bool use_msd_replay(std::uint64_t n, rank_unsorted_variant v) {
  if (!msd::msd_replay_fits(n) || !msd::msd_replay_smem_fits<key_code_t<K>>()) return false;
  if (v == rank_unsorted_variant::msd_replay) return true;
  if (v == rank_unsorted_variant::sort_back) return false;
  return n > (std::uint64_t(1) << 25) && n <= std::uint64_t(3) << 27 && smem_optin_fits(msd_auto_smem<key_code_t<K>>);
}

}  // namespace detail::cuda_rank

namespace detail {
template <> template <class K, class R>
void backend<cuda, op::rank>::run(const cuda& exec, std::span<const K> keys, std::span<R> ranks,
                                  const rank_options& o) {
  const std::uint64_t n = keys.size();
  if (n == 0) return;
  if constexpr (is_narrow_key_v<K>) {  // 8- and 16-bit integers: the front door sends them here to be counted
    detail::cuda_rank::counting::rank_counting<K, R>(exec, keys.data(), n, o, ranks.data());
  } else {
    if (o.variant == rank_unsorted_variant::counting)
      return detail::cuda_rank::counting::rank_counting<K, R>(exec, keys.data(), n, o, ranks.data());
    if constexpr (sizeof(K) == 4 || sizeof(K) == 8) {
      if (detail::cuda_rank::use_msd_replay<K>(n, o.variant) &&
          detail::cuda_rank::msd::rank_msd_replay<K, R>(exec, keys.data(), n, o, ranks.data()))
        return;
    }
    if (n < (std::uint64_t(1) << 31))
      detail::cuda_rank::rank_unsorted_with_index<K, std::uint32_t>(exec, keys.data(), n, o, ranks.data());
    else
      detail::cuda_rank::rank_unsorted_with_index<K, std::uint64_t>(exec, keys.data(), n, o, ranks.data());
  }
}

#define ORDO_INSTANTIATE_CUDA_RANK(K, R) \
  template void backend<cuda, op::rank>::run<K, R>(const cuda&, std::span<const K>, std::span<R>, const rank_options&);
ORDO_FOR_EACH_KEY_AND_RANK(ORDO_INSTANTIATE_CUDA_RANK)
ORDO_FOR_EACH_COUNTED_NARROW_KEY_AND_RANK(ORDO_INSTANTIATE_CUDA_RANK)

}  // namespace detail
}  // namespace ordo
