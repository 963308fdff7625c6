// NumPy .npy files (format versions 1.0, 2.0 and 3.0): little-endian, one
// column — shape (n,), or (n, 1) / (1, n) — of a key type (key_types.hpp),
// its descr numpy's ('<i4', '|b1', '<f2': ordo/detail/key_dtypes.hpp).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "io/column.hpp"
#include "io/file.hpp"

namespace ordo::tools::io {

struct npy_header {
  dtype type;
  std::uint64_t count;  // elements: the product of the shape
};

// Parses the header's dictionary text, e.g.
//   {'descr': '<f8', 'fortran_order': False, 'shape': (10,), }
// and throws io_error naming `path` when it is malformed or unsupported.
npy_header parse_npy_header(std::string_view dict, const std::string& path);

// Reads and checks the preamble and header (the data's size against the
// file's included), leaving `in` at the first byte of the data.
npy_header read_npy_header(input_file& in);
column read_npy(input_file& in, const progress_policy& p);
// The preamble and header of a .npy file of n elements of t (shape (n,),
// the data 64-byte aligned); throws naming `path` for a type numpy lacks.
std::string npy_preamble(const std::string& path, dtype t, std::uint64_t n);
void write_npy(output_file& out, const column& c, const progress_policy& p);

}  // namespace ordo::tools::io
