package coo

import "github.com/hurray-format/hurray-go/internal/check"

// ToDense returns the tensor as a new dense slice in row-major order, with
// the values of duplicate coordinates summed (in storage order) and zeros
// where nothing is stored. It allocates the product of the shape elements.
// It panics when that product overflows int, and with an error matching
// layout.ErrUnvalidated when the tensor has not passed validation.
func (t *Tensor[T]) ToDense() []T {
	t.mustValid()
	out := make([]T, check.DenseLen("coo", t.shape))
	r := len(t.shape)
	for e, v := range t.values {
		k := uint64(0)
		for m, i := range t.coords[e*r : e*r+r] {
			k = k*t.shape[m] + i
		}
		out[k] += v
	}
	return out
}
