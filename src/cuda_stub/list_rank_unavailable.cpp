// list_rank.hpp's ordo::cuda entry points in a build without CUDA: each
// throws errc::not_supported.
#include <string>

#include "ordo/list_rank.hpp"

namespace ordo {
namespace detail {
[[noreturn]] void no_cuda(const char* fn);
}

template <class Index, class Rank>
void list_rank(const cuda&, std::span<const Index>, std::span<Rank>, const list_options&) {
  detail::no_cuda("list_rank");
}
template <class Index, class T, class Op>
void list_scan(const cuda&, std::span<const Index>, std::span<const T>, std::span<T>, Op, const list_options&) {
  detail::no_cuda("list_scan");
}
list_variant chosen_variant(const cuda&, std::size_t, const list_options&) { detail::no_cuda("chosen_variant"); }

#define ORDO_LIST_RANK_STUB(I, R) \
  template void list_rank<I, R>(const cuda&, std::span<const I>, std::span<R>, const list_options&);
#define ORDO_LIST_RANK_STUB_ALL(I) \
  ORDO_LIST_RANK_STUB(I, std::int32_t) ORDO_LIST_RANK_STUB(I, std::uint32_t) ORDO_LIST_RANK_STUB(I, std::int64_t) \
  ORDO_LIST_RANK_STUB(I, std::uint64_t)
ORDO_LIST_RANK_STUB_ALL(std::int32_t)
ORDO_LIST_RANK_STUB_ALL(std::uint32_t)
ORDO_LIST_RANK_STUB_ALL(std::int64_t)
ORDO_LIST_RANK_STUB_ALL(std::uint64_t)

#define ORDO_LIST_SCAN_STUB(I, T, Op) \
  template void list_scan<I, T, Op>(const cuda&, std::span<const I>, std::span<const T>, std::span<T>, Op, \
                                    const list_options&);
#define ORDO_LIST_SCAN_STUB_OPS(I, T) ORDO_LIST_SCAN_STUB(I, T, plus) ORDO_LIST_SCAN_STUB(I, T, minimum) ORDO_LIST_SCAN_STUB(I, T, maximum)
#define ORDO_LIST_SCAN_STUB_ALL(I)                                                                           \
  ORDO_LIST_SCAN_STUB_OPS(I, std::int32_t) ORDO_LIST_SCAN_STUB_OPS(I, std::uint32_t)                         \
  ORDO_LIST_SCAN_STUB_OPS(I, std::int64_t) ORDO_LIST_SCAN_STUB_OPS(I, std::uint64_t) ORDO_LIST_SCAN_STUB_OPS(I, float) \
  ORDO_LIST_SCAN_STUB_OPS(I, double)
ORDO_LIST_SCAN_STUB_ALL(std::int32_t)
ORDO_LIST_SCAN_STUB_ALL(std::uint32_t)
ORDO_LIST_SCAN_STUB_ALL(std::int64_t)
ORDO_LIST_SCAN_STUB_ALL(std::uint64_t)

}  // namespace ordo
