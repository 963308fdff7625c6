// Argument checks and the errors for lists that are not forests of lists.
// CPU and GPU report the same fault with the same words: the first offending
// node is the smallest index showing it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "ordo/error.hpp"
#include "ordo/detail/list_checks.hpp"

namespace ordo::detail::list {

inline constexpr std::uint64_t none = ~std::uint64_t(0);

// What a validating pass found; `none` where it found nothing.
struct faults {
  std::uint64_t out_of_range = none;      // smallest i with succ[i] >= n (and not the end marker)
  std::uint64_t shared_successor = none;  // smallest i whose successor has another predecessor
  std::uint64_t cycle = none;             // smallest node on a cycle
  std::uint64_t heads = 0;                // number of nodes without predecessor
  std::uint64_t first_head = none;        // the smallest of them
};

// A successor as the caller wrote it, from its bits (zero- or sign-extended)
// and the width of the index type: signed index types print signed, so -7
// reads -7, not 18446744073709551609 (the backends run on the unsigned type).
inline std::string index_text(std::uint64_t bits, unsigned width, bool is_signed) {
  if (width == 4) {
    const auto u = static_cast<std::uint32_t>(bits);
    return is_signed ? std::to_string(static_cast<std::int32_t>(u)) : std::to_string(u);
  }
  return is_signed ? std::to_string(static_cast<std::int64_t>(bits)) : std::to_string(bits);
}

[[noreturn]] inline void throw_out_of_range(const char* fn, std::uint64_t i, const std::string& succ_i, std::uint64_t n) {
  throw error(errc::invalid_list, std::string(fn) + ": succ[" + std::to_string(i) + "] = " + succ_i +
                                      " is out of range for " + std::to_string(n) +
                                      " nodes (the end of a list is marked by all bits set, -1 for signed indices)");
}
[[noreturn]] inline void throw_shared_successor(const char* fn, std::uint64_t i, std::uint64_t j, std::uint64_t s) {
  throw error(errc::invalid_list, std::string(fn) + ": nodes " + std::to_string(i) + " and " + std::to_string(j) +
                                      " both have successor " + std::to_string(s) + ", so this is not a list");
}
[[noreturn]] inline void throw_cycle(const char* fn, std::uint64_t i) {
  throw error(errc::invalid_list, std::string(fn) + ": node " + std::to_string(i) +
                                      " lies on a cycle (following succ from it never reaches the end marker)");
}
[[noreturn]] inline void throw_unreachable(const char* fn, std::uint64_t heads, std::uint64_t head, std::uint64_t other) {
  throw error(errc::invalid_list, std::string(fn) + ": a single list was asked for, but " + std::to_string(heads) +
                                      " nodes have no predecessor: node " + std::to_string(other) +
                                      " is not reachable from the head, node " + std::to_string(head));
}

}  // namespace ordo::detail::list

namespace ordo::detail::list {

// Throws for the first fault in `f`, in this order: out of range, shared
// successor, cycle, unreachable (shape single). `look` answers the questions
// that name the other party: succ_at(i), other_predecessor(s, i) (smallest
// j != i with succ[j] == s) and second_head(h) (smallest head above h).
// `width` and `signed_index` describe the caller's index type, for the message.
template <class Lookup>
void raise_faults(const char* fn, const faults& f, std::uint64_t n, bool single, Lookup&& look, unsigned width,
                  bool signed_index) {
  if (f.out_of_range != none)
    throw_out_of_range(fn, f.out_of_range, index_text(look.succ_at(f.out_of_range), width, signed_index), n);
  if (f.shared_successor != none) {
    const std::uint64_t s = look.succ_at(f.shared_successor);
    throw_shared_successor(fn, f.shared_successor, look.other_predecessor(s, f.shared_successor), s);
  }
  if (f.cycle != none) throw_cycle(fn, f.cycle);
  if (single && f.heads > 1) throw_unreachable(fn, f.heads, f.first_head, look.second_head(f.first_head));
}

}  // namespace ordo::detail::list
