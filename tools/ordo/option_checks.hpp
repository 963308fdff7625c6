// Checks for option values that CLI11 would otherwise take wrongly: a
// negative number given for an unsigned option (--k -1, --n -1,
// --segment-length -1) converts to 2^64 - 1 without a word.
#pragma once
#include <string>

#include <CLI/CLI.hpp>

namespace ordo::tools {

inline const CLI::Validator non_negative(
    [](std::string& s) {
      const auto at = s.find_first_not_of(" \t");
      return at != std::string::npos && s[at] == '-' ? "must not be negative, got " + s : std::string();
    },
    "NONNEGATIVE");

}  // namespace ordo::tools
