package csf

import "github.com/hurray-format/hurray-go/internal/check"

// ToDense returns the tensor as a new dense slice in row-major order of its
// logical modes (the last mode varies fastest, whatever the mode order),
// with zeros where nothing is stored. It allocates the product of the shape
// elements. It panics when that product overflows int, and with an error
// matching layout.ErrUnvalidated when the tensor has not passed validation.
func (t *Tensor[T]) ToDense() []T {
	t.mustValid()
	out := make([]T, check.DenseLen("csf", t.shape))
	for c, v := range t.All() {
		k := uint64(0)
		for m, i := range c {
			k = k*t.shape[m] + i
		}
		out[k] = v
	}
	return out
}
