package csr

import (
	"github.com/hurray-format/hurray-go/internal/engine"
)

// The SpMM kernels run without kernels' pass over every index before the
// assembly: a product runs only on a validated matrix, whose indices lie
// below its other dimension, and checks that the dense operand they index
// holds that many rows. Every other check of the kernels stays.

// spmm is engine.SpMMPart on the compressed rows lo..hi-1 of a (y starting
// at row lo), choosing the kernel from the whole matrix.
func (a *Matrix[T]) spmm(lo, hi int, y []T, ldy int, x []T, ldx, w int, alpha, beta T) {
	engine.SpMMPartUnchecked(len(a.ptr)-1, len(a.values), y, ldy, x, ldx, w, a.ptr[lo:hi+1], a.idx, a.values, alpha, beta)
}

// spmmScatter is engine.SpMMScatter on the compressed rows lo..hi-1 of a
// (x starting at row lo).
func (a *Matrix[T]) spmmScatter(lo, hi int, y []T, ldy int, x []T, ldx, w int, alpha T) {
	engine.SpMMScatterUnchecked(y, ldy, x, ldx, w, a.ptr[lo:hi+1], a.idx, a.values, alpha)
}

// spmvRows is engine.SpMVRows on the rows of ptr (a sub-slice of a.ptr).
func (a *Matrix[T]) spmvRows(short bool, y, x []T, ptr []uint64, alpha, beta T) {
	engine.SpMVRows(short, y, x, ptr, a.idx, a.values, alpha, beta)
}

// scatterAdd is engine.ScatterAdd on the rows of ptr (a sub-slice of
// a.ptr).
func (a *Matrix[T]) scatterAdd(y, x []T, ptr []uint64, alpha T) {
	engine.ScatterAdd(y, x, ptr, a.idx, a.values, alpha)
}
