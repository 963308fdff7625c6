// list_rank.hpp's ordo::cuda entry points in a build without CUDA: each
// throws errc::not_supported.
#include <string>

#include "ordo/list_rank.hpp"
#include "common/list_rank/instantiate.hpp"

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
ORDO_FOR_EACH_LIST_RANK(ORDO_LIST_RANK_STUB)

#define ORDO_LIST_SCAN_STUB(I, T, Op) \
  template void list_scan<I, T, Op>(const cuda&, std::span<const I>, std::span<const T>, std::span<T>, Op, \
                                    const list_options&);
ORDO_FOR_EACH_LIST_SCAN(ORDO_LIST_SCAN_STUB)

}  // namespace ordo
