// The flag each thread watches (include/ordo/interrupt.hpp).
#include "ordo/interrupt.hpp"

#include "ordo/error.hpp"

namespace ordo {
namespace {
thread_local const interrupt_flag* watched = nullptr;
}  // namespace

interrupt_scope::interrupt_scope(const interrupt_flag& flag) noexcept : previous_(watched) { watched = &flag; }
interrupt_scope::~interrupt_scope() { watched = previous_; }

namespace detail {
const interrupt_flag* watched_interrupt() noexcept { return watched; }
void throw_interrupted() {
  throw error(errc::interrupted, "interrupted (the interrupt flag this thread watches was set); the call stopped "
                                 "between two of its phases");
}
}  // namespace detail
}  // namespace ordo
