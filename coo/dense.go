package coo

import (
	"fmt"
	"math/bits"
)

// ToDense returns the tensor as a new dense slice in row-major order, with
// the values of duplicate coordinates summed (in storage order) and zeros
// where nothing is stored. It allocates the product of the shape elements.
// It panics when that product overflows int, and with an error matching
// layout.ErrUnvalidated when the tensor has not passed validation.
func (t *Tensor[T]) ToDense() []T {
	t.mustValid()
	n := uint64(1)
	for _, d := range t.shape {
		hi, lo := bits.Mul64(n, d)
		if hi != 0 || lo > uint64(maxInt) {
			panic(fmt.Sprintf("coo: ToDense: a tensor of shape %v does not fit an int", t.shape))
		}
		n = lo
	}
	out := make([]T, n)
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

const maxInt = int(^uint(0) >> 1)
