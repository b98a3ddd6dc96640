package csr

import (
	"fmt"
	"math/bits"
)

// ToDense returns the matrix as a new dense rows x cols slice in row-major
// order (for a CSC matrix too), with zeros where nothing is stored. It
// allocates rows*cols elements. It panics when that count overflows int,
// and with an error matching layout.ErrUnvalidated when the matrix has not
// passed validation.
func (a *Matrix[T]) ToDense() []T {
	a.mustValid()
	hi, n := bits.Mul64(a.rows, a.cols)
	if hi != 0 || n > uint64(maxInt) {
		panic(fmt.Sprintf("csr: ToDense: %dx%d elements do not fit an int", a.rows, a.cols))
	}
	out := make([]T, n)
	a.fillDense(out, int(a.cols))
	return out
}

// fillDense writes the stored entries into out, row-major with row stride
// ld; out must hold zeros where nothing is stored.
func (a *Matrix[T]) fillDense(out []T, ld int) {
	for p := range len(a.ptr) - 1 {
		for q := a.ptr[p]; q < a.ptr[p+1]; q++ {
			i, j := uint64(p), a.idx[q]
			if a.csc {
				i, j = j, i
			}
			out[int(i)*ld+int(j)] = a.values[q]
		}
	}
}
