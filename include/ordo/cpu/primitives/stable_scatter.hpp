// CPU compact and split: per-chunk class counts, their scan, a stable scatter.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ordo/cpu/primitives/chunks.hpp"
#include "ordo/cpu/primitives/bucket_offsets.hpp"
#include "ordo/cpu/sched/sched.hpp"

namespace ordo::detail {
// --- compact and split ----------------------------------------------------
// Stable scatter of in[i] to out[base of its class + rank within class]; the
// class of i is cls(i) in [0, k). Returns the class sizes.
template <class T, class Class>
std::vector<std::uint64_t> stable_scatter_cpu(const cpu& exec, std::span<const T> in, std::span<T> out, unsigned k,
                                              Class cls, bool keep_all) {
  const std::size_t n = in.size();
  const int chunks = cpu_chunks(exec, n);
  std::vector<std::uint64_t> hist(std::size_t(chunks) * k, 0);  // [chunk][class]
  sched::for_each_worker(chunks, [&](int c) {
    std::uint64_t* h = &hist[std::size_t(c) * k];
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i) ++h[cls(i)];
  });
  std::vector<std::uint64_t> sizes(std::size_t(k) + 1, 0);
  counts_to_offsets(hist.data(), k, k, chunks, sizes.data());  // the classes' starts, then their sizes
  for (unsigned b = 0; b < k; ++b) sizes[b] = sizes[b + 1] - sizes[b];
  sizes.pop_back();
  sched::for_each_worker(chunks, [&](int c) {
    std::uint64_t* h = &hist[std::size_t(c) * k];
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i) {
      const unsigned b = cls(i);
      if (keep_all || b + 1 < k) out[h[b]++] = in[i];  // the last class is dropped unless keep_all
    }
  });
  return sizes;
}

}  // namespace ordo::detail
