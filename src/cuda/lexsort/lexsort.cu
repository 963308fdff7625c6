// The GPU backend of lexsort.hpp: LSD over 64-bit words of packed column
// codes (common/lexsort_words.hpp, as the CPU backend). For each word, least
// significant first: one kernel per column ORs its codes, in the current
// order, into the word at the column's shift, and CUB's stable radix sort
// sorts the words over their used bits with the permutation as the value,
// which leaves the next permutation. Two 32-bit columns are one sort of one
// 64-bit key: the composition a user would write by hand.
#include <cub/util_type.cuh>

#include <cstdint>

#include "common/lexsort_words.hpp"
#include "cuda/common/radix_pairs.cuh"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/lexsort.hpp"

namespace ordo::detail {
namespace cuda_lexsort {

// word[i] (|)= code of keys[perm[i]] << shift; perm == nullptr: the identity
// (the first word, before any sort).
template <class K, class Index>
__global__ void pack_codes_kernel(const K* keys, const Index* perm, std::uint64_t n, bool descending, bool nan_last,
                                  int bits, int shift, bool first, std::uint64_t* word) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x) {
    const K k = keys[perm ? std::uint64_t(perm[i]) : i];
    const std::uint64_t code = lexsort_words::packed_code(k, descending, nan_last, bits) << shift;
    word[i] = first ? code : (word[i] | code);
  }
}

template <class Index>
__global__ void iota_kernel(Index* p, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    p[i] = Index(i);
}

}  // namespace cuda_lexsort

template <> template <class Index>
void backend<cuda, op::lexsort_idx>::run(const cuda& exec, std::span<const sort_key> columns, std::span<Index> perm) {
  const std::uint64_t n = perm.size();
  if (n == 0) return;
  const unsigned blocks = elementwise_blocks(n);
  scratch<std::uint64_t> word(exec, n), word_alt(exec, n);
  scratch<Index> perm_alt(exec, n);
  cub::DoubleBuffer<std::uint64_t> keys(word.data(), word_alt.data());
  cub::DoubleBuffer<Index> values(perm.data(), perm_alt.data());
  cuda_lexsort::iota_kernel<Index><<<blocks, 256, 0, exec.stream>>>(values.Current(), n);
  ORDO_CUDA_LAUNCH_CHECK("iota_kernel (lexsort)");
  bool sorted_once = false;
  for (const auto& [begin, end] : lexsort_words::words(columns)) {
    int shift = 0;
    for (std::size_t c = end; c-- > begin;) {  // the word's least significant column first
      const sort_key& col = columns[c];
      const int bits = lexsort_words::code_bits(col.type);
      visit_sort_key_type(col.type, [&]<class K>() {
        cuda_lexsort::pack_codes_kernel<K, Index><<<blocks, 256, 0, exec.stream>>>(
            static_cast<const K*>(col.data), sorted_once ? values.Current() : static_cast<const Index*>(nullptr), n,
            col.descending, col.nan_last, bits, shift, c + 1 == end, keys.Current());
        ORDO_CUDA_LAUNCH_CHECK("pack_codes_kernel");
      });
      shift += bits;
    }
    // stable: equal words keep the order so far
    radix_sort_pairs(exec, keys, values, n, shift);
    sorted_once = true;
  }
  if (values.Current() != perm.data())
    ORDO_CUDA_CHECK(
        cudaMemcpyAsync(perm.data(), values.Current(), n * sizeof(Index), cudaMemcpyDeviceToDevice, exec.stream));
}

template void backend<cuda, op::lexsort_idx>::run<std::uint32_t>(const cuda&, std::span<const sort_key>,
                                                                 std::span<std::uint32_t>);
template void backend<cuda, op::lexsort_idx>::run<std::uint64_t>(const cuda&, std::span<const sort_key>,
                                                                 std::span<std::uint64_t>);

}  // namespace ordo::detail
