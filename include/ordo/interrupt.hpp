// Stopping a long call between its phases (cooperative cancellation).
//
//   ordo::interrupt_flag flag;            // set from anywhere, a signal handler included
//   {
//     ordo::interrupt_scope watch(flag);  // ordo calls on this thread now watch it
//     ordo::sort(ordo::cpu{}, keys);      // flag.request() elsewhere: this throws
//   }                                     //   ordo::error(errc::interrupted)
//
// A CPU call checks the flag its thread watches before each of its parallel
// phases (every loop of the scheduler layer, cpu/sched/sched.hpp), never in
// the middle of one, so it stops within one phase's time of the request and
// frees everything it allocated. Its outputs are then unspecified, in-place
// keys included (a sort may hold part of them in its scratch when it stops):
// interrupt a call whose outputs you can throw away, as the Python module
// does (it writes every result into a new array). A GPU call enqueues its
// kernels and returns without waiting, so there is nothing to interrupt.
//
// The Python module watches a flag that its SIGINT handler sets while a call
// runs with the GIL released: Ctrl-C raises KeyboardInterrupt mid-call.
#pragma once
#include <atomic>

namespace ordo {

class interrupt_flag {
 public:
  void request() noexcept { set_.store(true, std::memory_order_relaxed); }  // async-signal-safe
  void clear() noexcept { set_.store(false, std::memory_order_relaxed); }
  bool requested() const noexcept { return set_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> set_{false};
  static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler sets it");
};

// While alive, ordo calls made on the constructing thread watch `flag`; the
// scope it replaced (if any) is watched again afterwards. Not movable.
class interrupt_scope {
 public:
  explicit interrupt_scope(const interrupt_flag& flag) noexcept;
  ~interrupt_scope();
  interrupt_scope(const interrupt_scope&) = delete;
  interrupt_scope& operator=(const interrupt_scope&) = delete;

 private:
  const interrupt_flag* previous_;
};

namespace detail {
// The flag this thread watches (null: none).
const interrupt_flag* watched_interrupt() noexcept;
[[noreturn]] void throw_interrupted();
inline void check_interrupt() {
  const interrupt_flag* f = watched_interrupt();
  if (f != nullptr && f->requested()) throw_interrupted();
}
}  // namespace detail

}  // namespace ordo
