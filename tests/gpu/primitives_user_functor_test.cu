// User functors on the GPU through the public CUDA templates
// (ordo/cuda/primitives.cuh): a comparator, a scan operator and a predicate
// that libordo does not hold, checked against the CPU templates.
#include <gtest/gtest.h>

#include "common/primitives_cases.hpp"
#include "gpu/device_space.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/cuda/primitives.cuh"

namespace {

using namespace ordo_test;

struct by_low_byte {  // a strict weak order with many ties
  __host__ __device__ bool operator()(std::uint32_t a, std::uint32_t b) const { return (a & 0xff) < (b & 0xff); }
};
struct xor_op {
  __host__ __device__ std::uint32_t operator()(std::uint32_t a, std::uint32_t b) const { return a ^ b; }
};
struct is_odd {
  __host__ __device__ bool operator()(const std::uint32_t& x) const { return x & 1; }
};

TEST(PrimitivesGpuUserFunctors, MatchCpu) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  for (std::size_t n : {0, 1, 100, 4097, 300000}) {
    const auto keys = random_keys<std::uint32_t>(n, n + 1, n);
    for (auto v : {ordo::sort_idx_variant::merge_path, ordo::sort_idx_variant::binary_search}) {
      ASSERT_NO_FATAL_FAILURE((check_sort_idx<device_space, std::uint32_t, std::uint32_t>(sp, v, by_low_byte{}, n, n)));
    }
    std::vector<std::uint32_t> want(n);
    ordo::scan(ordo::cpu{}, std::span<const std::uint32_t>(keys), std::span<std::uint32_t>(want), xor_op{}, 0u);
    auto d_keys = sp.buf(keys);
    auto d_out = sp.buf(std::vector<std::uint32_t>(n));
    ordo::scan(sp.exec, sp.cspan(d_keys), sp.span(d_out), xor_op{}, 0u);
    ASSERT_EQ(sp.get(d_out), want);
    std::vector<std::uint32_t> kept(n);
    std::vector<std::uint64_t> count(1);
    ordo::compact(ordo::cpu{}, std::span<const std::uint32_t>(keys), is_odd{}, std::span<std::uint32_t>(kept),
                  std::span<std::uint64_t>(count));
    auto d_count = sp.buf(std::vector<std::uint64_t>(1));
    ordo::compact(sp.exec, sp.cspan(d_keys), is_odd{}, sp.span(d_out), sp.span(d_count));
    ASSERT_EQ(sp.get(d_count)[0], count[0]);
    auto got = sp.get(d_out);
    got.resize(count[0]);
    kept.resize(count[0]);
    ASSERT_EQ(got, kept);
  }
}

}  // namespace
