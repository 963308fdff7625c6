// ordo::rank over key columns on the GPU, element by element against the
// tuple reference (common/multikey_rank_cases.hpp): 1 to 8 columns with
// whole-row ties, NaN, -0.0/+0.0, +-inf, integer extremes; every method,
// direction, na_option and pct; every rank type; n from 1 to past 2^21.
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "common/multikey_rank_cases.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/multikey_rank.hpp"

namespace ordo_test {
namespace {

struct device_case {
  ordo::device_buffer<std::int32_t> a;
  ordo::device_buffer<double> b;
  ordo::device_buffer<std::uint64_t> c;
  ordo::device_buffer<float> d;
  ordo::device_buffer<std::int64_t> e;
  explicit device_case(const multikey_case& k)
      : a{std::span<const std::int32_t>(k.a)}, b{std::span<const double>(k.b)}, c{std::span<const std::uint64_t>(k.c)},
        d{std::span<const float>(k.d)}, e{std::span<const std::int64_t>(k.e)} {}
  std::vector<ordo::sort_key> keys(const multikey_spec& s) const {
    return multikey_keys(s, a.span(), b.span(), c.span(), d.span(), e.span());
  }
};

// want: multikey_want(k, s, o), computed once for every rank type.
template <class R>
void expect_matches(const multikey_case& k, const device_case& dk, const multikey_spec& s, const ordo::rank_options& o,
                    const std::vector<double>& want) {
  const std::size_t n = k.a.size();
  const auto cols = dk.keys(s);
  std::vector<R> got(n, gpu_poison<R>());
  ordo::device_buffer<R> d_out{std::span<const R>(got)};
  ordo::rank(ordo::cuda{}, std::span<const ordo::sort_key>(cols), d_out.span(), o);
  ordo::detail::device_synchronize();
  d_out.download(got);
  const std::size_t i = first_difference(got, want);
  ASSERT_EQ(i, n) << "n=" << n << " columns " << spec_name(s) << " " << options_name(o) << ": row " << i << " got "
                  << double(got[i]) << " want " << want[i];
}

TEST(MultikeyRankGpu, EveryOption) {
  ORDO_REQUIRE_GPU();
  for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(17), std::size_t(1000), std::size_t(40009)}) {
    const multikey_case k = make_multikey_case(n, 100 + n);
    const device_case dk(k);
    for (const multikey_spec& s : multikey_specs())
      for (const ordo::rank_options& o : multikey_option_grid()) expect_matches<double>(k, dk, s, o, multikey_want(k, s, o));
  }
}

TEST(MultikeyRankGpu, LargeAndEveryRankType) {
  ORDO_REQUIRE_GPU();
  const std::vector<ordo::rank_options> grid = multikey_option_grid();
  const std::size_t n = (std::size_t(1) << 21) + 1;
  const multikey_case k = make_multikey_case(n, 21);
  const device_case dk(k);
  std::size_t point = 0;
  for (const multikey_spec& s : multikey_specs())
    for (std::size_t j = 0; j < 4; ++j) {
      const ordo::rank_options& o = grid[(point++ * 13) % grid.size()];
      const std::vector<double> want = multikey_want(k, s, o);
      expect_matches<double>(k, dk, s, o, want);
      expect_matches<float>(k, dk, s, o, want);
      if (o.method != ordo::rank_method::average && !o.pct) {
        expect_matches<std::uint32_t>(k, dk, s, o, want);
        expect_matches<std::uint64_t>(k, dk, s, o, want);
      }
    }
}

// One column equals the GPU's rank() of it, for every option.
TEST(MultikeyRankGpu, OneColumnIsRank) {
  ORDO_REQUIRE_GPU();
  const multikey_case k = make_multikey_case(70001, 9);
  const device_case dk(k);
  const multikey_spec s{{1}, {false}};
  const auto cols = dk.keys(s);
  for (const ordo::rank_options& o : multikey_option_grid()) {
    ordo::device_buffer<double> multi(k.b.size()), single(k.b.size());
    ordo::rank(ordo::cuda{}, std::span<const ordo::sort_key>(cols), multi.span(), o);
    ordo::rank(ordo::cuda{}, std::as_const(dk.b).span(), single.span(), o);
    ordo::detail::device_synchronize();
    std::vector<double> m(k.b.size()), r(k.b.size());
    multi.download(m);
    single.download(r);
    const std::size_t i = first_difference(m, r);
    ASSERT_EQ(i, m.size()) << options_name(o) << ": row " << i << " columns " << m[i] << " rank() " << r[i];
  }
}

}  // namespace
}  // namespace ordo_test
