package csr

import "github.com/hurray-format/hurray-go/internal/check"

// Trusted is for this module's builders (package convert and csf's
// TTVMatrix): it gives access to a without validation, and its key cannot
// be made outside the module. Other code builds matrices with New, NewCSC
// or FromBuffers.
func (a *Matrix[T]) Trusted(check.Key) builder[T] { return builder[T]{a} }

// builder is what Trusted returns: the matrix's unvalidated construction.
type builder[T Float] struct{ a *Matrix[T] }

// Invalidate marks the matrix (and its T views, which share the state)
// unvalidated: a ...To call took its buffers.
func (b builder[T]) Invalidate() {
	if b.a.valid != nil {
		*b.a.valid = false
	}
}

// Adopt fills the matrix with arrays built valid by construction, CSC when
// csc is set. shared marks the arrays as another structure's (a leaf-mode
// csf TTVMatrix result's index is the tensor's crd): a product that reuses
// an earlier result's buffers must not write into them, and checks the mark
// with Shared.
func (b builder[T]) Adopt(rows, cols uint64, csc, shared bool, ptr, idx []uint64, values []T) {
	// A fresh validation state: views of a reused dst's earlier contents
	// keep theirs.
	valid := true
	*b.a = Matrix[T]{rows: rows, cols: cols, csc: csc, ptr: ptr, idx: idx, values: values, valid: &valid, shared: shared}
	check.Trusted("csr", func() error {
		_, err := build(rows, cols, csc, ptr, idx, values)
		return err
	})
}

// Shared reports whether the matrix's arrays are another structure's
// (false for a nil matrix).
func (b builder[T]) Shared() bool { return b.a != nil && b.a.shared }
