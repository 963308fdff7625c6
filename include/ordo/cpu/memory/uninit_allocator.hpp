// The CPU backend's allocator for its own buffers (radix scratch, rank's
// (code, index) arrays):
//   - trivially constructible elements are left uninitialised on resize: the
//     buffer is written before it is read, and zeroing n elements on one
//     thread cost as much as a pass of the parallel sort;
//   - a buffer of at least huge_page_min_bytes is aligned to 2 MiB and
//     advised MADV_HUGEPAGE (Linux, where transparent huge pages are
//     "madvise", as on Debian and Ubuntu): its first touch then faults 2 MiB
//     pages instead of 4 KiB ones. Every call of a sort allocates fresh
//     buffers, and their first touch was the largest single cost after the
//     sort itself: 256 MiB took 150-190 ms in 4 KiB faults and 25-30 ms in
//     2 MiB faults on the 2-core VM (docs/benchmarks.md, CPU frontier).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace ordo::detail {

inline constexpr std::size_t huge_page_bytes = std::size_t(1) << 21;
inline constexpr std::size_t huge_page_min_bytes = std::size_t(8) << 20;

// Advises the 2 MiB pages inside [p, p + bytes) MADV_HUGEPAGE (before their
// first touch; advice only). For buffers another allocator placed.
inline void advise_huge_pages(void* p, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  const std::uintptr_t b = reinterpret_cast<std::uintptr_t>(p), e = b + bytes;
  const std::uintptr_t hb = (b + huge_page_bytes - 1) / huge_page_bytes * huge_page_bytes;
  const std::uintptr_t he = e / huge_page_bytes * huge_page_bytes;
  if (bytes >= huge_page_min_bytes && he > hb) (void)madvise(reinterpret_cast<void*>(hb), he - hb, MADV_HUGEPAGE);
#else
  (void)p, (void)bytes;
#endif
}

inline void* allocate_big(std::size_t bytes) {
  void* p = nullptr;
  const std::size_t rounded = (bytes + huge_page_bytes - 1) / huge_page_bytes * huge_page_bytes;
  if (posix_memalign(&p, huge_page_bytes, rounded) != 0) throw std::bad_alloc();
  advise_huge_pages(p, rounded);  // advice only: without THP the pages stay 4 KiB
  return p;
}

template <class T>
struct uninit_allocator : std::allocator<T> {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = uninit_allocator<U>;
  };
  uninit_allocator() = default;
  template <class U>
  uninit_allocator(const uninit_allocator<U>&) noexcept {}

  static bool big(std::size_t n) { return n * sizeof(T) >= huge_page_min_bytes && alignof(T) <= huge_page_bytes; }
  T* allocate(std::size_t n) {
    if (n > std::size_t(-1) / sizeof(T)) throw std::bad_array_new_length();
    return big(n) ? static_cast<T*>(allocate_big(n * sizeof(T))) : std::allocator<T>::allocate(n);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    if (big(n)) std::free(p);
    else std::allocator<T>::deallocate(p, n);
  }
  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... A>
  void construct(U* p, A&&... a) {
    ::new (static_cast<void*>(p)) U(std::forward<A>(a)...);
  }
  template <class U>
  bool operator==(const uninit_allocator<U>&) const noexcept { return true; }
};

}  // namespace ordo::detail
