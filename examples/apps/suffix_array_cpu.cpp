// PDSS-SA on the CPU backend (ordo::cpu): the template of suffix_array_pdss.hpp.
#include <omp.h>

#include "suffix_array_pdss.hpp"

namespace ordo_apps {
namespace pdss {

std::array<bool, 256> bytes_present(const ordo::cpu& exec, std::span<const u8> text) {
  std::array<bool, 256> seen{};
  const std::int64_t n = static_cast<std::int64_t>(text.size());
#pragma omp parallel num_threads(exec.resolved_threads()) if (n >= (1 << 16))
  {
    std::array<bool, 256> mine{};
#pragma omp for schedule(static) nowait
    for (std::int64_t i = 0; i < n; ++i) mine[text[i]] = true;
#pragma omp critical
    for (int c = 0; c < 256; ++c) seen[c] = seen[c] || mine[c];
  }
  return seen;
}

}  // namespace pdss

suffix_array_stats suffix_array(const ordo::cpu& exec, std::span<const std::uint8_t> text,
                                std::span<std::uint32_t> sa) {
  return pdss::suffix_array(exec, text, sa);
}

}  // namespace ordo_apps
