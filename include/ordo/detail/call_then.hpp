// call_then(call, then): call(), then then(), returning what call returned
// (nothing for a void call): for a step that must follow a call whatever its
// result type (narrowing the keys back, checking for a signal).
#pragma once
#include <type_traits>

namespace ordo::detail {

template <class Call, class Then>
decltype(auto) call_then(Call&& call, Then&& then) {
  if constexpr (std::is_void_v<decltype(call())>) {
    call();
    then();
  } else {
    auto r = call();
    then();
    return r;
  }
}

}  // namespace ordo::detail
