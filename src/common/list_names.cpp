// Spelling of the list-ranking options and of the scan operators, as the CLI,
// the benchmark and the Python module use it.
#include <cstring>
#include <string>

#include "ordo/list_rank.hpp"
#include "ordo/ops.hpp"

namespace ordo {

const char* op_name(plus) noexcept { return "plus"; }
const char* op_name(minimum) noexcept { return "min"; }
const char* op_name(maximum) noexcept { return "max"; }

const char* to_string(list_variant v) noexcept {
  switch (v) {
    case list_variant::automatic: return "auto";
    case list_variant::sequential: return "sequential";
    case list_variant::helman_jaja: return "helman_jaja";
    case list_variant::wyllie: return "wyllie";
    case list_variant::rhj: return "rhj";
    case list_variant::single_block: return "single_block";
  }
  return "?";
}

list_variant parse_list_variant(const char* s) {
  for (auto v : {list_variant::automatic, list_variant::sequential, list_variant::helman_jaja, list_variant::wyllie,
                 list_variant::rhj, list_variant::single_block})
    if (!std::strcmp(s, to_string(v))) return v;
  throw error(errc::invalid_argument,
              std::string("unknown list variant '") + s +
                  "' (expected auto, sequential, helman_jaja, wyllie, rhj or single_block)");
}

const char* to_string(list_runs r) noexcept {
  switch (r) {
    case list_runs::detect: return "detect";
    case list_runs::contract: return "contract";
    case list_runs::keep: return "keep";
  }
  return "?";
}

list_runs parse_list_runs(const char* s) {
  for (auto r : {list_runs::detect, list_runs::contract, list_runs::keep})
    if (!std::strcmp(s, to_string(r))) return r;
  throw error(errc::invalid_argument,
              std::string("unknown list runs option '") + s + "' (expected detect, contract or keep)");
}

}  // namespace ordo
