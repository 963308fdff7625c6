// ESSC SpGEMM (seed 004, Sec. 5.2): expansion, segmented sorting, compression.
//
//   expansion    every nonzero a_ik of A asks for one child per nonzero of B's
//                row k (ordo::fork); child t gets its column j and a_ik * b_kj.
//                Children come out row by row of A, so the expanded matrix C^
//                is already grouped by row: its row offsets are a scan of the
//                child counts.
//   sorting      ordo::segmented_sort of (column, product) with C^'s rows as
//                the segments: the step the paper takes from a global sort.
//   compression  runs of equal columns in a row are summed (ordo::scan,
//                segmented by head flags) and the last of each run is kept;
//                C's row pointers are a scan of the run ends.
//
// Written once over the execution policy: spgemm_cpu.cpp and spgemm_cuda.cu
// instantiate it.
#pragma once
#include <cstdint>
#include <string>

#include "backend.hpp"
#include "ordo/error.hpp"
#include "ordo/primitives.hpp"
#include "ordo/segmented_sort.hpp"
#include "spgemm.hpp"

namespace ordo_apps::esc {

using u8 = std::uint8_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

struct row_ptr_descents {  // 1 where row_ptr steps down
  const u32* row_ptr;
  u32* bad;
  APP_HD void operator()(u64 i) const { bad[i] = row_ptr[i + 1] < row_ptr[i]; }
};

struct children_per_entry {  // a_ik asks for nnz(B's row k) products
  const u32* a_col;
  const u32* b_row_ptr;
  u64* count;
  APP_HD void operator()(u64 e) const { count[e] = b_row_ptr[a_col[e] + 1] - b_row_ptr[a_col[e]]; }
};

template <class Value>
struct expand {  // child t of a_ik, sibling s: column and value of a_ik * b_k(s)
  const u32* parent;
  const u32* sibling;
  const u32* a_col;
  const Value* a_val;
  const u32* b_row_ptr;
  const u32* b_col;
  const Value* b_val;
  u32* col;
  Value* val;
  APP_HD void operator()(u64 t) const {
    const u32 e = parent[t];
    const u32 p = b_row_ptr[a_col[e]] + sibling[t];
    col[t] = b_col[p];
    val[t] = a_val[e] * b_val[p];
  }
};

struct expanded_row_offsets {  // C^'s row i starts at the first child of A's row i
  const u32* a_row_ptr;
  const u64* first_child;  // exclusive scan of the counts
  u32* offset;
  u64 a_nnz, products;
  APP_HD void operator()(u64 i) const {
    offset[i] = u32(a_row_ptr[i] < a_nnz ? first_child[a_row_ptr[i]] : products);
  }
};

struct column_heads {  // a run of equal columns starts here (row starts are added by row_heads)
  const u32* col;
  u8* head;
  APP_HD void operator()(u64 t) const { head[t] = t == 0 || col[t] != col[t - 1]; }
};

struct row_heads {
  const u32* offset;
  u8* head;
  APP_HD void operator()(u64 i) const {
    if (offset[i] < offset[i + 1]) head[offset[i]] = 1;
  }
};

struct run_ends {  // 1 on the last entry of each run
  const u8* head;
  u32* tail;
  u64 products;
  APP_HD void operator()(u64 t) const { tail[t] = t + 1 == products || head[t + 1]; }
};

template <class Value>
struct keep_run_ends {  // C's entries: the last of each run, with the run's sum
  const u32* tail;
  const u32* slot;  // exclusive scan of tail
  const u32* col;
  const Value* sum;
  u32* c_col;
  Value* c_val;
  APP_HD void operator()(u64 t) const {
    if (tail[t]) {
      c_col[slot[t]] = col[t];
      c_val[slot[t]] = sum[t];
    }
  }
};

struct row_pointers {
  const u32* offset;
  const u32* slot;
  u32* row_ptr;
  u64 products, nnz;
  APP_HD void operator()(u64 i) const { row_ptr[i] = offset[i] < products ? slot[offset[i]] : u32(nnz); }
};

template <class Exec, class Value>
void check_matrix(const Exec& exec, const csr_view<Value>& m, const char* name) {
  const std::string who = std::string("spgemm: matrix ") + name;
  if (m.row_ptr.size() != u64(m.rows) + 1)
    throw ordo::error(ordo::errc::invalid_argument, who + " has " + std::to_string(m.row_ptr.size()) +
                                                        " row pointers for " + std::to_string(m.rows) + " rows");
  if (m.col.size() != m.val.size())
    throw ordo::error(ordo::errc::invalid_argument, who + ": column and value arrays differ in size");
  const u32 first = read_back(exec, m.row_ptr.subspan(0, 1));
  const u32 last = read_back(exec, m.row_ptr.subspan(m.rows, 1));
  if (first != 0 || last != m.col.size())
    throw ordo::error(ordo::errc::invalid_argument, who + ": row pointers run from " + std::to_string(first) +
                                                        " to " + std::to_string(last) + ", not 0 to nnz = " +
                                                        std::to_string(m.col.size()));
  if (m.rows > 0) {
    auto bad = make_buffer<u32>(exec, m.rows);
    for_each_index(exec, m.rows, row_ptr_descents{m.row_ptr.data(), bad.data()});
    if (ordo::reduce_and_wait(exec, cspan_of(bad), ordo::maximum{}) != 0)
      throw ordo::error(ordo::errc::invalid_argument, who + ": row pointers decrease");
  }
  if (!m.col.empty() && ordo::reduce_and_wait(exec, m.col, ordo::maximum{}) >= m.cols)
    throw ordo::error(ordo::errc::invalid_argument,
                      who + ": a column index is " + std::to_string(m.cols) + " (its column count) or more");
}

template <class Exec, class Value>
csr_matrix<Exec, Value> spgemm(const Exec& exec, const csr_view<Value>& a, const csr_view<Value>& b,
                               spgemm_stats* stats) {
  if (a.cols != b.rows)
    throw ordo::error(ordo::errc::invalid_argument, "spgemm: A is " + std::to_string(a.rows) + " x " +
                                                        std::to_string(a.cols) + " but B has " +
                                                        std::to_string(b.rows) + " rows");
  check_matrix(exec, a, "A");
  check_matrix(exec, b, "B");
  const u64 a_nnz = a.col.size();

  // Expansion.
  auto count = make_buffer<u64>(exec, a_nnz), first_child = make_buffer<u64>(exec, a_nnz);
  for_each_index(exec, a_nnz, children_per_entry{a.col.data(), b.row_ptr.data(), count.data()});
  const u64 products = a_nnz ? ordo::reduce_and_wait(exec, cspan_of(count)) : 0;
  if (products >= 0xffffffffull)
    throw ordo::error(ordo::errc::invalid_argument,
                      "spgemm: " + std::to_string(products) + " expanded products, 2^32 - 1 or more");
  ordo::scan(exec, cspan_of(count), span_of(first_child), ordo::plus{}, ordo::scan_options{ordo::scan_kind::exclusive});
  auto offset = make_buffer<u32>(exec, u64(a.rows) + 1);
  auto col = make_buffer<u32>(exec, products), sorted_col = make_buffer<u32>(exec, products);
  auto val = make_buffer<Value>(exec, products), sorted_val = make_buffer<Value>(exec, products);
  {
    auto parent = make_buffer<u32>(exec, products), sibling = make_buffer<u32>(exec, products);
    ordo::fork(exec, cspan_of(count), span_of(parent), span_of(sibling));
    for_each_index(exec, products,
                   expand<Value>{parent.data(), sibling.data(), a.col.data(), a.val.data(), b.row_ptr.data(),
                                 b.col.data(), b.val.data(), col.data(), val.data()});
  }
  for_each_index(exec, u64(a.rows) + 1,
                 expanded_row_offsets{a.row_ptr.data(), first_child.data(), offset.data(), a_nnz, products});

  // Segmented sorting: each expanded row by column.
  if (products > 0)
    ordo::segmented_sort(exec, cspan_of(col), span_of(sorted_col), cspan_of(val), span_of(sorted_val),
                         ordo::by_offsets(cspan_of(offset)));

  // Compression.
  auto head = make_buffer<u8>(exec, products);
  auto tail = make_buffer<u32>(exec, products), slot = make_buffer<u32>(exec, products);
  for_each_index(exec, products, column_heads{sorted_col.data(), head.data()});
  for_each_index(exec, a.rows, row_heads{offset.data(), head.data()});
  ordo::scan_options segmented;
  segmented.head_flags = cspan_of(head);
  ordo::scan(exec, cspan_of(sorted_val), span_of(val), ordo::plus{}, segmented);  // val: run sums
  for_each_index(exec, products, run_ends{head.data(), tail.data(), products});
  ordo::scan(exec, cspan_of(tail), span_of(slot), ordo::plus{}, ordo::scan_options{ordo::scan_kind::exclusive});
  const u64 nnz = products ? u64(read_back(exec, cspan_of(slot).subspan(products - 1, 1))) + 1 : 0;  // last is a tail

  csr_matrix<Exec, Value> c{a.rows, b.cols, make_buffer<u32>(exec, u64(a.rows) + 1), make_buffer<u32>(exec, nnz),
                            make_buffer<Value>(exec, nnz)};
  for_each_index(exec, products,
                 keep_run_ends<Value>{tail.data(), slot.data(), sorted_col.data(), val.data(), c.col.data(),
                                      c.val.data()});
  for_each_index(exec, u64(a.rows) + 1, row_pointers{offset.data(), slot.data(), c.row_ptr.data(), products, nnz});
  if (stats) *stats = {products, nnz};
  return c;
}

}  // namespace ordo_apps::esc
