// The CPU backend of list_rank.hpp (backend<cpu, op::list_rank / list_scan>)
// and its explicit instantiations.
// Signed and unsigned types of one width share an implementation: the end
// marker is all bits set in both, and ranks never reach the sign bit.
#include <atomic>
#include <string>
#include <type_traits>
#include <vector>

#include "common/list_rank/list_checks.hpp"
#include "common/list_rank/instantiate.hpp"
#include "cpu/list_rank/helman_jaja_cpu.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "cpu/list_rank/list_marks_cpu.hpp"
#include "cpu/list_rank/sequential_list_scan.hpp"
#include "ordo/list_rank.hpp"

namespace ordo {
namespace detail::list {
namespace {

void atomic_min(std::uint64_t& target, std::uint64_t v) {
  std::atomic_ref<std::uint64_t> a(target);
  std::uint64_t cur = a.load(std::memory_order_relaxed);
  while (v < cur && !a.compare_exchange_weak(cur, v, std::memory_order_relaxed)) {
  }
}

hj_params cpu_params(const list_options& o, int threads) {
  check_stride(o.splitter_stride, "splitter_stride");
  check_stride(o.deep_stride, "deep_stride");
  return {stride_shift(o.splitter_stride ? o.splitter_stride : 256), stride_shift(o.deep_stride ? o.deep_stride : 256),
          o.cutoff ? o.cutoff : (std::uint64_t(1) << 16), static_cast<std::uint32_t>(o.seed ^ (o.seed >> 32)),
          o.equidistant_splitters, threads};
}

// Both entry points: V accumulates, Out receives finish(V).
template <class V, class Index, class Out, class Src, class Op, class Finish>
void run_list_scan(const cpu& exec, const Index* succ, std::uint64_t n, Src src, Out* out, Op op, Finish finish,
                   const list_options& o, const char* fn, bool signed_index) {
  const int threads = sched::workers(exec, n);  // one below the scheduler's threshold
  const cpu_list_variant v = cpu_list_variant_for(fn, exec, n, o);
  const hj_params p = cpu_params(o, threads);
  // The 2-bit marks when validating or walking sequentially, or when the
  // byte marks find a shared successor; the byte marks otherwise.
  std::vector<std::uint32_t> marks;
  std::vector<unsigned char, uninit_allocator<unsigned char>> pred;
  level_marks lm;
  faults f;
  if (v == cpu_list_variant::helman_jaja && !o.validate) {
    pred.resize(n);
    const byte_marks_result r = mark_predecessor_bytes(succ, n, pred.data(), threads);
    f.out_of_range = r.out_of_range;
    if (count_marked(pred.data(), n, threads) == r.targets) lm.bytes = pred.data();
  }
  if (lm.bytes == nullptr) {
    marks.assign(mark_words(n), 0);
    f.out_of_range = mark_predecessors(succ, n, marks.data(), threads);
    lm.bits = marks.data();
  }
  const host_lookup<Index> look{succ, n, marks.data()};
  const bool single = o.shape == list_shape::single;
  if (o.validate) {
    check_marks(succ, n, marks.data(), f, threads);
    if (f.out_of_range != none || f.shared_successor != none) raise_faults(fn, f, n, single, look, sizeof(Index), signed_index);
  }
  std::uint64_t cycle = none;
  auto emit = [&](std::uint64_t x, V value, bool cyclic) {
    out[x] = finish(value);
    if (cyclic && o.validate) atomic_min(cycle, x);
  };
  if (v == cpu_list_variant::sequential) sequential_list_scan<V>(succ, n, marks.data(), src, op, emit);
  else helman_jaja_level<V>(succ, n, lm, src, op, emit, p, 0);
  if (o.validate) {
    f.cycle = cycle;
    raise_faults(fn, f, n, single, look, sizeof(Index), signed_index);
  }
}

}  // namespace
}  // namespace detail::list

namespace detail {

template <> template <class Index, class Rank>
void backend<cpu, op::list_rank>::run(const cpu& exec, std::span<const Index> succ, std::span<Rank> ranks,
                                      const list_options& o) {
  using U = std::make_unsigned_t<Index>;
  using R = std::make_unsigned_t<Rank>;
  const std::uint64_t n = succ.size();
  auto one = [](std::uint64_t) { return R(1); };
  auto minus_one = [](R v) { return R(v - 1); };  // rank = inclusive count - 1
  detail::list::run_list_scan<R>(exec, reinterpret_cast<const U*>(succ.data()), n, one,
                                 reinterpret_cast<R*>(ranks.data()), plus{}, minus_one, o, "list_rank",
                                 std::is_signed_v<Index>);
}

template <> template <class Index, class T, class Op>
void backend<cpu, op::list_scan>::run(const cpu& exec, std::span<const Index> succ, std::span<const T> values,
                                      std::span<T> out, Op op, const list_options& o) {
  using U = std::make_unsigned_t<Index>;
  const std::uint64_t n = succ.size();
  const T* v = values.data();
  auto src = [v](std::uint64_t x) { return v[x]; };
  auto same = [](T x) { return x; };
  detail::list::run_list_scan<T>(exec, reinterpret_cast<const U*>(succ.data()), n, src, out.data(), op, same, o,
                                 "list_scan", std::is_signed_v<Index>);
}

#define ORDO_LIST_RANK_CPU(I, R) \
  template void backend<cpu, op::list_rank>::run<I, R>(const cpu&, std::span<const I>, std::span<R>, const list_options&);
ORDO_FOR_EACH_LIST_RANK(ORDO_LIST_RANK_CPU)

#define ORDO_LIST_SCAN_CPU(I, T, Op) \
  template void backend<cpu, op::list_scan>::run<I, T, Op>(const cpu&, std::span<const I>, std::span<const T>, \
                                                           std::span<T>, Op, const list_options&);
ORDO_FOR_EACH_LIST_SCAN(ORDO_LIST_SCAN_CPU)

}  // namespace detail
}  // namespace ordo
