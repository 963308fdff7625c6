// Sequential references for the primitives, written from their definitions
// with the standard library, independent of ordo's code.
#pragma once
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

namespace ordo_test {

template <class T, class Op>
std::vector<T> ref_scan(const std::vector<T>& in, const std::vector<std::uint8_t>& heads, bool exclusive, Op op,
                        T init) {
  std::vector<T> out(in.size());
  T acc = init;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (i == 0 || (!heads.empty() && heads[i])) acc = init;
    if (exclusive) out[i] = acc;
    acc = op(acc, in[i]);
    if (!exclusive) out[i] = acc;
  }
  return out;
}

template <class T>
std::vector<T> ref_compact(const std::vector<T>& in, const std::vector<std::uint8_t>& flags) {
  std::vector<T> out;
  for (std::size_t i = 0; i < in.size(); ++i)
    if (flags[i]) out.push_back(in[i]);
  return out;
}

// Stable counting sort by bucket; offsets has k + 1 entries.
template <class T>
std::vector<T> ref_split(const std::vector<T>& in, const std::vector<std::uint8_t>& bucket, unsigned k,
                         std::vector<std::uint64_t>& offsets) {
  std::vector<T> out;
  offsets.assign(k + 1, 0);
  for (unsigned b = 0; b < k; ++b) {
    for (std::size_t i = 0; i < in.size(); ++i)
      if (bucket[i] == b) out.push_back(in[i]);
    offsets[b + 1] = out.size();
  }
  return out;
}

template <class Count, class Index>
void ref_fork(const std::vector<Count>& counts, std::vector<Index>& parent, std::vector<Index>& sibling) {
  parent.clear();
  sibling.clear();
  for (std::size_t p = 0; p < counts.size(); ++p)
    for (Count c = 0; c < counts[p]; ++c) parent.push_back(Index(p)), sibling.push_back(Index(c));
}

template <class Key, class Index, class Compare>
std::vector<Index> ref_sort_idx(const std::vector<Key>& keys, Compare comp) {
  std::vector<Index> perm(keys.size());
  std::iota(perm.begin(), perm.end(), Index(0));
  std::stable_sort(perm.begin(), perm.end(), [&](Index a, Index b) { return comp(keys[a], keys[b]); });
  return perm;
}

}  // namespace ordo_test
