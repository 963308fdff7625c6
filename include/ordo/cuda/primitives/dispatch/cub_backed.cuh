// Dispatch for the primitives that wrap CUB, which is the best available for
// them (Table 1's scan, reduce and compact): the wrapper adds no copy of the
// data, only CUB's own temporary storage from the caller's memory resource.
//   scan              cub::DeviceScan::{InclusiveScanInit, ExclusiveScan}
//   (the segmented scan is ordo's own single pass: segmented_scan_dispatch.cuh)
//   reduce            cub::DeviceReduce::Reduce
//   (an output type other than the input's reads through a converting iterator)
//   compact           cub::DeviceSelect::{Flagged, If}
#pragma once
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>

#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/cub_temp.cuh"  // with_cub_temp, with_cub_count
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/cuda/primitives/dispatch/segmented_scan_dispatch.cuh"
#include "ordo/detail/primitives_checks.hpp"
#include "ordo/primitives.hpp"

namespace ordo::detail {

// Reads an input as the accumulator type (a scan or reduce whose output type
// differs from its input's, numpy's dtype=).
template <class In, class Acc>
struct convert_to {
  __host__ __device__ Acc operator()(const In& x) const { return static_cast<Acc>(x); }
};
// in.data() itself when the types agree (CUB's fastest path), else a converting iterator.
template <class In, class Acc>
auto acc_input(const In* in) {
  if constexpr (std::is_same_v<In, Acc>) return in;
  else return thrust::make_transform_iterator(in, convert_to<In, Acc>{});
}

// CUB tunes its scans and reductions for the operators it knows: hand it
// ::cuda::std::plus for ordo::plus. minimum, maximum, fmin and fmax stay
// ordo's own functors, never cub::Min/Max or ::cuda::minimum/maximum: those
// neither propagate nor ignore NaN as numpy does (ops.hpp).
template <class Op>
Op cub_op(Op op) { return op; }
inline ::cuda::std::plus<> cub_op(ordo::plus) { return {}; }

}  // namespace ordo::detail

// CUB picks its tuned scan policies (sm90: 128 x 24 for 4-byte values, 224 x
// 24 for 8-byte) only for operators its trait basic_binary_op_t names (plus,
// ::cuda::minimum, ::cuda::maximum); any other gets the untuned default. The
// trait selects a policy and nothing else (tuning_scan.cuh, tuning_scan_by_key.cuh,
// tuning_reduce_by_key.cuh), so ordo's NaN-aware extremes, as cheap as
// CUB's, claim it. The float max scan measured 1.18-1.20x CUB's with
// ::cuda::maximum before (types-35330e6.json, H100).
#define ORDO_CUB_BASIC_OP(OP)                                         \
  template <>                                                         \
  struct cub::detail::basic_binary_op_t<OP> {                         \
    static constexpr bool value = true;                               \
  };
ORDO_CUB_BASIC_OP(ordo::minimum)
ORDO_CUB_BASIC_OP(ordo::maximum)
ORDO_CUB_BASIC_OP(ordo::fmin)
ORDO_CUB_BASIC_OP(ordo::fmax)
#undef ORDO_CUB_BASIC_OP

namespace ordo::detail {

template <class T, class Op>
bool is_identity(const T& init) {
  if constexpr (requires { Op::template identity<T>(); }) {
    const T id = Op::template identity<T>();
    return std::memcmp(&id, &init, sizeof(T)) == 0;
  } else {
    return false;
  }
}

template <class In, class Acc, class Op>
void scan_cuda(const cuda& exec, std::span<const In> in, std::span<Acc> out, Op op, Acc init, const scan_options& o) {
  check_scan_args(in.size(), out.size(), o.head_flags.size());
  check_scan_overlap(in.data(), in.size(), out.data());
  const std::uint64_t n = in.size();
  if (n == 0) return;
  cudaStream_t s = exec.stream;
  if (o.head_flags.empty()) {
    const auto src = acc_input<In, Acc>(in.data());
    with_cub_count(n, [&](auto count) {
      if (o.kind == scan_kind::inclusive && is_identity<Acc, Op>(init))
        with_cub_temp(exec, "cub::DeviceScan::InclusiveScan", [&](void* t, std::size_t& b) {
          return cub::DeviceScan::InclusiveScan(t, b, src, out.data(), cub_op(op), count, s);
        });
      else if (o.kind == scan_kind::inclusive)
        with_cub_temp(exec, "cub::DeviceScan::InclusiveScanInit", [&](void* t, std::size_t& b) {
          return cub::DeviceScan::InclusiveScanInit(t, b, src, out.data(), cub_op(op), init, count, s);
        });
      else
        with_cub_temp(exec, "cub::DeviceScan::ExclusiveScan", [&](void* t, std::size_t& b) {
          return cub::DeviceScan::ExclusiveScan(t, b, src, out.data(), cub_op(op), init, count, s);
        });
    });
    return;
  }
  segmented_scan_cuda<In, Acc, Op>(exec, in.data(), o.head_flags.data(), n, out.data(), op, init,
                                   !is_identity<Acc, Op>(init), o.kind == scan_kind::exclusive);
}

template <class In, class Acc, class Op>
void reduce_cuda(const cuda& exec, std::span<const In> in, std::span<Acc> result, Op op, Acc init) {
  check_count_slot("reduce", "result", result.size());
  const auto src = acc_input<In, Acc>(in.data());
  with_cub_count(in.size(), [&](auto count) {
    with_cub_temp(exec, "cub::DeviceReduce::Reduce", [&](void* t, std::size_t& b) {
      return cub::DeviceReduce::Reduce(t, b, src, result.data(), count, cub_op(op), init, exec.stream);
    });
  });
}

template <class In, class Acc, class Op>
Acc reduce_and_wait_cuda(const cuda& exec, std::span<const In> in, Op op, Acc init) {
  scratch<Acc> r(exec, 1);
  reduce_cuda<In, Acc, Op>(exec, in, std::span<Acc>(r.data(), 1), op, init);
  Acc v;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&v, r.data(), sizeof(Acc), cudaMemcpyDeviceToHost, exec.stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
  return v;
}

inline void check_compact(std::size_t n_in, std::size_t n_out, std::size_t n_count) {
  check_at_least("compact", "out", n_out, "in", n_in);
  check_count_slot("compact", "count", n_count);
}

template <class W>
void compact_flags_cuda(const cuda& exec, std::span<const W> in, std::span<const std::uint8_t> flags, std::span<W> out,
                        std::span<std::uint64_t> count) {
  check_same_size("compact", "flags", flags.size(), "in", in.size());
  check_compact(in.size(), out.size(), count.size());
  with_cub_temp(exec, "cub::DeviceSelect::Flagged", [&](void* t, std::size_t& b) {
    return cub::DeviceSelect::Flagged(t, b, in.data(), flags.data(), out.data(), count.data(),
                                      std::int64_t(in.size()), exec.stream);
  });
}

template <class T, class Pred>
void compact_pred_cuda(const cuda& exec, std::span<const T> in, Pred pred, std::span<T> out,
                       std::span<std::uint64_t> count) {
  check_compact(in.size(), out.size(), count.size());
  with_cub_temp(exec, "cub::DeviceSelect::If", [&](void* t, std::size_t& b) {
    return cub::DeviceSelect::If(t, b, in.data(), out.data(), count.data(), std::int64_t(in.size()), pred,
                                 exec.stream);
  });
}

}  // namespace ordo::detail
