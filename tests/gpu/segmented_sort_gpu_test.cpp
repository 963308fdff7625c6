// segmented_sort on the GPU: the CPU suite's cases (tests/common/
// segsort_cases.hpp) against the same references, element by element, every
// bin (unit, reg-sort, smem-merge, grid), both write methods, in place, bad
// segments; a user comparator through the CUDA templates
// (segmented_sort_user_test.cu). The *Small* tests are the compute-sanitizer
// subset.
#include <gtest/gtest.h>

#include "common/segsort_cases.hpp"
#include "common/type_lists.hpp"
#include "gpu/device_space.hpp"
#include "gpu/gpu_cases.hpp"

namespace {

using namespace ordo_test;

ORDO_GPU_TYPED_SUITE(SegsortGpu, key_types);

TYPED_TEST(SegsortGpu, KeysEveryShape) {
  using K = TypeParam;
  device_space sp;
  for (const auto& s : segsort_shapes(true, 11))
    for (const auto& kind : segsort_key_kinds<K>())
      for (bool desc : {false, true})
        for (bool stable : {false, true}) check_segsort_keys<device_space, K>(sp, s, kind, desc, stable, 5);
}

TYPED_TEST(SegsortGpu, PairsAreStable) {
  using K = TypeParam;
  device_space sp;
  for (const auto& s : segsort_shapes(true, 12))
    for (bool desc : {false, true}) {
      check_segsort_pairs<device_space, K, std::uint32_t>(sp, s, "few_distinct", desc, false, 6);
      check_segsort_pairs<device_space, K, double, std::uint64_t>(sp, s, "random", desc, true, 7);
    }
}

TEST(SegsortGpu, WriteMethodsAgree) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  const auto s = offsets_shape("every_bin", every_bin_lengths(false, 21));
  const auto keys = random_keys<std::uint32_t>(s.n, 1000, 22);
  const auto perm = ref_segsort_perm(keys, s, ordo::less{});
  auto d_in = sp.buf(keys);
  auto off = sp.buf(std::vector<std::uint64_t>(s.offsets));
  for (auto w : {ordo::segsort_write::direct, ordo::segsort_write::striped}) {
    for (bool stable : {false, true}) {
      auto d_out = sp.buf(std::vector<std::uint32_t>(s.n, prim_poison<std::uint32_t>()));
      ordo::segmented_sort_options o;
      o.write = w;
      o.stable = stable;
      ordo::segmented_sort(sp.exec, sp.cspan(d_in), sp.span(d_out), ordo::by_offsets(sp.cspan(off)), o);
      ASSERT_TRUE(check_segments(sp.get(d_out), keys, perm, s, stable, ordo::less{}, ordo::to_string(w)));
    }
  }
}

TEST(SegsortGpu, LongSegmentsManyPasses) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  const auto s = offsets_shape("long", {1u << 20, 5, 300001, 0, 2049, 65536});
  check_segsort_pairs<device_space, float, std::uint32_t, std::int64_t>(sp, s, "nans_zeros", false, false, 8);
  check_segsort_pairs<device_space, std::int64_t, std::uint64_t>(sp, s, "few_distinct", true, true, 9);
  check_segsort_keys<device_space, std::uint32_t>(sp, s, "random", false, false, 10);
  check_segsort_keys<device_space, double>(sp, s, "signed_zeros", true, true, 10);
}

// The paper's binned path and the radix tiles over the lengths where they
// differ: the bins from 128 up (65..128 two to a tile, 129..2048 one; each
// bin's lower 3/4 in a smaller tile: the lengths around 96, 192, 384, 768
// and 1536), grid segments a radix group
// finishes (2049..8192), and longer ones whose merge passes start from runs
// of 8192; keys (stable and not), stable pairs, floats with NaNs and zeros.
TEST(SegsortGpu, SmallRadixTilesAndBinnedAgree) {  // in the compute-sanitizer subset
  ORDO_REQUIRE_GPU();
  device_space sp;
  std::vector<std::uint64_t> lens = {1025, 0,   1500, 2048, 2049, 1,    5000, 8192, 8193, 20000, 3,   257,
                                     300,  512, 513,  700,  1024, 384,  385,  768,  769,  1536,  1537, 65,
                                     96,   97,  128,  129,  192,  193,  256,  64};
  rng r(17);
  for (int i = 0; i < 61; ++i) lens.push_back(65 + r.below(192));  // 65..128 two to a tile, a last one alone
  const auto s = offsets_shape("radix_lengths", lens, 7);
  for (auto path : {ordo::segsort_path::radix_tiles, ordo::segsort_path::binned}) {
    check_segsort_keys<device_space, std::uint32_t>(sp, s, "random", false, false, 41, path);
    check_segsort_keys<device_space, std::int32_t>(sp, s, "few_distinct", true, true, 42, path);
    check_segsort_keys<device_space, float>(sp, s, "nans_zeros", false, true, 43, path);
    check_segsort_pairs<device_space, std::uint32_t, std::uint32_t>(sp, s, "few_distinct", false, false, 44, path);
    check_segsort_pairs<device_space, double, std::uint64_t>(sp, s, "random", true, false, 45, path);
    check_segsort_pairs<device_space, std::int64_t, std::uint32_t>(sp, s, "few_distinct", false, true, 46, path);
  }
}

// The radix tiles' bucket counting against its limit: segments of 128 (two
// to a tile), 256, 2048, 1536 and 512 whose crowded bucket holds 31, 32 or
// 33 keys (33 takes the LSD passes), with ties among them; stable pairs and
// unstable keys. Then the same for the wide bucket sort of the 2048 tiles,
// whose crowd of 63, 64 or 65 (65 takes tile_radix_sort) sits in the
// 10-bit bucket 0.
TEST(SegsortGpu, SmallRadixTileBucketLimit) {  // in the compute-sanitizer subset
  ORDO_REQUIRE_GPU();
  device_space sp;
  std::vector<std::uint64_t> lens;
  for (int block = 0; block < 6; ++block)  // the crowd in each 2048's first segment
    for (int i = 0; i < (block % 2 ? 8 : 16); ++i) lens.push_back(block % 2 ? 256 : 128);
  for (int i = 0; i < 12; ++i) lens.push_back(2048);
  for (int i = 0; i < 3; ++i) lens.push_back(1536), lens.push_back(512);
  const auto s = offsets_shape("crowded", lens);
  check_segsort_pairs<device_space, std::uint32_t, std::uint32_t>(sp, s, "crowded_digit", false, false, 61,
                                                                  ordo::segsort_path::radix_tiles);
  check_segsort_pairs<device_space, std::uint64_t, std::uint64_t>(sp, s, "crowded_digit", true, true, 62,
                                                                  ordo::segsort_path::radix_tiles);
  check_segsort_keys<device_space, std::uint32_t>(sp, s, "crowded_digit", false, false, 63,
                                                  ordo::segsort_path::radix_tiles);
  check_segsort_keys<device_space, std::uint32_t>(sp, s, "random", true, true, 64, ordo::segsort_path::radix_tiles);
  // The wide bucket sort of the 2048 tiles (10-bit digits), its crowd 63, 64 or 65.
  check_segsort_pairs<device_space, std::uint32_t, std::uint32_t>(sp, s, "crowded_wide_2048", false, false, 69,
                                                                  ordo::segsort_path::radix_tiles);
  check_segsort_pairs<device_space, std::uint64_t, std::uint32_t>(sp, s, "crowded_wide_2048", true, true, 70,
                                                                  ordo::segsort_path::radix_tiles);
  check_segsort_keys<device_space, std::uint32_t>(sp, s, "crowded_wide_2048", false, false, 77,
                                                  ordo::segsort_path::radix_tiles);
}

// The warp bucket sort (warp/warp_bucket_sort.cuh) against its limit:
// segments of 128 whose bucket 0 holds 15, 16 or 17 keys (17 takes the LSD
// passes: 5 for 32-bit codes, 10 for 64-bit), with ties among them; then
// segments of 96, 80 and 65 (the lower 3/4, 3 keys a lane) with the crowd
// wherever it falls; few distinct keys (one crowded bucket, the passes) and
// all-equal keys (no pass at all), in place. Then the 64 bin (2 keys a lane,
// 6-bit digits) the same way, with segments of 64, 50 and 33 (radix_tiles:
// automatic would take the short tiles for these).
TEST(SegsortGpu, SmallWarpBucketLimit) {  // in the compute-sanitizer subset
  ORDO_REQUIRE_GPU();
  device_space sp;
  std::vector<std::uint64_t> lens(24, 128);
  for (std::uint64_t len : {96, 80, 65})
    for (int i = 0; i < 5; ++i) lens.push_back(len);
  const auto s = offsets_shape("crowded_warp", lens);
  check_segsort_pairs<device_space, std::uint32_t, std::uint32_t>(sp, s, "crowded_warp", false, false, 81);
  check_segsort_pairs<device_space, std::uint64_t, std::uint64_t>(sp, s, "crowded_warp", true, true, 82);
  check_segsort_keys<device_space, std::uint32_t>(sp, s, "crowded_warp", false, false, 83);
  check_segsort_keys<device_space, std::uint64_t>(sp, s, "crowded_warp", true, false, 84);
  check_segsort_pairs<device_space, std::int32_t, std::uint32_t>(sp, s, "few_distinct", false, true, 85);
  check_segsort_keys<device_space, float>(sp, s, "nans_zeros", true, true, 86);
  check_segsort_keys<device_space, std::int64_t>(sp, s, "all_equal", false, true, 87);
  check_segsort_pairs<device_space, double, std::uint64_t>(sp, s, "signed_zeros", false, false, 88);

  std::vector<std::uint64_t> lens64(16, 64);
  for (std::uint64_t len : {50, 33})
    for (int i = 0; i < 5; ++i) lens64.push_back(len);
  const auto s64 = offsets_shape("crowded_warp64", lens64);
  const auto rt = ordo::segsort_path::radix_tiles;
  check_segsort_pairs<device_space, std::uint32_t, std::uint32_t>(sp, s64, "crowded_warp64", false, false, 89, rt);
  check_segsort_pairs<device_space, std::uint64_t, std::uint64_t>(sp, s64, "crowded_warp64", true, true, 90, rt);
  check_segsort_keys<device_space, std::uint32_t>(sp, s64, "crowded_warp64", false, false, 91, rt);
  check_segsort_pairs<device_space, std::int32_t, std::uint32_t>(sp, s64, "few_distinct", true, false, 92, rt);
  check_segsort_keys<device_space, float>(sp, s64, "nans_zeros", false, true, 93, rt);
}

// The grid bin's bucket sort (tile_bucket_sort, 12-bit digits) against its
// limit: segments of 8192 whose bucket 0 holds 63, 64 or 65 keys (65 takes the
// LSD passes), with ties among them, and segments of 4096 and 2500 (some with
// the crowd, some without); stable pairs and unstable keys.
TEST(SegsortGpu, SmallGridBucketLimit) {  // in the compute-sanitizer subset
  ORDO_REQUIRE_GPU();
  device_space sp;
  std::vector<std::uint64_t> lens(6, 8192);
  for (int i = 0; i < 4; ++i) lens.push_back(4096);
  for (int i = 0; i < 3; ++i) lens.push_back(2500);
  const auto s = offsets_shape("crowded_wide", lens);
  check_segsort_pairs<device_space, std::uint32_t, std::uint32_t>(sp, s, "crowded_wide", false, false, 65);
  check_segsort_pairs<device_space, std::uint64_t, std::uint64_t>(sp, s, "crowded_wide", true, true, 66);
  check_segsort_keys<device_space, std::uint32_t>(sp, s, "crowded_wide", false, false, 67);
  check_segsort_keys<device_space, std::uint64_t>(sp, s, "crowded_wide", true, true, 68);
}

// The grid bin's partition path (kernel/grid_partition_kernels.cuh):
// segments of 8193..65536 cut into sub-buckets of about 4096. Random keys
// take the bucket counting; spiked keys crowd one bucket of a sub-bucket
// (its LSD fallback, after restoring position order: stable pairs); few
// distinct keys fill sub-buckets past the tile in the longer segments (their
// merge passes) and take the fallback in the shorter; descending and in place.
TEST(SegsortGpu, SmallGridPartition) {  // in the compute-sanitizer subset
  ORDO_REQUIRE_GPU();
  device_space sp;
  const auto s = offsets_shape("partition", {8193, 20000, 0, 65536, 12000, 9000, 40000, 3, 16384}, 5);
  for (const char* kind : {"random", "spiked", "few_distinct"}) {
    check_segsort_pairs<device_space, std::uint32_t, std::uint32_t>(sp, s, kind, false, false, 71);
    check_segsort_pairs<device_space, std::int64_t, std::uint64_t>(sp, s, kind, true, true, 72);
    check_segsort_keys<device_space, std::uint32_t>(sp, s, kind, false, false, 73);
    check_segsort_keys<device_space, std::int32_t>(sp, s, kind, true, true, 74);
  }
  check_segsort_pairs<device_space, float, std::uint32_t>(sp, s, "nans_zeros", false, false, 75);
  check_segsort_keys<device_space, double>(sp, s, "signed_zeros", true, false, 76);
  // Longest segment 16384: one merge pass, so no second buffer to stage the
  // values and float keys in (their own scratch).
  const auto one_pass = offsets_shape("partition_one_pass", {8193, 16384, 12000, 0, 9000}, 3);
  check_segsort_pairs<device_space, std::uint32_t, std::uint32_t>(sp, one_pass, "random", false, false, 77);
  check_segsort_pairs<device_space, float, std::uint64_t>(sp, one_pass, "nans_zeros", true, true, 78);
}

// The hybrid: segments of up to 64 (98% of them, about 38% of the
// elements, over the 1/4 that turns it on) by the short tiles, which must
// leave the longer ones (65..10000, straddling tiles) to the bins untouched.
// Keys (stable and not), pairs in place, floats with NaNs and zeros,
// descending; the binned path over the same shape for comparison.
TEST(SegsortGpu, SmallHybridShortAndLong) {  // in the compute-sanitizer subset
  ORDO_REQUIRE_GPU();
  device_space sp;
  std::vector<std::uint64_t> lens;
  rng r(77);
  for (int i = 0; i < 3000; ++i) {
    const auto x = r.below(100);
    lens.push_back(x < 98 ? r.below(65) : x < 99 ? 65 + r.below(1984) : 2049 + r.below(4000));
  }
  const auto s = offsets_shape("hybrid", lens, 3);
  for (auto path : {ordo::segsort_path::automatic, ordo::segsort_path::binned}) {
    check_segsort_keys<device_space, std::uint32_t>(sp, s, "random", false, false, 51, path);
    check_segsort_keys<device_space, std::int64_t>(sp, s, "few_distinct", true, true, 52, path);
    check_segsort_keys<device_space, float>(sp, s, "nans_zeros", false, true, 53, path);
    check_segsort_pairs<device_space, std::uint32_t, std::uint32_t>(sp, s, "few_distinct", false, true, 54, path);
    check_segsort_pairs<device_space, double, std::uint64_t>(sp, s, "random", true, false, 55, path);
  }
}

TEST(SegsortGpu, RadixTilesLongSegments) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  const auto s = offsets_shape("radix_long", {65536, 8191, 300001, 16384, 16385, 1u << 20});
  check_segsort_pairs<device_space, std::uint32_t, std::uint32_t>(sp, s, "random", false, false, 47,
                                                                  ordo::segsort_path::radix_tiles);
  check_segsort_pairs<device_space, std::uint64_t, std::uint64_t>(sp, s, "few_distinct", true, false, 48,
                                                                  ordo::segsort_path::radix_tiles);
  check_segsort_keys<device_space, std::int32_t>(sp, s, "random", false, false, 49, ordo::segsort_path::radix_tiles);
}

TEST(SegsortGpu, SmallEveryBin) {  // the compute-sanitizer subset
  ORDO_REQUIRE_GPU();
  device_space sp;
  const auto s = offsets_shape("small", {0, 1, 2, 3, 4, 7, 9, 16, 31, 33, 64, 100, 128, 200, 256, 300, 512, 513,
                                         1000, 1024, 1500, 2048, 2049, 5000});
  check_segsort_keys<device_space, std::uint32_t>(sp, s, "random", false, false, 1);
  check_segsort_keys<device_space, float>(sp, s, "nans_zeros", true, true, 2);
  check_segsort_pairs<device_space, std::int64_t, std::uint32_t>(sp, s, "few_distinct", false, false, 3);
  check_segsort_pairs<device_space, double, std::uint64_t>(sp, s, "random", true, true, 4);
}

// Both paths over short segments in order (offsets with a leading gap and
// empties, fixed lengths with a short head, tiles whose last segment runs
// past the tile), and shapes the short path must hand to binning.
TEST(SegsortGpu, SmallShortTilesAndBinnedAgree) {  // in the compute-sanitizer subset
  ORDO_REQUIRE_GPU();
  device_space sp;
  std::vector<std::uint64_t> lens(9000);
  rng r(31);
  for (auto& l : lens) l = r.below(4) == 0 ? 0 : 1 + r.below(r.below(8) == 0 ? 64 : 9);
  lens[100] = 64;
  lens[4000] = 64;
  const auto mixed = offsets_shape("short_mixed", lens, 3);
  const auto n = mixed.n;
  for (auto path : {ordo::segsort_path::short_tiles, ordo::segsort_path::binned}) {
    for (bool stable : {false, true}) {
      for (const auto& kind : {std::string("random"), std::string("few_distinct")}) {
        const auto keys = segsort_keys<std::uint32_t>(kind, n, 32);
        const auto perm = ref_segsort_perm(keys, mixed, ordo::less{});
        auto d_in = sp.buf(keys);
        auto off = sp.buf(std::vector<std::uint64_t>(mixed.offsets));
        auto d_out = sp.buf(std::vector<std::uint32_t>(n, prim_poison<std::uint32_t>()));
        ordo::segmented_sort_options o;
        o.path = path;
        o.stable = stable;
        ordo::segmented_sort(sp.exec, sp.cspan(d_in), sp.span(d_out), ordo::by_offsets(sp.cspan(off)), o);
        ASSERT_TRUE(check_segments(sp.get(d_out), keys, perm, mixed, stable, ordo::less{},
                                   std::string(ordo::to_string(path)) + " " + kind));
      }
    }
  }
  // Pairs, floats with NaNs and signed zeros, descending, through the automatic choice.
  check_segsort_pairs<device_space, float, std::uint32_t>(sp, mixed, "nans_zeros", true, false, 33);
  check_segsort_pairs<device_space, std::int64_t, std::uint64_t>(sp, mixed, "few_distinct", false, true, 34);
  check_segsort_keys<device_space, double>(sp, mixed, "signed_zeros", false, true, 35);
}

TEST(SegsortGpu, SmallBadSegments) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  check_segsort_errors(sp);
}

// Overlapping bounds are rejected (the begins-in-order scan and the sorting
// check for begins out of order), disjoint ones in any order are sorted.
TEST(SegsortGpu, SmallOverlapsAreRejected) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  check_segsort_disjoint_bounds(sp);
}

TEST(SegsortGpu, SmallCopyIntoItself) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  check_segsort_into_itself(sp);
}

TEST(SegsortGpu, SmallHugeFixedLength) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  check_segsort_huge_length(sp);
}

TEST(SegsortGpu, SmallNoSegmentsAndTinyInputs) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  check_segsort_no_segments(sp);
}

// Keys-only float sorts keep -0.0 / +0.0 and NaN payloads in input order on every path.
TEST(SegsortGpu, FloatKeysAloneKeepTiesInOrder) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  const std::vector<ordo::segsort_path> paths = {ordo::segsort_path::automatic, ordo::segsort_path::binned,
                                                 ordo::segsort_path::short_tiles, ordo::segsort_path::radix_tiles};
  check_segsort_float_ties<device_space, float>(sp, paths);
  check_segsort_float_ties<device_space, double>(sp, paths);
}

}  // namespace
