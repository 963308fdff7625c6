// PDSS-SA (seed 004, Sec. 5.1): prefix doubling where each round sorts only
// the groups of suffixes whose order is still open, by segmented sort.
//
//   1. Pack the first c characters of every suffix into a 64-bit key (the
//      alphabet reduced to the bytes present, 0 = past the end) and sort
//      positions by key (ordo::sort). Equal keys form groups.
//   2. A group's rank is 1 + its first position in the current order. Groups
//      of one suffix are done.
//   3. Round with prefix length h: every suffix i of an open group gets the
//      key rank[i + h] (0 past the end); ordo::segmented_sort orders each open
//      group by it, in place, where groups are the segments (by_bounds). Key
//      changes split groups; ranks are rewritten. h doubles, until no group
//      of two or more is left (at most log2(n / c) + 1 rounds).
//   Every step of a round runs over the active positions only (those of open
//   groups, kept as a compacted list), so late rounds cost what is left to
//   sort, not n.
//
// Written once over the execution policy: suffix_array_cpu.cpp and
// suffix_array_cuda.cu instantiate it.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "backend.hpp"
#include "ordo/error.hpp"
#include "ordo/primitives.hpp"
#include "ordo/rough_sort.hpp"  // ordo::sort
#include "ordo/segmented_sort.hpp"
#include "suffix_array.hpp"

namespace ordo_apps::pdss {

using u8 = std::uint8_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

// Which byte values occur in text (one backend-specific pass).
std::array<bool, 256> bytes_present(const ordo::cpu& exec, std::span<const u8> text);
#if defined(ORDO_HAS_CUDA)
std::array<bool, 256> bytes_present(const ordo::cuda& exec, std::span<const u8> text);
#endif

struct pack_prefix {  // key[i] = codes of text[i .. i + chars), first char most significant
  const u8* text;
  const std::uint16_t* code;  // 1..256 for the bytes present
  u64* key;
  u64 n;
  unsigned bits, chars;
  APP_HD void operator()(u64 i) const {
    u64 k = 0;
    for (unsigned t = 0; t < chars; ++t) k = (k << bits) | (i + t < n ? code[text[i + t]] : 0u);
    key[i] = k;
  }
};

struct heads_of_sorted {  // a group starts where the sorted key changes
  const u64* key;
  u8* head;
  APP_HD void operator()(u64 j) const { head[j] = j == 0 || key[j] != key[j - 1]; }
};

struct iota_u32 {
  u32* out;
  APP_HD void operator()(u64 j) const { out[j] = u32(j); }
};

// The steps of a round touch only the active positions act[0..a): those in
// groups still open. A group is contiguous and wholly active or not at all.

struct second_half_keys {  // key[j] = rank of the suffix h further on (0 past the end)
  const u32* act;
  const u32* sa;
  const u32* rank;
  u32* key;
  u64 n, h;
  APP_HD void operator()(u64 t) const {
    const u32 j = act[t];
    const u64 i = u64(sa[j]) + h;
    key[j] = i >= n ? 0u : rank[i];
  }
};

struct split_heads {  // inside an open group, a new group starts where the key changes
  const u32* act;
  const u32* key;
  u8* head;
  APP_HD void operator()(u64 t) const {
    const u32 j = act[t];
    if (!head[j] && key[j] != key[j - 1]) head[j] = 1;
  }
};

struct head_positions {  // j where a group starts, else 0 (a max-scan then gives each group's start)
  const u32* act;
  const u8* head;
  u32* start;
  APP_HD void operator()(u64 t) const { start[t] = head[act[t]] ? act[t] : 0u; }
};

struct scatter_ranks {  // rank[sa[j]] = 1 + start of j's group
  const u32* act;
  const u32* sa;
  const u32* start;
  u32* rank;
  APP_HD void operator()(u64 t) const { rank[sa[act[t]]] = start[t] + 1; }
};

struct open_group_flags {  // still open (group of >= 2), first and last of an open group
  const u32* act;
  const u8* head;
  u8* open;
  u8* first;
  u8* last;
  u64 n;
  APP_HD void operator()(u64 t) const {
    const u32 j = act[t];
    const bool ends_here = j + 1 == n || head[j + 1];
    const bool is_open = !(head[j] && ends_here);
    open[t] = is_open;
    first[t] = is_open && head[j];
    last[t] = is_open && ends_here;
  }
};

struct add_one {
  u32* v;
  APP_HD void operator()(u64 j) const { v[j] += 1; }
};

template <class Exec>
class builder {
 public:
  builder(const Exec& exec, u64 n)
      : exec_(exec),
        n_(n),
        rank_(make_buffer<u32>(exec, n)),
        start_(make_buffer<u32>(exec, n)),
        key_(make_buffer<u32>(exec, n)),
        act_(make_buffer<u32>(exec, n)),
        next_act_(make_buffer<u32>(exec, n)),
        begins_(make_buffer<u32>(exec, n)),
        ends_(make_buffer<u32>(exec, n)),
        head_(make_buffer<u8>(exec, n)),
        open_(make_buffer<u8>(exec, n)),
        first_(make_buffer<u8>(exec, n)),
        last_(make_buffer<u8>(exec, n)),
        count_(make_buffer<u64>(exec, 3)) {}

  suffix_array_stats run(std::span<const u8> text, std::span<u32> sa) {
    suffix_array_stats st;
    initial_sort(text, sa, st);
    for_each_index(exec_, n_, iota_u32{act_.data()});
    u64 active = refine(sa, n_);
    for (u64 h = st.packed_chars; active > 0; h *= 2) {
      ++st.rounds;
      st.segments_sorted += groups_;
      st.sorted_elements += active;
      for_each_index(exec_, active, second_half_keys{act_.data(), sa.data(), rank_.data(), key_.data(), n_, h});
      ordo::segmented_sort_options o;
      o.validate = false;  // the bounds come from the flags above, well formed by construction
      ordo::segmented_sort_in_place(exec_, span_of(key_), sa,
                                    ordo::by_bounds(std::span<const u32>(begins_.data(), groups_),
                                                    std::span<const u32>(ends_.data(), groups_)),
                                    o);
      for_each_index(exec_, active, split_heads{act_.data(), key_.data(), head_.data()});
      active = refine(sa, active);
    }
    return st;
  }

 private:
  void initial_sort(std::span<const u8> text, std::span<u32> sa, suffix_array_stats& st) {
    const std::array<bool, 256> present = bytes_present(exec_, text);
    std::vector<std::uint16_t> code(256, 0);
    unsigned sigma = 0;
    for (unsigned c = 0; c < 256; ++c)
      if (present[c]) code[c] = std::uint16_t(++sigma);
    const unsigned bits = unsigned(std::bit_width(sigma));  // codes 0..sigma
    st.packed_chars = 64 / bits;
    const auto dev_code = upload(exec_, code);
    auto key = make_buffer<u64>(exec_, n_);
    for_each_index(exec_, n_, pack_prefix{text.data(), dev_code.data(), key.data(), n_, bits, st.packed_chars});
    for_each_index(exec_, n_, iota_u32{sa.data()});
    ordo::sort(exec_, span_of(key), sa);  // the adaptive sort: a radix sort for random prefixes
    for_each_index(exec_, n_, heads_of_sorted{key.data(), head_.data()});
  }

  // Over the `active` positions in act_: ranks from the group heads, then the
  // positions and bounds of the groups still open. Returns how many
  // positions stay active (and sets groups_).
  u64 refine(std::span<const u32> sa, u64 active) {
    for_each_index(exec_, active, head_positions{act_.data(), head_.data(), start_.data()});
    ordo::scan(exec_, std::span<const u32>(start_.data(), active), std::span<u32>(start_.data(), active),
               ordo::maximum{});
    for_each_index(exec_, active, scatter_ranks{act_.data(), sa.data(), start_.data(), rank_.data()});
    for_each_index(exec_, active,
                   open_group_flags{act_.data(), head_.data(), open_.data(), first_.data(), last_.data(), n_});
    const std::span<const u32> act(act_.data(), active);
    const auto flags = [&](buffer<Exec, u8>& f) { return std::span<const u8>(f.data(), active); };
    const auto count = [&](int i) { return span_of(count_).subspan(i, 1); };
    ordo::compact(exec_, act, flags(open_), std::span<u32>(next_act_.data(), active), count(0));
    ordo::compact(exec_, act, flags(first_), std::span<u32>(begins_.data(), active), count(1));
    ordo::compact(exec_, act, flags(last_), std::span<u32>(ends_.data(), active), count(2));
    const std::vector<u64> counts = read_back_all(exec_, cspan_of(count_));
    groups_ = counts[1];
    for_each_index(exec_, groups_, add_one{ends_.data()});  // one past the last position
    std::swap(act_, next_act_);
    return counts[0];
  }

  const Exec& exec_;
  u64 n_;
  u64 groups_ = 0;
  buffer<Exec, u32> rank_, start_, key_, act_, next_act_, begins_, ends_;
  buffer<Exec, u8> head_, open_, first_, last_;
  buffer<Exec, u64> count_;
};

template <class Exec>
suffix_array_stats suffix_array(const Exec& exec, std::span<const u8> text, std::span<u32> sa) {
  if (sa.size() != text.size())
    throw ordo::error(ordo::errc::invalid_argument,
                      "suffix_array: sa has " + std::to_string(sa.size()) + " entries, text has " +
                          std::to_string(text.size()) + " bytes");
  if (text.size() >= 0xffffffffull)
    throw ordo::error(ordo::errc::invalid_argument, "suffix_array: text of 2^32 - 1 bytes or more (32-bit ranks)");
  if (text.empty()) return {};
  builder<Exec> b(exec, text.size());
  return b.run(text, sa);
}

}  // namespace ordo_apps::pdss
