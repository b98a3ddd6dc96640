package csr

import (
	"github.com/hurray-format/hurray-go/internal/bufview"
	"github.com/hurray-format/hurray-go/internal/unchecked"
)

// The SpMM kernels run without kernels' pass over every index before the
// assembly (internal/unchecked): a product runs only on a validated matrix,
// whose indices lie below its other dimension, and checks that the dense
// operand they index holds that many rows. On M4 with k = 16 the pass read
// the 36 MB of col_idx once more per product, about a third of its time.
// Every other check of the kernels stays.

// spmm is kernels.SpMMPart on the compressed rows lo..hi-1 of a (y starting
// at row lo), choosing the kernel from the whole matrix.
func (a *Matrix[T]) spmm(lo, hi int, y []T, ldy int, x []T, ldx, w int, alpha, beta T) {
	ptr, rows, nnz := a.ptr[lo:hi+1], len(a.ptr)-1, len(a.values)
	if bufview.ElemSize[T]() == 4 {
		unchecked.SpMMPartF32(rows, nnz, bufview.Retype[float32](y), ldy, bufview.Retype[float32](x), ldx, w, ptr, a.idx, bufview.Retype[float32](a.values), float32(alpha), float32(beta))
		return
	}
	unchecked.SpMMPartF64(rows, nnz, bufview.Retype[float64](y), ldy, bufview.Retype[float64](x), ldx, w, ptr, a.idx, bufview.Retype[float64](a.values), float64(alpha), float64(beta))
}

// spmmScatter is kernels.SpMMScatter on the compressed rows lo..hi-1 of a
// (x starting at row lo).
func (a *Matrix[T]) spmmScatter(lo, hi int, y []T, ldy int, x []T, ldx, w int, alpha T) {
	ptr := a.ptr[lo : hi+1]
	if bufview.ElemSize[T]() == 4 {
		unchecked.SpMMScatterF32(bufview.Retype[float32](y), ldy, bufview.Retype[float32](x), ldx, w, ptr, a.idx, bufview.Retype[float32](a.values), float32(alpha))
		return
	}
	unchecked.SpMMScatterF64(bufview.Retype[float64](y), ldy, bufview.Retype[float64](x), ldx, w, ptr, a.idx, bufview.Retype[float64](a.values), float64(alpha))
}
