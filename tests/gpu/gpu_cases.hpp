// What the GPU tests share: skip with a visible message where no GPU exists,
// run ordo on device copies of host vectors (output poisoned first), and the
// variants each method can be run with.
#pragma once
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "ordo/device_buffer.hpp"
#include "ordo/rank.hpp"

#define ORDO_REQUIRE_GPU()                                                     \
  do {                                                                         \
    if (!ordo::cuda_available()) GTEST_SKIP() << "no CUDA device: GPU test skipped"; \
  } while (0)

namespace ordo_test {

// The fixture of every typed GPU suite: SetUp skips each test, with the
// message, where no GPU is visible, so the test bodies need not.
template <class T>
class gpu_typed_test : public ::testing::Test {
 protected:
  void SetUp() override { ORDO_REQUIRE_GPU(); }
};

// ORDO_TYPED_SUITE (common/type_lists.hpp) on gpu_typed_test.
#define ORDO_GPU_TYPED_SUITE(Suite, types)               \
  template <class T>                                    \
  using Suite = ::ordo_test::gpu_typed_test<T>;         \
  TYPED_TEST_SUITE(Suite, types, ::ordo_test::type_names)

template <class R>
R gpu_poison() {
  if constexpr (std::is_floating_point_v<R>) return R(-12345.5);
  else return std::numeric_limits<R>::max() - 7;
}

template <class R, class K, class Options, class Fn>
std::vector<R> run_on_gpu(const std::vector<K>& keys, const Options& o, Fn&& fn) {
  ordo::device_buffer<K> d_keys(std::span<const K>(keys.data(), keys.size()));
  std::vector<R> out(keys.size(), gpu_poison<R>());
  ordo::device_buffer<R> d_out(std::span<const R>(out.data(), out.size()));
  fn(ordo::cuda{}, std::span<const K>(d_keys.data(), keys.size()), std::span<R>(d_out.data(), out.size()), o);
  ordo::detail::device_synchronize();
  d_out.download(out);
  return out;
}

template <class R, class K>
std::vector<R> gpu_rank_sorted(const std::vector<K>& keys, const ordo::rank_sorted_options& o) {
  return run_on_gpu<R>(keys, o, [](auto exec, auto k, auto r, auto& opt) { ordo::rank_sorted(exec, k, r, opt); });
}

template <class R, class K>
std::vector<R> gpu_rank(const std::vector<K>& keys, const ordo::rank_options& o) {
  return run_on_gpu<R>(keys, o, [](auto exec, auto k, auto r, auto& opt) { ordo::rank(exec, k, r, opt); });
}

// Variants that compute `m` (see rank.hpp); automatic does all of them.
inline std::vector<ordo::gpu_rank_variant> gpu_variants_for(ordo::rank_method m) {
  using v = ordo::gpu_rank_variant;
  using mm = ordo::rank_method;
  switch (m) {
    case mm::min: return {v::automatic, v::naive, v::shuffle, v::hybrid, v::block_search, v::lookback};
    case mm::max: return {v::automatic, v::naive, v::shuffle, v::hybrid, v::block_search};
    case mm::dense: return {v::automatic, v::lookback, v::scan};
    case mm::average: return {v::automatic, v::block_search, v::lookback};
    case mm::ordinal: return {v::automatic, v::block_search, v::naive};
  }
  return {};
}

}  // namespace ordo_test
