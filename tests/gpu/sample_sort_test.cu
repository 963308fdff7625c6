// sort_idx's sample_sort variant under a tiny policy: 4 buckets per level
// from 32 samples and 128-word bucket tiles, so both split levels run and
// nearly every bucket overflows into the chunked merge fallback
// (sort_words_by_chunks) that the default policy almost never reaches.
// Named *Small* for the compute-sanitizer subset.
#include <gtest/gtest.h>

#include "common/primitives_cases.hpp"
#include "gpu/device_space.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/cuda/primitives.cuh"

namespace {

using namespace ordo_test;
namespace prim = ordo::detail::prim;

// split 256 x 2 words per tile, 4 buckets, 32 samples, buckets aimed at 64 words,
// sorted by 32 threads x up to 4 words.
using tiny = prim::sample_sort_policy<256, 2, 4, 32, 1, 64, 32, 4>;

template <class Key, class Index, class Compare>
void check_tiny(device_space& sp, Compare comp, std::size_t n, std::uint64_t seed) {
  check_sort_idx_by<device_space, Key, Index>(
      sp, "sample_sort (tiny policy)",
      [&](std::span<const Key> keys, std::span<Index> perm, std::span<Key> sorted) {
        ordo::detail::sort_idx_with<prim::sort_tile_policy, prim::sort_merge_policy, tiny>(
            sp.exec, keys, perm, sorted, comp, {.variant = ordo::sort_idx_variant::sample_sort});
      },
      comp, n, seed);
}

TEST(SampleSortGpu, SmallTinyBuckets) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  for (std::size_t n : {0, 1, 2, 63, 64, 65, 200, 1000, 5000, 40000}) {
    ASSERT_NO_FATAL_FAILURE((check_tiny<std::uint32_t, std::uint32_t>(sp, ordo::less{}, n, n)));
    ASSERT_NO_FATAL_FAILURE((check_tiny<std::int32_t, std::uint64_t>(sp, ordo::greater{}, n, n + 1)));
  }
}

TEST(SampleSortGpu, TinyBucketsLarger) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  for (std::size_t n : {300001, 1 << 20}) {
    ASSERT_NO_FATAL_FAILURE((check_tiny<std::int32_t, std::uint32_t>(sp, ordo::less{}, n, n)));
    ASSERT_NO_FATAL_FAILURE((check_tiny<std::uint32_t, std::uint32_t>(sp, ordo::greater{}, n, n + 1)));
  }
}

}  // namespace
