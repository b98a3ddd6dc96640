package csr

import "testing"

// NewOriented builds a CSR matrix, or (csc) a CSC one, from its arrays,
// failing t when they are invalid: the tests' constructor of either
// orientation.
func NewOriented[T Float](t testing.TB, rows, cols int, csc bool, ptr, idx []uint64, vals []T) *Matrix[T] {
	t.Helper()
	var a *Matrix[T]
	var err error
	if csc {
		a, err = NewCSC(uint64(rows), uint64(cols), ptr, idx, vals)
	} else {
		a, err = New(uint64(rows), uint64(cols), ptr, idx, vals)
	}
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// DenseCells builds the CSR matrix, or (csc) the CSC matrix, of the cells
// (i, j) of a row-major rows x cols array d for which keep is true,
// converted to T.
func DenseCells[T, D Float](t testing.TB, d []D, rows, cols int, csc bool, keep func(i, j int) bool) *Matrix[T] {
	t.Helper()
	major, minor := rows, cols
	if csc {
		major, minor = cols, rows
	}
	ptr := make([]uint64, major+1)
	var idx []uint64
	var vals []T
	for m := range major {
		for n := range minor {
			i, j := m, n
			if csc {
				i, j = n, m
			}
			if keep(i, j) {
				idx = append(idx, uint64(n))
				vals = append(vals, T(d[i*cols+j]))
			}
		}
		ptr[m+1] = uint64(len(idx))
	}
	return NewOriented(t, rows, cols, csc, ptr, idx, vals)
}
