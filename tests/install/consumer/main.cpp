// Uses the installed ordo from C++: prints the README's ranks.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

#include <ordo/ordo.hpp>

int main() {
  std::vector<int> keys{10, 20, 20, 30};
  std::vector<std::uint32_t> ranks(keys.size());
  ordo::rank_sorted(ordo::cpu{}, std::span<const int>(keys), std::span<std::uint32_t>(ranks),
                    {.method = ordo::rank_method::min});
  std::printf("consumer: %u %u %u %u (ordo %s)\n", ranks[0], ranks[1], ranks[2], ranks[3], ordo::version);
  return ranks == std::vector<std::uint32_t>{1, 2, 2, 4} ? 0 : 1;
}
