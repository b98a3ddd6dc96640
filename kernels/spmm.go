package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// SpMM runs the row loop of a sparse times dense product Y = alpha*A*X +
// beta*Y on a panel of w columns: for every row i of the compressed matrix
// (ptr, idx, vals), each entry scales a w-wide row of X into Y's row,
//
//	for i := 0; i+1 < len(ptr); i++ {
//		var acc [w]T
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			for c := range w {
//				acc[c] += vals[k] * x[idx[k]*ldx+c]
//			}
//		}
//		for c := range w {
//			y[i*ldy+c] = alpha*acc[c] + beta*y[i*ldy+c] // y not read when beta == 0
//		}
//	}
//
// Row r of X is x[r*ldx : r*ldx+w] and row i of Y is y[i*ldy : i*ldy+w]
// (ldx, ldy >= w: the panel may be a column block of wider matrices). It
// checks everything the loop relies on and panics on a violation: ptr
// non-decreasing with ptr[len(ptr)-1] <= len(idx) == len(vals), every index
// in the segments below the number of rows X holds, and x, y long enough.
// The index checks cost one pass over the indices, small beside the w
// multiply-adds each entry does. Results agree with ref to rounding (the
// assembly fuses the multiply-add).
//
// Indices out of range: the panics above come before any write, from a
// pass over the index arrays. Every path also checks each segment and index
// again when it reads it (a compare and a branch that valid data never
// takes), which the format packages rely on when they skip that pass on a
// validated structure whose index arrays may have changed since: on one out
// of range the kernel stops and panics with "kernels: SpMM: index out of
// range (an index array changed after validation?)", leaving what it wrote
// before, and it never reads or writes outside its slices. The tiled
// amd64 kernels compare every index with their tile's limit, the last tile's
// being X's row count; an entry left untaken at the end of a block of rows
// stops the product with the same panic.
//
// When X's panel is several times L2 and the rows are long (a pruned weight
// matrix times 64 activations), the amd64 paths walk A in column tiles: for
// blocks of 128 rows, each tile of X rows (L2/8) in turn serves every row of
// the block, so those X rows are read from L2 rather than L3; each Y row is
// then the sum of its tiles' contributions. On M4 with k = 64 this is 1.3-1.5x
// faster. The other paths do not tile.
//
// Paths: ref, generic, neon, avx2, avx512. Families "spmm.f32" and "spmm.f64".
func SpMM[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	engine.SpMM(y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
}

// SpMMPart is SpMM on one part of a larger product: ptr holds some of the
// rows of a matrix of allRows rows and allNNZ entries. Paths that choose a
// kernel by the shape of the matrix (the amd64 column tiles) choose from
// the whole matrix, so that every part of a split product groups each row's
// additions as one call over all rows would, and the product does not
// depend on the split (tiled and untiled kernels round differently). It
// checks what SpMM checks.
func SpMMPart[T Float](allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	engine.SpMMPart(allRows, allNNZ, y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
}
