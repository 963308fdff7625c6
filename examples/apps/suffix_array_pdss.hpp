// PDSS-SA (seed 004, Sec. 5.1): prefix doubling where each round sorts only
// the groups of suffixes whose order is still open, by segmented sort.
//
//   1. Pack the first c characters of every suffix into a 64-bit key (the
//      alphabet reduced to the bytes present, 0 = past the end) and sort
//      positions by key (ordo::sort_idx). Equal keys form groups.
//   2. A group's rank is 1 + its first position in the current order. Groups
//      of one suffix are done.
//   3. Round with prefix length h: every suffix i of an open group gets the
//      key rank[i + h] (0 past the end); ordo::segmented_sort orders each open
//      group by it, in place, where groups are the segments (by_bounds). Key
//      changes split groups; ranks are rewritten. h doubles, until no group
//      of two or more is left (at most log2(n / c) + 1 rounds).
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

struct head_positions {  // j where a group starts, else 0 (a max-scan then gives each group's start)
  const u8* head;
  u32* start;
  APP_HD void operator()(u64 j) const { start[j] = head[j] ? u32(j) : 0u; }
};

struct scatter_ranks {  // rank[sa[j]] = 1 + start of j's group
  const u32* sa;
  const u32* start;
  u32* rank;
  APP_HD void operator()(u64 j) const { rank[sa[j]] = start[j] + 1; }
};

struct open_group_bounds {  // flags for the first and the last position of each group of >= 2
  const u8* head;
  u8* is_begin;
  u8* is_last;
  u64 n;
  APP_HD void operator()(u64 j) const {
    const bool next_head = j + 1 == n || head[j + 1];
    is_begin[j] = head[j] && !next_head;
    is_last[j] = !head[j] && next_head;
  }
};

struct iota_u32 {
  u32* out;
  u32 first;
  APP_HD void operator()(u64 j) const { out[j] = first + u32(j); }
};

struct add_one {
  u32* v;
  APP_HD void operator()(u64 j) const { v[j] += 1; }
};

struct second_half_keys {  // key[j] = rank of the suffix h further on (0 past the end)
  const u32* sa;
  const u32* rank;
  const u8* head;
  u32* key;
  u64 n, h;
  APP_HD void operator()(u64 j) const {
    const bool single = head[j] && (j + 1 == n || head[j + 1]);
    const u64 i = u64(sa[j]) + h;
    key[j] = single || i >= n ? 0u : rank[i];
  }
};

struct split_heads {  // inside an open group, a new group starts where the key changes
  const u32* key;
  u8* head;
  APP_HD void operator()(u64 j) const {
    if (j > 0 && !head[j] && key[j] != key[j - 1]) head[j] = 1;
  }
};

template <class Exec>
class builder {
 public:
  builder(const Exec& exec, u64 n)
      : exec_(exec), n_(n), rank_(n), start_(n), key_(n), iota_(n), begins_(n), ends_(n), head_(n),
        is_begin_(n), is_last_(n), count_(1) {
    for_each_index(exec_, n_, iota_u32{iota_.data(), 0});
  }

  suffix_array_stats run(std::span<const u8> text, std::span<u32> sa) {
    suffix_array_stats st;
    initial_sort(text, sa, st);
    u64 open = refine(sa);
    for (u64 h = st.packed_chars; open > 0; h *= 2) {
      ++st.rounds;
      st.segments_sorted += open;
      for_each_index(exec_, n_, second_half_keys{sa.data(), rank_.data(), head_.data(), key_.data(), n_, h});
      ordo::segmented_sort_options o;
      o.validate = false;  // the bounds come from the flags above, well formed by construction
      ordo::segmented_sort_in_place(
          exec_, span_of(key_), sa,
          ordo::by_bounds(std::span<const u32>(begins_.data(), open), std::span<const u32>(ends_.data(), open)), o);
      for_each_index(exec_, n_, split_heads{key_.data(), head_.data()});
      open = refine(sa);
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
    const auto dev_code = upload<Exec>(code);
    buffer<Exec, u64> key(n_), sorted(n_);
    for_each_index(exec_, n_, pack_prefix{text.data(), dev_code.data(), key.data(), n_, bits, st.packed_chars});
    ordo::sort_idx(exec_, cspan_of(key), sa, span_of(sorted));
    for_each_index(exec_, n_, heads_of_sorted{sorted.data(), head_.data()});
  }

  // Ranks from the group heads, and the bounds of the groups still open.
  u64 refine(std::span<const u32> sa) {
    for_each_index(exec_, n_, head_positions{head_.data(), start_.data()});
    ordo::scan(exec_, cspan_of(start_), span_of(start_), ordo::maximum{});
    for_each_index(exec_, n_, scatter_ranks{sa.data(), start_.data(), rank_.data()});
    for_each_index(exec_, n_, open_group_bounds{head_.data(), is_begin_.data(), is_last_.data(), n_});
    ordo::compact(exec_, cspan_of(iota_), cspan_of(is_begin_), span_of(begins_), span_of(count_));
    const u64 open = read_back(exec_, cspan_of(count_));
    // The last position + 1 of each open group: compact j, then add one.
    ordo::compact(exec_, cspan_of(iota_), cspan_of(is_last_), span_of(ends_), span_of(count_));
    for_each_index(exec_, open, add_one{ends_.data()});
    return open;
  }

  const Exec& exec_;
  u64 n_;
  buffer<Exec, u32> rank_, start_, key_, iota_, begins_, ends_;
  buffer<Exec, u8> head_, is_begin_, is_last_;
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
