// The CPU backend of lexsort.hpp: LSD over 64-bit words of packed column
// codes (common/lexsort_words.hpp). For each word, least significant first:
// one parallel pass packs its columns' codes in the current order, and the
// parallel radix sort (stable, cpu/sort/radix_sort.hpp) sorts the words with
// the permutation alongside, which leaves the next permutation.
#include <cstdint>
#include <vector>

#include "common/lexsort_words.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/cpu/sort/radix_sort.hpp"
#include "ordo/lexsort.hpp"

namespace ordo::detail {

template <> template <class Index>
void backend<cpu, op::lexsort_idx>::run(const cpu& exec, std::span<const sort_key> columns, std::span<Index> perm) {
  const std::size_t n = perm.size();
  if (n == 0) return;
  const int threads = sched::workers(exec, n);
  sched::parallel_for(threads, 0, std::int64_t(n), [&](std::int64_t i) { perm[i] = Index(i); });
  std::vector<std::uint64_t, uninit_allocator<std::uint64_t>> word(n);
  radix_scratch<std::uint64_t, Index> scratch;
  for (const auto& [begin, end] : lexsort_words::words(columns)) {
    int shift = 0;
    for (std::size_t c = end; c-- > begin;) {  // the word's least significant column first
      const sort_key& col = columns[c];
      const int bits = lexsort_words::code_bits(col.type);
      const bool first = c + 1 == end;
      visit_sort_key_type(col.type, [&]<class K>() {
        const K* keys = static_cast<const K*>(col.data);
        sched::parallel_for(threads, 0, std::int64_t(n), [&](std::int64_t i) {
          const std::uint64_t code = lexsort_words::packed_code(keys[perm[i]], col.descending, col.nan_last, bits)
                                     << shift;
          word[i] = first ? code : (word[i] | code);
        });
      });
      shift += bits;
    }
    radix_sort(threads, word.data(), perm.data(), n, false, scratch);  // stable: equal words keep the order so far
  }
}

template void backend<cpu, op::lexsort_idx>::run<std::uint32_t>(const cpu&, std::span<const sort_key>,
                                                                std::span<std::uint32_t>);
template void backend<cpu, op::lexsort_idx>::run<std::uint64_t>(const cpu&, std::span<const sort_key>,
                                                                std::span<std::uint64_t>);

}  // namespace ordo::detail
