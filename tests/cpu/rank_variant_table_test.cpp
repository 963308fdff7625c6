// rank_variant_table (include/ordo/rank_variants.hpp) is what dispatch, the
// CLI and the docs read: the table docs/algorithms.md shows must be this one,
// row for row, and each backend's automatic must be the table's pick.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "ordo/rank.hpp"

namespace {

// The table as docs/algorithms.md writes it: one row per variant, one column
// per method; "auto" where automatic picks it, "yes" where it computes the
// method, "-" where it refuses it. CPU rows say with how many threads.
std::string table_markdown() {
  std::ostringstream s;
  s << "| variant | backend |";
  for (ordo::rank_method m : ordo::all_rank_methods) s << ' ' << ordo::to_string(m) << " |";
  s << "\n| --- | --- |";
  for (std::size_t i = 0; i < std::size(ordo::all_rank_methods); ++i) s << " --- |";
  s << '\n';
  for (const ordo::rank_variant_row& r : ordo::rank_variant_table) {
    const char* when = r.when == ordo::rank_threads::one       ? "auto (1 thread)"
                       : r.when == ordo::rank_threads::several ? "auto (threads > 1)"
                                                               : "auto";
    s << "| `" << r.name << "` | " << (r.variant.is_gpu() ? "GPU" : "CPU") << " |";
    for (ordo::rank_method m : ordo::all_rank_methods)
      s << ' ' << (r.automatic_for.has(m) ? when : r.methods.has(m) ? "yes" : "-") << " |";
    s << '\n';
  }
  return s.str();
}

std::string docs_table() {
  std::ifstream in(ORDO_DOCS_DIR "/algorithms.md");
  const std::string begin = "<!-- rank_variant_table: begin", end = "<!-- rank_variant_table: end -->";
  std::string line, out;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line.rfind(end, 0) == 0) break;
    if (inside) out += line + '\n';
    if (line.rfind(begin, 0) == 0) inside = true;
  }
  return out;
}

TEST(RankVariantTable, DocsShowTheCodesTable) {
  EXPECT_EQ(docs_table(), table_markdown())
      << "docs/algorithms.md's rank_sorted table differs from rank_variant_table; paste this between its markers:\n"
      << table_markdown();
}

TEST(RankVariantTable, ChosenVariantIsTheTablesPick) {
  for (ordo::rank_method m : ordo::all_rank_methods) {
    EXPECT_EQ(ordo::chosen_variant(ordo::cpu{1}, {.method = m}), ordo::cpu_rank_variant::sequential);
    EXPECT_EQ(ordo::chosen_variant(ordo::cpu{4}, {.method = m}), ordo::cpu_rank_variant::parallel_search);
    EXPECT_EQ(ordo::detail::automatic_gpu_rank_variant(m),
              m == ordo::rank_method::dense ? ordo::gpu_rank_variant::scan : ordo::gpu_rank_variant::block_search);
  }
  EXPECT_EQ(ordo::chosen_variant(ordo::cpu{4}, {.variant = ordo::cpu_rank_variant::sequential}),
            ordo::cpu_rank_variant::sequential);
  EXPECT_THROW(ordo::chosen_variant(ordo::cpu{}, {.variant = ordo::gpu_rank_variant::hybrid}), ordo::error);
}

TEST(RankVariantTable, NamesRoundTrip) {
  EXPECT_STREQ(ordo::to_string(ordo::rank_variant{}), "auto");
  EXPECT_TRUE(ordo::parse_rank_variant("auto").is_automatic());
  for (const ordo::rank_variant_row& r : ordo::rank_variant_table) {
    EXPECT_EQ(ordo::parse_rank_variant(r.name), r.variant) << r.name;
    EXPECT_STREQ(ordo::to_string(r.variant), r.name);
  }
  EXPECT_STREQ(ordo::to_string(ordo::gpu_rank_variant::block_search), "block_search");
  EXPECT_STREQ(ordo::to_string(ordo::cpu_rank_variant::parallel_search), "parallel_search");
  try {
    ordo::parse_rank_variant("fast");
    ADD_FAILURE() << "no error";
  } catch (const ordo::error& e) {
    EXPECT_STREQ(e.what(), "ordo: unknown rank variant 'fast' (expected auto, sequential, parallel_search, naive, shuffle, "
                           "hybrid, block_search, lookback or scan)");
  }
}

}  // namespace
