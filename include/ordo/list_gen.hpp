// Seeded generators of successor arrays, as in the paper's Fig. 1:
//   random_list    a random permutation linked in order: node p[k] -> p[k+1]
//   ordered_list   succ[i] = i + 1 (the list is laid out in memory order)
//   random_forest  `lists` lists over a random permutation, cut into runs of
//                  n / lists nodes (the first n % lists runs one longer)
// The last node of each list holds list_end<Index>. Same seed, same output,
// on every machine.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ordo::gen {

template <class Index>
std::vector<Index> random_list(std::size_t n, std::uint64_t seed);
template <class Index>
std::vector<Index> ordered_list(std::size_t n);
template <class Index>
std::vector<Index> random_forest(std::size_t n, std::size_t lists, std::uint64_t seed);

}  // namespace ordo::gen
