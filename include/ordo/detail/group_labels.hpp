// Group labels with their integer type erased (as segment_desc erases the
// offsets'): a pointer, a width and a signedness, read back as an unsigned
// code of the label's width (in 64 bits) whose equality is the labels'
// equality (and whose order is theirs: signed labels have their sign bit
// flipped), so a radix sort needs only the label's own bits. Host and
// device, so the grouped rank kernels are not instantiated per label type.
#pragma once
#include <concepts>
#include <cstdint>
#include <span>
#include <type_traits>

#include "ordo/detail/host_device.hpp"

namespace ordo::detail {

struct label_desc {
  const void* data = nullptr;
  std::uint64_t n = 0;
  std::uint8_t width = 8;  // bytes per label: 1, 2, 4 or 8
  bool is_signed = false;

  ORDO_OP_HD std::uint64_t code(std::uint64_t i) const {
    // A signed label's code is its two's-complement bits with the sign bit
    // flipped: read the bits unsigned (no sign extension, no mask), flip.
    std::uint64_t u = 0;
    switch (width) {
      case 1: u = static_cast<const std::uint8_t*>(data)[i]; break;
      case 2: u = static_cast<const std::uint16_t*>(data)[i]; break;
      case 4: u = static_cast<const std::uint32_t*>(data)[i]; break;
      default: u = static_cast<const std::uint64_t*>(data)[i]; break;
    }
    return is_signed ? u ^ (std::uint64_t(1) << (bits() - 1)) : u;
  }
  ORDO_OP_HD int bits() const { return width == 1 ? 8 : width == 2 ? 16 : width == 4 ? 32 : 64; }
};

template <std::integral Label>
label_desc make_label_desc(std::span<const Label> labels) {
  static_assert(sizeof(Label) == 1 || sizeof(Label) == 2 || sizeof(Label) == 4 || sizeof(Label) == 8);
  return {labels.data(), labels.size(), std::uint8_t(sizeof(Label)), std::is_signed_v<Label>};
}

}  // namespace ordo::detail
