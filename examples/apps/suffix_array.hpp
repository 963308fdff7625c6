// Suffix array construction by prefix doubling over segmented sort: the
// PDSS-SA application of seed 004 (Hou et al., ICS'17, Sec. 5.1).
//
// sa receives the starting positions of text's suffixes in lexicographic
// order (bytes compared as unsigned; a proper prefix sorts first). Text of
// any bytes, 0 included; fewer than 2^32 - 1 bytes (32-bit ranks).
//
// Example:
//   std::string s = "banana";
//   std::vector<std::uint32_t> sa(s.size());
//   ordo_apps::suffix_array(ordo::cpu{}, std::span(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()),
//                           std::span<std::uint32_t>(sa));   // 5 3 1 0 4 2
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "ordo/execution.hpp"

namespace ordo_apps {

struct suffix_array_stats {
  unsigned rounds = 0;             // doubling rounds after the initial sort
  unsigned packed_chars = 0;       // characters packed into the first sort's 64-bit keys
  std::uint64_t segments_sorted = 0;  // open groups handed to segmented_sort over all rounds
  std::uint64_t sorted_elements = 0;  // their elements, over all rounds
};

// cpu: host spans. cuda: device spans, work queued on exec.stream; the call
// waits for the stream before the first sort (the alphabet) and once per
// round (to read how many suffixes and groups are still open).
suffix_array_stats suffix_array(const ordo::cpu& exec, std::span<const std::uint8_t> text,
                                std::span<std::uint32_t> sa);
#if defined(ORDO_HAS_CUDA)
suffix_array_stats suffix_array(const ordo::cuda& exec, std::span<const std::uint8_t> text,
                                std::span<std::uint32_t> sa);
#endif

// The check: Manber-Myers prefix doubling with std::sort of rank pairs,
// O(n log^2 n), sequential, written without ordo.
std::vector<std::uint32_t> suffix_array_reference(std::span<const std::uint8_t> text);

// Seeded inputs: DNA-like (ACGT with copied repeats and a few mutations, as
// genomes have) and text-like (Zipf-distributed words from a vocabulary).
std::vector<std::uint8_t> dna_like_text(std::uint64_t n, std::uint64_t seed);
std::vector<std::uint8_t> word_like_text(std::uint64_t n, std::uint64_t seed);

}  // namespace ordo_apps
