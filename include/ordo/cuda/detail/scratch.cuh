// A dispatch's scratch memory is ordo's one device buffer: stream-ordered
// from the caller's memory_resource, released on the stream when it goes out
// of scope, so kernels enqueued before the release still see it and the host
// never waits.
#pragma once
#include "ordo/device_buffer.hpp"

namespace ordo::detail {

template <class T>
using scratch = device_buffer<T>;

}  // namespace ordo::detail
