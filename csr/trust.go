package csr

import "github.com/hurray-format/hurray-go/internal/trust"

func init() {
	trust.CSR = func(rows, cols uint64, csc bool, ptr, idx []uint64, values any) any {
		switch v := values.(type) {
		case []float32:
			return newTrusted(rows, cols, csc, ptr, idx, v)
		case []float64:
			return newTrusted(rows, cols, csc, ptr, idx, v)
		}
		return nil // another type (~float32, ~float64): the caller validates
	}
}

// newTrusted adopts arrays built valid by construction (see internal/trust).
func newTrusted[T Float](rows, cols uint64, csc bool, ptr, idx []uint64, values []T) *Matrix[T] {
	a := &Matrix[T]{rows: rows, cols: cols, csc: csc, ptr: ptr, idx: idx, values: values, valid: true}
	trust.Check("csr", func() error {
		_, err := build(rows, cols, csc, ptr, idx, values)
		return err
	})
	return a
}
