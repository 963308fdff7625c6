// An option that picks one implementation of an algorithm: `automatic`, or
// one variant of the CPU's enum or of the GPU's. The two enums stay apart
// (a backend switches over its own), and the option converts from either, so
// a caller writes `{.variant = gpu_list_variant::rhj}` and a name table can
// parse "rhj" without knowing the backend. A backend given the other
// backend's variant throws errc::not_supported naming it.
#pragma once

namespace ordo::detail {

template <class CpuVariant, class GpuVariant>
class backend_variant {
 public:
  using cpu_type = CpuVariant;
  using gpu_type = GpuVariant;

  constexpr backend_variant() noexcept = default;  // automatic
  constexpr backend_variant(CpuVariant v) noexcept : cpu_(v) {}
  constexpr backend_variant(GpuVariant v) noexcept : gpu_(v) {}

  constexpr bool is_automatic() const noexcept { return !is_cpu() && !is_gpu(); }
  constexpr bool is_cpu() const noexcept { return cpu_ != CpuVariant::automatic; }
  constexpr bool is_gpu() const noexcept { return gpu_ != GpuVariant::automatic; }
  // The variant asked of that backend; automatic where none (or the other's) was.
  constexpr CpuVariant cpu_variant() const noexcept { return cpu_; }
  constexpr GpuVariant gpu_variant() const noexcept { return gpu_; }

  friend constexpr bool operator==(const backend_variant&, const backend_variant&) = default;

 private:
  CpuVariant cpu_ = CpuVariant::automatic;
  GpuVariant gpu_ = GpuVariant::automatic;
};

}  // namespace ordo::detail
