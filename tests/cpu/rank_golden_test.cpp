// rank against pandas: the golden files in tests/golden (written by
// make_golden.py with pandas Series.rank) are checked against reference_rank
// and against ordo::rank on cpu{1} and cpu{}, for double, float and (where the
// ranks are integral) uint32 and uint64 outputs.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "common/compare.hpp"
#include "common/reference.hpp"
#include "cpu/cpu_cases.hpp"
#include "ordo/rank.hpp"
#include "ordo/types.hpp"

#ifndef ORDO_GOLDEN_DIR
#error "ORDO_GOLDEN_DIR must name tests/golden"
#endif

namespace ordo_test {
namespace {

using json = nlohmann::json;

json load(const std::string& dtype) {
  const std::string path = std::string(ORDO_GOLDEN_DIR) + "/rank_" + dtype + ".json";
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  return json::parse(in);
}

template <class K>
std::vector<K> parse_keys(const json& j) {
  std::vector<K> keys;
  for (const json& k : j) {
    if constexpr (std::is_floating_point_v<K>) keys.push_back(K(std::strtod(k.get<std::string>().c_str(), nullptr)));
    else keys.push_back(k.get<K>());
  }
  return keys;
}

std::vector<double> parse_ranks(const json& j) {
  std::vector<double> out;
  for (const json& r : j) out.push_back(r.is_null() ? std::numeric_limits<double>::quiet_NaN() : r.get<double>());
  return out;
}

// "first/desc/top/pct" -> options
ordo::rank_options parse_label(const std::string& label) {
  std::vector<std::string> part;
  std::stringstream s(label);
  for (std::string p; std::getline(s, p, '/');) part.push_back(p);
  if (part.size() != 4) throw std::runtime_error("bad label " + label);
  return {ordo::parse_rank_method(part[0].c_str()), part[1] == "asc", ordo::parse_na_option(part[2].c_str()),
          part[3] == "pct"};
}

template <class T>
std::string show_all(const std::vector<T>& v) {
  std::ostringstream s;
  s << "[";
  for (std::size_t i = 0; i < v.size(); ++i) s << (i ? " " : "") << show_value(v[i]);
  s << "]";
  return s.str();
}

template <class R, class K>
void expect_ordo(const ordo::cpu& exec, const std::vector<K>& keys, const ordo::rank_options& o,
                 const std::vector<double>& want, const std::string& where) {
  const std::vector<R> got = run_rank<R>(exec, keys, o);
  EXPECT_TRUE(ranks_match(got, want, keys))
      << where << " ordo::rank<" << ordo::type_name<R>() << "> on " << exec_name(exec) << "\n  keys   "
      << show_all(keys) << "\n  ordo   " << show_all(got) << "\n  pandas " << show_all(want);
}

template <class K>
void check_case(const json& c, const std::string& dtype) {
  const std::string name = c.at("name").get<std::string>();
  const std::vector<K> keys = parse_keys<K>(c.at("keys"));
  const std::size_t labels = c.at("ranks").size();
  EXPECT_EQ(labels, std::is_floating_point_v<K> ? 60u : 20u) << dtype << "/" << name;
  for (const auto& [label, ranks] : c.at("ranks").items()) {
    const std::vector<double> want = parse_ranks(ranks);
    ASSERT_EQ(want.size(), keys.size()) << dtype << "/" << name << " " << label;
    ordo::rank_options o = parse_label(label);
    // Integer keys cannot be NaN: the file's 'keep' ranks hold for top and bottom too.
    std::vector<ordo::na_option> nas{o.na};
    if constexpr (!std::is_floating_point_v<K>) nas = {ordo::na_option::keep, ordo::na_option::top, ordo::na_option::bottom};
    for (ordo::na_option na : nas) {
      o.na = na;
      const std::string where = dtype + " case '" + name + "' " + describe(o) + ":";
      EXPECT_TRUE(ranks_match(reference_rank(keys, o), want, keys))
          << where << " reference_rank\n  keys   " << show_all(keys) << "\n  ref    "
          << show_all(reference_rank(keys, o)) << "\n  pandas " << show_all(want);
      for (const ordo::cpu& exec : {ordo::cpu{1}, ordo::cpu{}}) {
        expect_ordo<double>(exec, keys, o, want, where);
        expect_ordo<float>(exec, keys, o, want, where);
        if (!o.pct && o.method != ordo::rank_method::average) {
          expect_ordo<std::uint64_t>(exec, keys, o, want, where);
          expect_ordo<std::uint32_t>(exec, keys, o, want, where);
        }
      }
    }
  }
}

class RankGolden : public ::testing::TestWithParam<const char*> {};

TEST_P(RankGolden, MatchesPandas) {
  const std::string dtype = GetParam();
  const json doc = load(dtype);
  ASSERT_EQ(doc.at("dtype").get<std::string>(), dtype);
  ASSERT_FALSE(doc.at("cases").empty());
  const std::string key_type = dtype == "float64" ? "double" : dtype == "float32" ? "float" : dtype;
  const bool known = ordo::visit_key_type(key_type.c_str(), [&](auto k) {
    if constexpr (!ordo::detail::is_narrow_key_v<decltype(k)>)  // the golden files hold the six wide types
      for (const json& c : doc.at("cases")) check_case<decltype(k)>(c, dtype);
  });
  EXPECT_TRUE(known) << dtype;
}

INSTANTIATE_TEST_SUITE_P(Pandas, RankGolden,
                         ::testing::Values("float64", "float32", "int64", "int32", "uint64", "uint32"),
                         [](const auto& info) { return std::string(info.param); });

}  // namespace
}  // namespace ordo_test
