// The narrow keys (int8, uint8, int16, uint16, bool, float16, bfloat16) on the
// GPU: every capability against the sequential references of
// common/narrow_cases.hpp (the CPU suite's cases, on device buffers), and
// spans of CUDA's __half / __nv_bfloat16 read as ordo::half / ordo::bfloat16.
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <gtest/gtest.h>

#include "common/narrow_cases.hpp"
#include "common/type_lists.hpp"
#include "gpu/device_space.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/device_buffer.hpp"

namespace ordo_test::narrow {
namespace {

// gpu/device_space.hpp's device_space (exec, get) with put and ptr as
// narrow_cases.hpp's spaces name them; put allocates on exec's stream.
struct device_narrow_space : device_space {
  static constexpr bool gpu = true;
  template <class T>
  ordo::device_buffer<T> put(const std::vector<T>& h) {
    return ordo::device_buffer<T>(exec, std::span<const T>(h.data(), h.size()));
  }
  template <class T>
  static T* ptr(ordo::device_buffer<T>& b) { return b.data(); }
};

ORDO_GPU_TYPED_SUITE(NarrowKeysGpu, narrow_types);

TYPED_TEST(NarrowKeysGpu, EveryCapability) {
  device_narrow_space sp{};
  run_grid<TypeParam>(sp, 29);
}

// A span of __half (or __nv_bfloat16) is read as ordo::half (ordo::bfloat16):
// the same bits in, the same ranks, permutations and bits out, on both backends.
template <class Cuda16, class Ordo16, class Space>
void check_cuda_16(Space& sp, const std::string& shape, std::size_t n) {
  static_assert(sizeof(Cuda16) == 2 && ordo::detail::is_narrow_key_v<Cuda16>);
  static_assert(std::is_same_v<ordo::detail::key_alias_t<Cuda16>, Ordo16>);
  const auto v = make_keys<Ordo16>(shape, n, n + 3);
  const std::string tag = std::string(ordo::type_name<Cuda16>()) + " as CUDA's type " + shape + " n=" + std::to_string(n);
  auto d = sp.put(v);
  auto as_cuda = [&](auto& b) { return std::span<Cuda16>(reinterpret_cast<Cuda16*>(Space::ptr(b)), n); };
  // rank
  auto r = sp.put(std::vector<double>(n));
  ordo::rank(sp.exec, std::span<const Cuda16>(as_cuda(d)), std::span<double>(Space::ptr(r), n));
  expect_ranks(sp.get(r), reference_rank(widen_all<Ordo16>(v), ordo::rank_options{}), tag + " rank");
  // sort_idx with sorted keys
  const auto p = ref_perm<Ordo16>(v, false);
  auto perm = sp.put(std::vector<std::uint32_t>(n));
  auto sk = sp.put(std::vector<Ordo16>(n));
  ordo::sort_idx(sp.exec, std::span<const Cuda16>(as_cuda(d)), std::span<std::uint32_t>(Space::ptr(perm), n),
                 as_cuda(sk));
  expect_same(sp.get(perm), p, tag + " sort_idx perm");
  expect_same_keys<Ordo16>(sp.get(sk), permuted(v, p), tag + " sort_idx keys");
  // segmented sort, fixed-length segments, descending
  const std::size_t len = 100;
  auto ko = sp.put(std::vector<Ordo16>(n));
  ordo::segmented_sort_options o;
  o.order = ordo::sort_order::descending;
  ordo::segmented_sort(sp.exec, std::span<const Cuda16>(as_cuda(d)), as_cuda(ko), ordo::fixed_length(len), o);
  auto want = v;
  for (std::size_t b = 0; b < n; b += len) {
    std::vector<Ordo16> part(v.begin() + std::ptrdiff_t(b), v.begin() + std::ptrdiff_t(std::min(n, b + len)));
    const auto ps = permuted(part, ref_perm<Ordo16>(part, true));
    std::copy(ps.begin(), ps.end(), want.begin() + std::ptrdiff_t(b));
  }
  expect_same_keys<Ordo16>(sp.get(ko), want, tag + " segmented_sort");
  // the adaptive sort in place, and the radius
  auto s = sp.put(v);
  ordo::sort(sp.exec, as_cuda(s));
  expect_same_keys<Ordo16>(sp.get(s), permuted(v, p), tag + " sort");
  EXPECT_EQ(ordo::radius(sp.exec, std::span<const Cuda16>(as_cuda(d))), ref_radius<Ordo16>(v, false)) << tag;
}

class NarrowCudaTypesGpu : public ::testing::Test {
 protected:
  void SetUp() override { ORDO_REQUIRE_GPU(); }
};

TEST_F(NarrowCudaTypesGpu, HalfAndBfloat16Spans) {
  device_narrow_space sp{};
  for (const char* shape : {"random", "special", "few"})
    for (std::size_t n : {0, 1, 257, 4097, 100000}) {
      check_cuda_16<__half, ordo::half, device_narrow_space>(sp, shape, n);
      check_cuda_16<__nv_bfloat16, ordo::bfloat16, device_narrow_space>(sp, shape, n);
    }
}

// The host backend takes CUDA's types as well (no GPU needed for it).
TEST(NarrowCudaTypesCpu, HalfAndBfloat16Spans) {
  host_narrow_space sp{ordo::cpu{}};
  for (const char* shape : {"random", "special"})
    for (std::size_t n : {0, 1, 257, 100000}) {
      check_cuda_16<__half, ordo::half, host_narrow_space>(sp, shape, n);
      check_cuda_16<__nv_bfloat16, ordo::bfloat16, host_narrow_space>(sp, shape, n);
    }
}

}  // namespace
}  // namespace ordo_test::narrow
