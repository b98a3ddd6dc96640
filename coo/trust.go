package coo

import (
	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/layout"
)

// Trusted is for this module's builders (package convert): it gives access
// to t without validation, and its key cannot be made outside the module.
// Other code builds tensors with New or FromBuffers.
func (t *Tensor[T]) Trusted(check.Key) builder[T] { return builder[T]{t} }

// builder is what Trusted returns: the tensor's unvalidated construction.
type builder[T Float] struct{ t *Tensor[T] }

// Invalidate marks the tensor unvalidated: a ...To call took its buffers.
func (b builder[T]) Invalidate() { b.t.valid = false }

// Adopt fills the tensor with arrays that package convert built from a
// validated structure: the bounds are not scanned, and IsSorted is taken
// from sorted when true, else computed.
func (b builder[T]) Adopt(shape, coords []uint64, values []T, sorted bool) {
	t := b.t
	*t = Tensor[T]{shape: shape, coords: coords, values: values, valid: true}
	t.sorted = sorted || t.checkSorted()
	check.Trusted("coo", func() error {
		u := &Tensor[T]{shape: shape, coords: coords, values: values}
		if err := u.Validate(); err != nil {
			return err
		}
		if u.sorted != t.sorted {
			return layout.Errorf(layout.TagCOO, "coords", -1, -1, "claimed sorted = %v, computed %v", t.sorted, u.sorted)
		}
		return nil
	})
}
