// A user comparator on the GPU through ordo/cuda/segmented_sort.cuh: keys
// ordered by absolute value (many ties, so stability shows), with values.
#include <gtest/gtest.h>

#include "common/segsort_cases.hpp"
#include "gpu/device_space.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/cuda/segmented_sort.cuh"

namespace {

using namespace ordo_test;

struct by_abs {
  __host__ __device__ bool operator()(std::int32_t a, std::int32_t b) const {
    return (a < 0 ? -a : a) < (b < 0 ? -b : b);
  }
};
struct by_abs_rev {
  __host__ __device__ bool operator()(std::int32_t a, std::int32_t b) const { return by_abs{}(b, a); }
};

TEST(SegsortGpu, SmallUserComparator) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  const auto s = offsets_shape("mixed", every_bin_lengths(true, 3));
  auto keys = random_keys<std::int32_t>(s.n, 50, 4);
  for (auto& k : keys) k = k % 40;
  std::vector<std::uint32_t> vals(s.n);
  for (std::size_t i = 0; i < s.n; ++i) vals[i] = std::uint32_t(i);
  auto d_k = sp.buf(keys);
  auto d_v = sp.buf(vals);
  auto off = sp.buf(std::vector<std::uint32_t>(s.offsets.begin(), s.offsets.end()));
  for (bool desc : {false, true}) {
    auto d_ko = sp.buf(std::vector<std::int32_t>(s.n, prim_poison<std::int32_t>()));
    auto d_vo = sp.buf(std::vector<std::uint32_t>(s.n, prim_poison<std::uint32_t>()));
    ordo::segmented_sort_options o;
    o.order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
    ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_ko), sp.cspan(d_v), sp.span(d_vo),
                         ordo::by_offsets(sp.cspan(off)), o, by_abs{});
    const auto perm = desc ? ref_segsort_perm(keys, s, by_abs_rev{}) : ref_segsort_perm(keys, s, by_abs{});
    ASSERT_TRUE(check_segments(sp.get(d_ko), keys, perm, s, true, by_abs{}, "by_abs keys"));
    std::vector<std::uint32_t> want(s.n, prim_poison<std::uint32_t>());
    for (std::size_t i = 0; i < s.begin.size(); ++i)
      for (auto j = s.begin[i]; j < s.end[i]; ++j) want[j] = vals[perm[j]];
    ASSERT_TRUE(same_bits(sp.get(d_vo), want, "by_abs values"));
  }
}

}  // namespace
