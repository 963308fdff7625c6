// A parallel stable sample sort of (key, index) for user comparators (the
// radix sort takes the built-in orders):
//   splitters  B - 1 keys from a sorted, evenly spread sample of 16 per bucket
//              (B: a power of two, at least 8 per worker, buckets of about
//              2^15 keys so that each is sorted in the core's cache; >= 4096)
//   classify   each key's bucket by a branch-free descent of the splitters
//              laid out as an implicit tree (the number of splitters <= the
//              key, upper_bound's answer without its mispredicted branches):
//              equal keys share a bucket and buckets are ordered; counts per
//              worker
//   scatter    worker t's block in order to its own offsets (bucket-major,
//              worker-minor): the input order survives within a bucket
//   buckets    claimed by the workers and sorted stably by key (a bucket
//              holds its keys in input order) by stable_merge_sort.hpp's
//              branch-free merge sort; a bucket over twice
//              its share (many equal keys) is sorted afterwards by `big`,
//              which is given every worker
// On the 2-core VM (2^22 uint32, a user comparator), the tree descent, 256
// buckets and stable_sort took 370-400 ms where upper_bound, 16 buckets and
// std::sort with an index tie-break took 520-600 ms
// (__gnu_parallel::stable_sort of the pairs: 500-535 ms). At 2^24 the bucket
// sorts are three quarters of the time.
#pragma once
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "ordo/cpu/primitives/bucket_offsets.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/cpu/sort/stable_merge_sort.hpp"

namespace ordo::detail {

inline constexpr std::size_t sample_sort_min_bucket = 4096;
inline constexpr std::size_t sample_sort_cache_bucket = std::size_t(1) << 15;

// The number of buckets for n keys on w workers (1: not worth it).
inline std::size_t sample_sort_buckets(std::size_t n, int w) {
  std::size_t b = 1;
  // At most 2^16 buckets: sample_sort_idx stores bucket ids in 16 bits (any thread count).
  while ((b < std::size_t(8) * std::size_t(w) || b * sample_sort_cache_bucket < n) && b < (std::size_t(1) << 16) &&
         b * 2 * sample_sort_min_bucket <= n)
    b *= 2;
  return w > 1 ? b : 1;
}

// keys[0, n) sorted stably by comp into out_keys / out_idx (out_idx[i]: the
// input position of out_keys[i]). `big(begin, end)` sorts [begin, end) of
// out_keys / out_idx in place with every worker (those buckets are left in
// input order by the scatter, which is what big must keep for ties).
template <class Key, class Index, class Compare, class Big>
void sample_sort_idx(int w, const Key* keys, std::size_t n, Key* out_keys, Index* out_idx, Compare comp, Big&& big) {
  const std::size_t B = sample_sort_buckets(n, w);
  // Splitters from an evenly spread sample (deterministic: no input order
  // makes the positions regular with the data's, short of adversarial design).
  constexpr std::size_t over = 16;
  std::vector<Key> sample(B * over);
  for (std::size_t i = 0; i < sample.size(); ++i) {
    const std::size_t stride = n / sample.size();
    const std::size_t jitter = std::size_t((i * 0x9e3779b97f4a7c15ull) >> 40) % std::max<std::size_t>(stride, 1);
    sample[i] = keys[i * stride + jitter];
  }
  std::sort(sample.begin(), sample.end(), comp);
  // The B - 1 splitters in an implicit tree: node j's children are 2j and
  // 2j + 1, the root 1, in-order = sorted (B is a power of two).
  std::vector<Key> tree(B);
  int levels = 0;
  while ((std::size_t(1) << levels) < B) ++levels;
  {
    std::size_t next = 0;
    std::vector<std::size_t> stack;
    std::size_t j = 1;
    while (j < B || !stack.empty()) {  // in-order walk of nodes [1, B)
      if (j < B) {
        stack.push_back(j);
        j *= 2;
      } else {
        j = stack.back();
        stack.pop_back();
        tree[j] = sample[(++next) * over - 1];
        j = 2 * j + 1;
      }
    }
  }
  auto bucket_of = [&](const Key& k) {
    std::size_t j = 1;
    for (int l = 0; l < levels; ++l) j = 2 * j + std::size_t(!comp(k, tree[j]));
    return j - B;
  };
  std::vector<std::uint16_t> bk(n);  // B <= 2^16 (sample_sort_buckets)
  std::vector<std::size_t> off(std::size_t(w) * B, 0);  // [worker][bucket]
  sched::for_each_worker(w, [&](int t) {
    std::size_t* c = &off[std::size_t(t) * B];
    for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i) {
      const std::size_t b = bucket_of(keys[i]);
      bk[i] = std::uint16_t(b);
      ++c[b];
    }
  });
  std::vector<std::size_t> start(B + 1, 0);
  counts_to_offsets(off.data(), B, B, w, start.data());
  sched::for_each_worker(w, [&](int t) {
    std::size_t* o = &off[std::size_t(t) * B];
    for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i) {
      const std::size_t d = o[bk[i]]++;
      out_keys[d] = keys[i];
      out_idx[d] = Index(i);
    }
  });
  const std::size_t big_from = 2 * n / std::size_t(w) + 1;
  // Each worker's buffers sized for the largest bucket it may sort, here:
  // an allocation failing inside the parallel region would terminate.
  std::size_t most = 0;
  for (std::size_t b = 0; b < B; ++b)
    if (start[b + 1] - start[b] < big_from) most = std::max(most, start[b + 1] - start[b]);
  std::vector<std::vector<std::pair<Key, Index>>> bufs(static_cast<std::size_t>(2 * w));
  for (auto& x : bufs) x.resize(most);
  sched::for_each_claimed(w, B, 1, [&](int t, std::uint64_t b, std::uint64_t) {
    const std::size_t s = start[b], e = start[b + 1];
    if (e - s < 2 || e - s >= big_from) return;
    auto& p = bufs[2 * std::size_t(t)];
    auto& tmp = bufs[2 * std::size_t(t) + 1];
    for (std::size_t i = s; i < e; ++i) p[i - s] = {out_keys[i], out_idx[i]};
    // stable: the bucket holds its keys in input order, ties stay in index order
    stable_merge_sort(p.data(), tmp.data(), e - s, [&](const auto& x, const auto& y) { return comp(x.first, y.first); });
    for (std::size_t i = s; i < e; ++i) out_keys[i] = p[i - s].first, out_idx[i] = p[i - s].second;
  });
  for (std::size_t b = 0; b < B; ++b)
    if (start[b + 1] - start[b] >= big_from) big(start[b], start[b + 1]);
}

}  // namespace ordo::detail
