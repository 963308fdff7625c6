// The README's example, built and run by the tests so it stays true.
#include <cmath>
#include <cstdio>
#include <vector>

#include <ordo/ordo.hpp>

int main() {
  std::vector<int> keys{10, 20, 20, 30};  // sorted
  std::vector<std::uint32_t> ranks(keys.size());
  ordo::rank_sorted(ordo::cpu{}, std::span<const int>(keys), std::span<std::uint32_t>(ranks),
                    {.method = ordo::rank_method::min});  // 1 2 2 4

  std::vector<double> x{3.0, 1.0, NAN, 1.0}, r(x.size());
  ordo::rank(ordo::cpu{}, std::span<const double>(x), std::span<double>(r),
             {.method = ordo::rank_method::average, .na = ordo::na_option::keep});  // 3 1.5 nan 1.5

  std::printf("%u %u %u %u | %g %g %g %g\n", ranks[0], ranks[1], ranks[2], ranks[3], r[0], r[1], r[2], r[3]);
  const bool ok = ranks == std::vector<std::uint32_t>{1, 2, 2, 4} && r[0] == 3 && r[1] == 1.5 && std::isnan(r[2]) &&
                  r[3] == 1.5;

  if (ordo::cuda_available()) {  // the same on the GPU
    ordo::device_buffer<int> d_keys{std::span<const int>(keys)};
    ordo::device_buffer<std::uint32_t> d_ranks(keys.size());
    ordo::rank_sorted(ordo::cuda{/*stream=*/nullptr}, d_keys.span(), d_ranks.span());
    std::vector<std::uint32_t> back(keys.size());
    d_ranks.download(back);
    if (back != ranks) return 1;
  }
  return ok ? 0 : 1;
}
