// The merge tile kernel under each staging form its policy can name (a plain
// load-store loop, or a full tile's loads at once) and several tiles, odd item counts (unpadded shared memory)
// among them: keys alone and with 4- and 8-byte values, against std::stable_sort
// of the concatenation (a's element first on ties). Partial first and last
// tiles, empty sides, and keys with many ties. Named *Small* for the
// compute-sanitizer subset.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "gpu/device_space.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/cuda/primitives.cuh"

namespace {

using namespace ordo_test;
namespace prim = ordo::detail::prim;

std::vector<std::uint32_t> sorted_keys(std::size_t n, std::uint32_t range, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<std::uint32_t> v(n);
  for (auto& x : v) x = std::uint32_t(g() % range);
  std::sort(v.begin(), v.end());
  return v;
}

// Values are positions in a ++ b, so the expected output is the stable sort
// of a ++ b by key.
template <class P, class V>
void check_policy(device_space& sp, std::size_t na, std::size_t nb, std::uint32_t range, bool values) {
  const std::string what = "merge " + std::to_string(P::threads) + "x" + std::to_string(P::items) + " batch " +
                           std::to_string(P::load_batch) + " values " + std::to_string(values ? sizeof(V) : 0) +
                           " na " + std::to_string(na) + " nb " + std::to_string(nb) + " range " +
                           std::to_string(range);
  const auto a = sorted_keys(na, range, na * 31 + nb), b = sorted_keys(nb, range, nb * 17 + na + 1);
  std::vector<V> av(na), bv(nb);
  std::iota(av.begin(), av.end(), V(0));
  std::iota(bv.begin(), bv.end(), V(na));
  std::vector<std::uint32_t> all(a);
  all.insert(all.end(), b.begin(), b.end());
  std::vector<V> want_v(na + nb);
  std::iota(want_v.begin(), want_v.end(), V(0));
  std::stable_sort(want_v.begin(), want_v.end(), [&](V x, V y) { return all[std::size_t(x)] < all[std::size_t(y)]; });
  std::vector<std::uint32_t> want_k(na + nb);
  for (std::size_t i = 0; i < want_k.size(); ++i) want_k[i] = all[std::size_t(want_v[i])];

  auto da = sp.buf(a.empty() ? std::vector<std::uint32_t>{0} : a);
  auto db = sp.buf(b.empty() ? std::vector<std::uint32_t>{0} : b);
  auto dav = sp.buf(av.empty() ? std::vector<V>{0} : av);
  auto dbv = sp.buf(bv.empty() ? std::vector<V>{0} : bv);
  const std::size_t n = na + nb;
  auto dk = sp.buf(std::vector<std::uint32_t>(n + 1, 0xdeadbeefu));
  auto dv = sp.buf(std::vector<V>(n + 1, V(0x5a5a5a5a)));
  ordo::detail::launch_merge_path<P, std::uint32_t, V>(sp.exec, da.data(), values ? dav.data() : nullptr, db.data(),
                                                       values ? dbv.data() : nullptr, prim::merge_plan{na, nb, 0}, n,
                                                       dk.data(), values ? dv.data() : nullptr, ordo::less{});
  auto got_k = sp.get(dk);
  ASSERT_EQ(got_k[n], 0xdeadbeefu) << what << ": wrote past the end";
  got_k.resize(n);
  ASSERT_EQ(got_k, want_k) << what;
  if (!values) return;
  auto got_v = sp.get(dv);
  ASSERT_EQ(got_v[n], V(0x5a5a5a5a)) << what << ": wrote a value past the end";
  got_v.resize(n);
  ASSERT_EQ(got_v, want_v) << what;
}

template <class P>
void check_shapes(device_space& sp) {
  const std::pair<std::size_t, std::size_t> sizes[] = {{0, 5},         {1, 0},         {100, 37},     {P::tile, P::tile},
                                                       {P::tile - 1, 1}, {3 * P::tile + 7, 2 * P::tile - 5},
                                                       {50000, 70001}};
  for (auto [na, nb] : sizes)
    for (std::uint32_t range : {100u, 1u << 30}) {
      ASSERT_NO_FATAL_FAILURE((check_policy<P, std::uint32_t>(sp, na, nb, range, false)));
      ASSERT_NO_FATAL_FAILURE((check_policy<P, std::uint32_t>(sp, na, nb, range, true)));
      ASSERT_NO_FATAL_FAILURE((check_policy<P, std::uint64_t>(sp, na, nb, range, true)));
    }
}

TEST(MergeTileGpu, SmallStagingForms) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  ASSERT_NO_FATAL_FAILURE(check_shapes<prim::merge_tile_policy>(sp));
  ASSERT_NO_FATAL_FAILURE(check_shapes<prim::merge_wide_tile_policy>(sp));
  ASSERT_NO_FATAL_FAILURE((check_shapes<prim::tile_policy<256, 32, 0>>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_shapes<prim::tile_policy<128, 32, 32>>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_shapes<prim::tile_policy<512, 16, 16>>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_shapes<prim::tile_policy<256, 16, 0>>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_shapes<prim::tile_policy<256, 32, 32>>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_shapes<prim::tile_policy<512, 15, 15>>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_shapes<prim::tile_policy<512, 15, 0>>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_shapes<prim::tile_policy<256, 31, 31>>(sp)));
  ASSERT_NO_FATAL_FAILURE((check_shapes<prim::tile_policy<512, 7, 7>>(sp)));
}

}  // namespace
