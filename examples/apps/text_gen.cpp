// Seeded test and benchmark texts for the suffix array application.
#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "suffix_array.hpp"

namespace ordo_apps {

// Random ACGT, then repeats: stretches copied from earlier in the text (up to
// 2000 bases, 1% point mutations), as genomes carry them. Repeats are what
// make suffix sorting hard: long common prefixes need many doubling rounds.
std::vector<std::uint8_t> dna_like_text(std::uint64_t n, std::uint64_t seed) {
  static constexpr char bases[4] = {'A', 'C', 'G', 'T'};
  std::mt19937_64 g(seed);
  std::vector<std::uint8_t> t(n);
  for (auto& c : t) c = std::uint8_t(bases[g() & 3]);
  if (n < 64) return t;
  const std::uint64_t repeats = n / 20000 + 1;
  for (std::uint64_t r = 0; r < repeats; ++r) {
    const std::uint64_t len = std::min<std::uint64_t>(n / 4, 50 + g() % 1950);
    const std::uint64_t from = g() % (n - len), to = g() % (n - len);
    std::copy_n(t.begin() + std::ptrdiff_t(from), len, t.begin() + std::ptrdiff_t(to));
    for (std::uint64_t k = 0; k < len / 100; ++k) t[to + g() % len] = std::uint8_t(bases[g() & 3]);
  }
  return t;
}

// Words of 1-12 lowercase letters from a vocabulary of 5000, drawn with
// Zipf(1) frequencies, separated by spaces, with a newline now and then.
std::vector<std::uint8_t> word_like_text(std::uint64_t n, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<std::string> vocab(5000);
  for (auto& w : vocab) {
    w.resize(1 + g() % 12);
    for (auto& c : w) c = char('a' + g() % 26);
  }
  std::vector<double> cdf(vocab.size());
  double acc = 0;
  for (std::size_t r = 0; r < vocab.size(); ++r) cdf[r] = acc += 1.0 / double(r + 1);
  std::vector<std::uint8_t> t;
  t.reserve(n);
  while (t.size() < n) {
    const double u = double(g() >> 11) * 0x1.0p-53 * acc;
    const auto& w = vocab[std::size_t(std::lower_bound(cdf.begin(), cdf.end(), u) - cdf.begin())];
    for (char c : w) t.push_back(std::uint8_t(c));
    t.push_back(g() % 16 == 0 ? '\n' : ' ');
  }
  t.resize(n);
  return t;
}

}  // namespace ordo_apps
