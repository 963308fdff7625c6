// Values that a sort only moves, as untyped words: the CPU sorts that libordo
// compiles (cpu/compiled_sorts.hpp) take any 4- or 8-byte trivially copyable
// value type as word4 / word8, so one instantiation per key type serves every
// value type of that size (the CUDA backend passes void* and a width the same
// way). may_alias: the words alias the caller's values by design.
#pragma once
#include <cstdint>
#include <type_traits>

namespace ordo::detail {

struct __attribute__((may_alias)) word4 {
  std::uint32_t bits;
};
struct __attribute__((may_alias)) word8 {
  std::uint64_t bits;
};

// The word type that carries V, or V itself where no word fits (void, the
// keys-only marker types, other sizes, types aligned less than their word).
template <class V, class = void>
struct value_word {
  using type = V;
};
template <class V>
struct value_word<V, std::enable_if_t<std::is_trivially_copyable_v<V> && sizeof(V) == 4 && alignof(V) >= 4>> {
  using type = word4;
};
template <class V>
struct value_word<V, std::enable_if_t<std::is_trivially_copyable_v<V> && sizeof(V) == 8 && alignof(V) >= 8>> {
  using type = word8;
};
template <class V>
using value_word_t = typename value_word<std::remove_const_t<V>>::type;

// values seen as their words (const kept).
template <class V>
auto* as_words(V* values) {
  using W = value_word_t<V>;
  if constexpr (std::is_same_v<W, std::remove_const_t<V>>) return values;
  else if constexpr (std::is_const_v<V>) return reinterpret_cast<const W*>(values);
  else return reinterpret_cast<W*>(values);
}

}  // namespace ordo::detail
