// The list generators of list_gen.hpp. Fisher-Yates with splitmix64 and
// Lemire's bounded draw: portable, so a seed means the same list everywhere.
#include "ordo/list_gen.hpp"

#include <numeric>
#include <string>

#include "ordo/error.hpp"
#include "ordo/list_rank.hpp"

namespace ordo::gen {
namespace {

struct splitmix64 {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t below(std::uint64_t bound) {  // uniform in [0, bound)
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(next()) * bound) >> 64);
  }
};

template <class Index>
void check_size(std::size_t n, const char* fn) {
  if (sizeof(Index) == 4 && n >= (std::uint64_t(1) << 32) - 1)
    throw error(errc::invalid_argument, std::string(fn) + ": " + std::to_string(n) + " nodes need 64-bit indices");
}

template <class Index>
std::vector<Index> random_permutation(std::size_t n, std::uint64_t seed) {
  std::vector<Index> p(n);
  std::iota(p.begin(), p.end(), Index(0));
  splitmix64 rng{seed};
  for (std::size_t i = n; i > 1; --i) std::swap(p[i - 1], p[rng.below(i)]);
  return p;
}

}  // namespace

template <class Index>
std::vector<Index> random_forest(std::size_t n, std::size_t lists, std::uint64_t seed) {
  check_size<Index>(n, "random_forest");
  if (n > 0 && (lists == 0 || lists > n))
    throw error(errc::invalid_argument, "random_forest: the number of lists must be from 1 to n = " +
                                            std::to_string(n) + ", got " + std::to_string(lists));
  const std::vector<Index> p = random_permutation<Index>(n, seed);
  std::vector<Index> succ(n);
  std::size_t k = 0;
  for (std::size_t l = 0; l < lists; ++l) {
    const std::size_t len = n / lists + (l < n % lists ? 1 : 0);
    for (std::size_t j = 0; j + 1 < len; ++j) succ[p[k + j]] = p[k + j + 1];
    if (len) succ[p[k + len - 1]] = list_end<Index>;
    k += len;
  }
  return succ;
}

template <class Index>
std::vector<Index> random_list(std::size_t n, std::uint64_t seed) {
  return random_forest<Index>(n, n ? 1 : 0, seed);
}

template <class Index>
std::vector<Index> ordered_list(std::size_t n) {
  check_size<Index>(n, "ordered_list");
  std::vector<Index> succ(n);
  std::iota(succ.begin(), succ.end(), Index(1));
  if (n) succ[n - 1] = list_end<Index>;
  return succ;
}

#define ORDO_LIST_GEN(I)                                                              \
  template std::vector<I> random_list<I>(std::size_t, std::uint64_t);                 \
  template std::vector<I> ordered_list<I>(std::size_t);                               \
  template std::vector<I> random_forest<I>(std::size_t, std::size_t, std::uint64_t);
ORDO_LIST_GEN(std::int32_t)
ORDO_LIST_GEN(std::uint32_t)
ORDO_LIST_GEN(std::int64_t)
ORDO_LIST_GEN(std::uint64_t)

}  // namespace ordo::gen
