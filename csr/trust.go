package csr

import "github.com/hurray-format/hurray-go/internal/trust"

func init() {
	trust.CSR = func(dst any, rows, cols uint64, csc, shared bool, ptr, idx []uint64, values any) {
		dst.(adopter).adopt(rows, cols, csc, shared, ptr, idx, values)
	}
	trust.SharesCSR = func(m any) bool {
		a, ok := m.(adopter)
		return ok && a.isShared()
	}
	trust.InvalidateCSR = func(m any) { m.(adopter).invalidate() }
}

// adopter is implemented by every *Matrix[T], whatever T.
type adopter interface {
	adopt(rows, cols uint64, csc, shared bool, ptr, idx []uint64, values any)
	isShared() bool
	invalidate()
}

// invalidate marks a (and its T views, which share the state) unvalidated:
// a ...To call took its buffers.
func (a *Matrix[T]) invalidate() {
	if a.valid != nil {
		*a.valid = false
	}
}

// adopt fills a with arrays built valid by construction (see
// internal/trust). values is a []T.
func (a *Matrix[T]) adopt(rows, cols uint64, csc, shared bool, ptr, idx []uint64, values any) {
	v := values.([]T)
	// A fresh validation state: views of a reused dst's earlier contents
	// keep theirs.
	valid := true
	*a = Matrix[T]{rows: rows, cols: cols, csc: csc, ptr: ptr, idx: idx, values: v, valid: &valid, shared: shared}
	trust.Check("csr", func() error {
		_, err := build(rows, cols, csc, ptr, idx, v)
		return err
	})
}

// isShared reports whether a's arrays are another structure's.
func (a *Matrix[T]) isShared() bool { return a != nil && a.shared }
