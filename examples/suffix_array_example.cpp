// Suffix array of a generated DNA-like or word-like text (or a file), by
// prefix doubling over ordo's segmented sort, on the GPU where there is one.
//   suffix_array_example [--text dna|words|FILE] [--n N] [--device cpu|cuda] [--seed S]
// Checks the result against the sequential reference and prints the time.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "apps/suffix_array.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/error.hpp"
#include "example_main.hpp"

namespace {

std::vector<std::uint8_t> load(const std::string& what, std::uint64_t n, std::uint64_t seed) {
  if (what == "dna") return ordo_apps::dna_like_text(n, seed);
  if (what == "words") return ordo_apps::word_like_text(n, seed);
  std::ifstream f(what, std::ios::binary);
  if (!f) throw ordo::error(ordo::errc::io_error, "cannot open " + what);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
  std::string text_kind = "dna", device = ordo::cuda_available() ? "cuda" : "cpu";
  std::uint64_t n = 1 << 20, seed = 1;
  if (!read_flags(argc, argv,
                  {{"--text", sets(text_kind)}, {"--n", sets(n)}, {"--device", sets(device)}, {"--seed", sets(seed)}},
                  "[--text dna|words|FILE] [--n N] [--device cpu|cuda] [--seed S]"))
    return 2;
  try {
    if (skip_without_gpu(device)) return 0;
    const std::vector<std::uint8_t> text = load(text_kind, n, seed);
    std::vector<std::uint32_t> sa(text.size());
    ordo_apps::suffix_array_stats st;
    const auto t0 = std::chrono::steady_clock::now();
    if (device == "cuda") {
#if defined(ORDO_HAS_CUDA)
      ordo::device_buffer<std::uint8_t> d_text{std::span<const std::uint8_t>(text)};
      ordo::device_buffer<std::uint32_t> d_sa(text.size());
      st = ordo_apps::suffix_array(ordo::cuda{}, d_text.span(), d_sa.span());
      d_sa.download(std::span<std::uint32_t>(sa));
#else
      throw ordo::error(ordo::errc::not_supported, "built without CUDA");
#endif
    } else {
      st = ordo_apps::suffix_array(ordo::cpu{}, std::span<const std::uint8_t>(text), std::span<std::uint32_t>(sa));
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    const bool ok = sa == ordo_apps::suffix_array_reference(text);
    std::printf("suffix array of %zu bytes (%s) on %s: %.2f ms, %u chars packed, %u doubling rounds, "
                "%llu groups of %llu suffixes sorted; %s\n",
                text.size(), text_kind.c_str(), device.c_str(), ms, st.packed_chars, st.rounds,
                static_cast<unsigned long long>(st.segments_sorted),
                static_cast<unsigned long long>(st.sorted_elements), ok ? "matches the reference" : "MISMATCH");
    std::printf("first suffixes:");
    for (std::size_t j = 0; j < sa.size() && j < 5; ++j) std::printf(" %u", sa[j]);
    std::printf("\n");
    return ok ? 0 : 1;
  } catch (const ordo::error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
