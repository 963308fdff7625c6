// CPU scan (segmented by head flags too) and reduce: fold per chunk, carry
// across chunks in order, then scan each chunk from its carry. Inputs are
// converted to the accumulator type Acc (out's element type) as they are read.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "ordo/cpu/primitives/chunks.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/detail/primitives_checks.hpp"
#include "ordo/ops.hpp"

namespace ordo::detail {
// An inclusive scan's init applied to a fold: a sum's +0 init leaves the fold
// as it is (0.0 + -0.0 is +0.0; numpy's cumsum keeps -0.0).
template <class Op, class Acc>
Acc with_init(Op op, Acc init, Acc v) {
  if constexpr (std::is_same_v<Op, ::ordo::plus> && std::is_floating_point_v<Acc>)
    if (init == Acc(0) && !std::signbit(init)) return v;
  return op(init, v);
}

// --- scan -----------------------------------------------------------------
template <class In, class Acc, class Op>
void scan_cpu(const cpu& exec, std::span<const In> in, std::span<Acc> out, Op op, Acc init, const scan_options& o) {
  check_scan_args(in.size(), out.size(), o.head_flags.size());
  check_scan_overlap(in.data(), in.size(), out.data());
  const std::size_t n = in.size();
  const std::uint8_t* flags = o.head_flags.empty() ? nullptr : o.head_flags.data();
  const bool exclusive = o.kind == scan_kind::exclusive;
  const int chunks = cpu_chunks(exec, n);
  // Per chunk: the fold since its last head, and whether it had one.
  std::vector<partial<Acc>> tail(chunks), carry(chunks);
  std::vector<char> had_head(chunks, 0);
  sched::for_each_worker(chunks, [&](int c) {
    partial<Acc> acc;
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i) {
      if (i == 0 || (flags && flags[i])) acc.has = false, had_head[c] = 1;
      const Acc x = static_cast<Acc>(in[i]);
      acc = acc.has ? partial<Acc>{true, op(acc.v, x)} : partial<Acc>{true, x};
    }
    tail[c] = acc;
  });
  for (int c = 1; c < chunks; ++c) carry[c] = had_head[c - 1] ? tail[c - 1] : combine(carry[c - 1], tail[c - 1], op);
  sched::for_each_worker(chunks, [&](int c) {
    partial<Acc> acc = carry[c];
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i) {
      const Acc x = static_cast<Acc>(in[i]);  // read before writing: out may alias in
      if (i == 0 || (flags && flags[i])) acc.has = false;
      if (exclusive) out[i] = acc.has ? op(init, acc.v) : init;
      acc = acc.has ? partial<Acc>{true, op(acc.v, x)} : partial<Acc>{true, x};
      if (!exclusive) out[i] = with_init(op, init, acc.v);
    }
  });
}

// --- reduce ---------------------------------------------------------------
// numpy's sum of floats (loops_utils.h.src, and the ufunc buffer): blocks of
// 8192 values (its default buffer), each a pairwise sum (under 8 values a
// running sum, up to 128 eight running sums joined pairwise, above that the
// two halves, split at a multiple of 8, summed apart), the blocks' sums then
// added in order. Its error grows as log n within a block, and the blocks
// depend on n alone: the same bits on any number of threads, and np.sum's
// bits for a contiguous array of the same type (signed zeros aside: numpy
// versions start the leaves at +0 or -0).
template <class T>
T pairwise_sum(const T* a, std::size_t n) {
  if (n < 8) {
    T r = T(0);
    for (std::size_t i = 0; i < n; ++i) r += a[i];
    return r;
  }
  if (n <= 128) {
    T r[8];
    for (int j = 0; j < 8; ++j) r[j] = a[j];
    std::size_t i = 8;
    for (; i < n - n % 8; i += 8)
      for (int j = 0; j < 8; ++j) r[j] += a[i + j];
    T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += a[i];
    return res;
  }
  std::size_t n2 = n / 2;
  n2 -= n2 % 8;
  return pairwise_sum(a, n2) + pairwise_sum(a + n2, n - n2);
}

template <class T>
T numpy_float_sum(const cpu& exec, const T* a, std::size_t n, T init) {
  constexpr std::size_t block = 8192;
  const std::size_t blocks = (n + block - 1) / block;
  std::vector<T> sums(blocks);
  sched::parallel_for_dynamic(cpu_chunks(exec, n), 0, std::int64_t(blocks), 16, [&](std::int64_t b) {
    const std::size_t at = std::size_t(b) * block;
    sums[std::size_t(b)] = pairwise_sum(a + at, std::min(block, n - at));
  });
  T r = init;
  for (T s : sums) r += s;
  return r;
}

template <class In, class Acc, class Op>
Acc reduce_cpu(const cpu& exec, std::span<const In> in, Op op, Acc init) {
  const std::size_t n = in.size();
  if constexpr (std::is_same_v<Op, ::ordo::plus> && std::is_floating_point_v<Acc> && std::is_same_v<In, Acc>)
    if (n) return numpy_float_sum(exec, in.data(), n, init);
  const int chunks = cpu_chunks(exec, n);
  std::vector<partial<Acc>> part(chunks);
  sched::for_each_worker(chunks, [&](int c) {
    partial<Acc> acc;
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i) {
      const Acc x = static_cast<Acc>(in[i]);
      acc = acc.has ? partial<Acc>{true, op(acc.v, x)} : partial<Acc>{true, x};
    }
    part[c] = acc;
  });
  partial<Acc> all{true, init};
  for (auto& p : part) all = combine(all, p, op);
  return all.v;
}

}  // namespace ordo::detail
