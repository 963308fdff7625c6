// An independent reference for list ranking and list scan, and the faults a
// successor array can have, written the plainest way (predecessor array, then
// a walk from each head) so it shares no code with ordo's implementations.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace ordo_test {

template <class Index>
std::uint64_t as_u64(Index s) {
  return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<Index>>(s));
}

// Inclusive prefix of op along each list. The input must be a forest of lists.
template <class Index, class T, class Op>
std::vector<T> reference_list_scan(const std::vector<Index>& succ, const std::vector<T>& v, Op op) {
  const std::size_t n = succ.size();
  std::vector<char> has_pred(n, 0);
  for (auto s : succ)
    if (as_u64(s) < n) has_pred[as_u64(s)] = 1;
  std::vector<T> out(n);
  for (std::size_t h = 0; h < n; ++h) {
    if (has_pred[h]) continue;
    T acc = v[h];
    out[h] = acc;
    for (std::uint64_t x = as_u64(succ[h]); x < n; x = as_u64(succ[x])) out[x] = acc = op(acc, v[x]);
  }
  return out;
}

template <class Index>
std::vector<std::uint64_t> reference_list_rank(const std::vector<Index>& succ) {
  std::vector<std::uint64_t> ones(succ.size(), 1);
  auto r = reference_list_scan(succ, ones, [](std::uint64_t a, std::uint64_t b) { return a + b; });
  for (auto& x : r) --x;
  return r;
}

// The fault ordo must report first, as a substring of its message.
template <class Index>
std::optional<std::string> reference_fault(const std::vector<Index>& succ, bool single) {
  const std::size_t n = succ.size();
  for (std::size_t i = 0; i < n; ++i)
    if (as_u64(succ[i]) != as_u64(Index(-1)) && as_u64(succ[i]) >= n)
      return "succ[" + std::to_string(i) + "] = " + std::to_string(succ[i]) + " is out of range";  // as written: -7 stays -7
  std::vector<std::vector<std::size_t>> preds(n);
  for (std::size_t i = 0; i < n; ++i)
    if (as_u64(succ[i]) < n) preds[as_u64(succ[i])].push_back(i);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& p = preds[as_u64(succ[i]) < n ? as_u64(succ[i]) : 0];
    if (as_u64(succ[i]) < n && p.size() > 1)
      return "nodes " + std::to_string(i) + " and " + std::to_string(p[0] == i ? p[1] : p[0]) + " both have successor " +
             std::to_string(as_u64(succ[i]));
  }
  std::vector<char> seen(n, 0);
  std::vector<std::size_t> heads;
  for (std::size_t h = 0; h < n; ++h) {
    if (!preds[h].empty()) continue;
    heads.push_back(h);
    for (std::uint64_t x = h; x < n; x = as_u64(succ[x])) seen[x] = 1;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!seen[i]) return "node " + std::to_string(i) + " lies on a cycle";
  if (single && heads.size() > 1)
    return "node " + std::to_string(heads[1]) + " is not reachable from the head, node " + std::to_string(heads[0]);
  return std::nullopt;
}

}  // namespace ordo_test
