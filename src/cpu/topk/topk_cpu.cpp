// The CPU backend of topk.hpp: (code, index) pairs, partial selection.
//   rows:        rows in parallel, one selection each
//   whole array: each thread keeps the best k of its chunk (in blocks, with a
//                threshold that rejects most keys without a push), then the
//                best k of the threads' candidates
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "common/topk_order.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/detail/key_types.hpp"
#include "ordo/topk.hpp"

namespace ordo::detail {
namespace {

template <class U>
using item = std::pair<U, std::uint64_t>;  // (code, index): ascending is the output order

// Cuts buf to its k best (unordered).
template <class U>
void keep_best(std::vector<item<U>>& buf, std::uint64_t k) {
  if (buf.size() <= k) return;
  std::nth_element(buf.begin(), buf.begin() + std::ptrdiff_t(k), buf.end());
  buf.resize(k);
}

// Appends the k best of keys[b, e) to out (unordered).
template <class K>
void best_of_range(const K* keys, std::uint64_t b, std::uint64_t e, std::uint64_t k, bool largest,
                   std::vector<item<key_code_t<K>>>& out) {
  using U = key_code_t<K>;
  std::vector<item<U>> buf;
  const std::uint64_t block = std::max<std::uint64_t>(4 * k, 1 << 14);
  buf.reserve(std::min<std::uint64_t>(e - b, k + block));
  bool full = false;
  item<U> worst{};
  for (std::uint64_t i = b; i < e; ++i) {
    const item<U> it{topk_code(keys[i], largest), i};
    if (full && !(it < worst)) continue;
    buf.push_back(it);
    if (buf.size() >= k + block) {
      keep_best(buf, k);
      worst = *std::max_element(buf.begin(), buf.end());
      full = true;
    }
  }
  keep_best(buf, k);
  out.insert(out.end(), buf.begin(), buf.end());
}

template <class K>
void write_sorted(const K* keys, std::vector<item<key_code_t<K>>>& best, std::uint64_t base, K* values,
                  std::int64_t* indices) {
  std::sort(best.begin(), best.end());
  for (std::size_t j = 0; j < best.size(); ++j) {
    values[j] = keys[best[j].second];
    indices[j] = std::int64_t(best[j].second - base);
  }
}

}  // namespace

template <> template <class K>
void backend<cpu, op::topk>::run(const cpu& exec, std::span<const K> keys, std::uint64_t row_length, std::uint64_t k,
                                 std::span<K> values, std::span<std::int64_t> indices, const topk_options& o) {
  using U = key_code_t<K>;
  const int threads = sched::workers(exec, keys.size());
  const std::uint64_t n = keys.size(), rows = n / row_length;
  if (rows > 1) {
    sched::parallel_for_dynamic(threads, 0, std::int64_t(rows), 16, [&](std::int64_t r) {
      std::vector<item<U>> best;
      best_of_range(keys.data(), r * row_length, (r + 1) * row_length, k, o.largest, best);
      write_sorted(keys.data(), best, r * row_length, values.data() + r * k, indices.data() + r * k);
    });
    return;
  }
  const std::uint64_t chunks = std::max<std::uint64_t>(1, std::min<std::uint64_t>(threads, n / (k + (1 << 16))));
  std::vector<std::vector<item<U>>> part(chunks);
  sched::parallel_for(threads, 0, std::int64_t(chunks), [&](std::int64_t c) {
    best_of_range(keys.data(), n * c / chunks, n * (c + 1) / chunks, k, o.largest, part[c]);
  });
  std::vector<item<U>> best;
  for (auto& p : part) best.insert(best.end(), p.begin(), p.end());
  keep_best(best, k);
  write_sorted(keys.data(), best, 0, values.data(), indices.data());
}

#define ORDO_INSTANTIATE_CPU_TOPK(K)                                                                         \
  template void backend<cpu, op::topk>::run<K>(const cpu&, std::span<const K>, std::uint64_t, std::uint64_t, \
                                               std::span<K>, std::span<std::int64_t>, const topk_options&);
ORDO_FOR_EACH_KEY(ORDO_INSTANTIATE_CPU_TOPK)

}  // namespace ordo::detail
