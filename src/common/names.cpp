// Spelling of options as the CLI, the benchmark and the Python module use it.
#include <cstring>
#include <string>

#include "ordo/rank.hpp"

namespace ordo {

const char* to_string(rank_method m) noexcept {
  switch (m) {
    case rank_method::min: return "min";
    case rank_method::max: return "max";
    case rank_method::dense: return "dense";
    case rank_method::ordinal: return "ordinal";
    case rank_method::average: return "average";
  }
  return "?";
}

rank_method parse_rank_method(const char* s) {
  if (!std::strcmp(s, "min")) return rank_method::min;
  if (!std::strcmp(s, "max")) return rank_method::max;
  if (!std::strcmp(s, "dense")) return rank_method::dense;
  if (!std::strcmp(s, "ordinal") || !std::strcmp(s, "first")) return rank_method::ordinal;
  if (!std::strcmp(s, "average")) return rank_method::average;
  throw error(errc::invalid_argument, std::string("unknown rank method '") + s +
                                          "' (expected min, max, dense, ordinal/first or average)");
}

const char* to_string(rank_variant v) noexcept {
  switch (v) {
    case rank_variant::automatic: return "auto";
    case rank_variant::sequential: return "sequential";
    case rank_variant::parallel_search: return "parallel_search";
    case rank_variant::naive: return "naive";
    case rank_variant::shuffle: return "shuffle";
    case rank_variant::hybrid: return "hybrid";
    case rank_variant::block_search: return "block_search";
    case rank_variant::lookback: return "lookback";
    case rank_variant::scan: return "scan";
  }
  return "?";
}

rank_variant parse_rank_variant(const char* s) {
  for (auto v : {rank_variant::automatic, rank_variant::sequential, rank_variant::parallel_search,
                 rank_variant::naive, rank_variant::shuffle, rank_variant::hybrid,
                 rank_variant::block_search, rank_variant::lookback, rank_variant::scan})
    if (!std::strcmp(s, to_string(v))) return v;
  throw error(errc::invalid_argument,
              std::string("unknown rank variant '") + s +
                  "' (expected auto, sequential, parallel_search, naive, shuffle, hybrid, block_search, lookback or scan)");
}

const char* to_string(rank_unsorted_variant v) noexcept {
  switch (v) {
    case rank_unsorted_variant::automatic: return "auto";
    case rank_unsorted_variant::sort_back: return "sort_back";
    case rank_unsorted_variant::msd_replay: return "msd_replay";
  }
  return "?";
}

rank_unsorted_variant parse_rank_unsorted_variant(const char* s) {
  for (auto v : {rank_unsorted_variant::automatic, rank_unsorted_variant::sort_back, rank_unsorted_variant::msd_replay})
    if (!std::strcmp(s, to_string(v))) return v;
  throw error(errc::invalid_argument,
              std::string("unknown rank() variant '") + s + "' (expected auto, sort_back or msd_replay)");
}

const char* to_string(na_option v) noexcept {
  switch (v) {
    case na_option::keep: return "keep";
    case na_option::top: return "top";
    case na_option::bottom: return "bottom";
  }
  return "?";
}

na_option parse_na_option(const char* s) {
  if (!std::strcmp(s, "keep")) return na_option::keep;
  if (!std::strcmp(s, "top")) return na_option::top;
  if (!std::strcmp(s, "bottom")) return na_option::bottom;
  throw error(errc::invalid_argument, std::string("unknown na option '") + s + "' (expected keep, top or bottom)");
}

}  // namespace ordo
