package csf

import "github.com/hurray-format/hurray-go/internal/check"

// Trusted is for this module's builders (package convert): it gives access
// to t without validation, and its key cannot be made outside the module.
// Other code builds tensors with New or FromBuffers.
func (t *Tensor[T]) Trusted(check.Key) builder[T] { return builder[T]{t} }

// builder is what Trusted returns: the tensor's unvalidated construction.
type builder[T Float] struct{ t *Tensor[T] }

// Adopt fills the tensor with arrays built valid by construction.
func (b builder[T]) Adopt(shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values []T) {
	b.t.set(shape, modeOrder, pos, crd, values)
}

// Shared reports whether the tensor's levels are held by another structure
// too (a leaf-mode TTV or an SDDMM result holds its tensor's, and the tensor
// lends them), so that a conversion that reuses its buffers must not write
// into its levels; false for a nil tensor.
func (b builder[T]) Shared() bool { return b.t != nil && b.t.sharedLevels.Load() }

// Invalidate marks the tensor unvalidated: a ...To call took its buffers.
func (b builder[T]) Invalidate() { b.t.valid = false }

// newTrusted adopts arrays built valid by construction (see Trusted).
func newTrusted[T Float](shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values []T) *Tensor[T] {
	t := new(Tensor[T])
	t.set(shape, modeOrder, pos, crd, values)
	return t
}

// set fills t with arrays built valid by construction, marked valid.
func (t *Tensor[T]) set(shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values []T) {
	*t = Tensor[T]{shape: shape, modeOrder: modeOrder, pos: pos, crd: crd, values: values, valid: true}
	check.Trusted("csf", func() error {
		_, err := New(shape, modeOrder, pos, crd, values)
		return err
	})
}
