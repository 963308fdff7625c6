// The split under policies other than the defaults (which ordo::split and
// the PrimitivesGpu suite test): the cp.async ring at several block sizes
// and depths, the early-counts rank, register tiles, and spans off a 16-byte
// boundary (the register fallback, whatever the policy's block size), on 4-
// and 8-byte words, against the reference split. Sizes past the resident
// grid, so that blocks walk their rings. Not *Small*: outside the
// compute-sanitizer subset (the defaults are in it).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "common/primitives_reference.hpp"
#include "common/generators.hpp"
#include "gpu/device_space.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/cuda/primitives.cuh"

namespace {

using namespace ordo_test;
namespace prim = ordo::detail::prim;

template <int T, int I, int PF>
using flags_ring = prim::split_flags_policy<T, I, false, PF>;
template <int T, int I, int PF, bool EARLY = false>
using kway = prim::split_bucket_policy<T, I, PF, EARLY>;

// One split of n words (from element `skip` of the buffers) by flags, or
// into k buckets, under the flags policy FP and the K-way policy BP.
template <class FP, class BP, class W>
void check_split(device_space& sp, std::size_t n, std::size_t skip, unsigned k) {
  const std::string what = std::string(k == 2 ? "flags " : "k=" + std::to_string(k) + " ") + std::to_string(FP::threads) +
                           "x" + std::to_string(FP::items) + " ring " + std::to_string(prim::prefetch_stages<FP>()) +
                           " / " + std::to_string(BP::threads) + "x" + std::to_string(BP::items) + " ring " +
                           std::to_string(prim::prefetch_stages<BP>()) + (prim::early_counts<BP>() ? " early" : "") +
                           " word " + std::to_string(sizeof(W)) + " n " + std::to_string(n) + " skip " +
                           std::to_string(skip);
  rng r(n * 7 + skip + k);
  std::vector<W> in(n + skip);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = W(i * 0x9E3779B97F4A7C15ull + r.below(1u << 20));
  std::vector<std::uint8_t> b(n + skip);
  for (auto& x : b) x = k == 2 ? std::uint8_t(r.uniform() < 0.5 ? 0 : 1 + r.below(255)) : std::uint8_t(r.below(k));
  const std::vector<W> in_n(in.begin() + std::ptrdiff_t(skip), in.end());
  std::vector<std::uint8_t> digit(b.begin() + std::ptrdiff_t(skip), b.end());
  if (k == 2)
    for (auto& x : digit) x = x != 0;
  std::vector<std::uint64_t> want_off;
  const auto want = ref_split(in_n, digit, k, want_off);
  auto d_in = sp.buf(in);
  auto d_b = sp.buf(b);
  auto d_out = sp.buf(std::vector<W>(n + 1, W(0x5a5a5a5a)));
  auto d_off = sp.buf(std::vector<std::uint64_t>(k + 1, 777));
  ordo::detail::split_with<FP, BP>(
      sp.exec, std::span<const W>(d_in.data() + skip, n), std::span<const std::uint8_t>(d_b.data() + skip, n), k,
      k == 2, std::span<W>(d_out.data(), n), std::span<std::uint64_t>(d_off.data(), k == 2 ? 1 : k + 1), false);
  auto got = sp.get(d_out);
  ASSERT_EQ(got[n], W(0x5a5a5a5a)) << what << ": wrote past the end";
  got.resize(n);
  ASSERT_EQ(got, want) << what;
  const auto off = sp.get(d_off);
  if (k == 2) ASSERT_EQ(off[0], want_off[1]) << what << ": zeros";
  else ASSERT_EQ(off, want_off) << what;
}

template <class FP, class BP, class W>
void check_policies(device_space& sp) {
  for (std::size_t n : {std::size_t(1), std::size_t(4095), std::size_t(8193), std::size_t(100003), std::size_t(3000017)})
    for (std::size_t skip : {std::size_t(0), std::size_t(3)})
      for (unsigned k : {2u, 16u, 256u}) ASSERT_NO_FATAL_FAILURE((check_split<FP, BP, W>(sp, n, skip, k)));
}

TEST(PrimitivesSplitPolicyGpu, RingsAndRanks) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  ASSERT_NO_FATAL_FAILURE((check_policies<flags_ring<128, 16, 3>, kway<256, 24, 2, true>, u32>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_policies<flags_ring<512, 8, 2>, kway<512, 16, 2, true>, u32>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_policies<flags_ring<256, 16, 3>, kway<256, 24, 0, true>, u32>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_policies<flags_ring<256, 32, 2>, kway<256, 16, 3>, u64>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_policies<flags_ring<128, 32, 2>, kway<256, 16, 3, true>, u64>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_policies<prim::split_flags_policy<256, 8, true>, kway<512, 8, 2>, u64>(sp)));
}

}  // namespace
