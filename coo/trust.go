package coo

import (
	"github.com/hurray-format/hurray-go/internal/trust"
	"github.com/hurray-format/hurray-go/layout"
)

func init() {
	trust.COO = func(shape, coords []uint64, values any, sorted bool) any {
		switch v := values.(type) {
		case []float32:
			return newTrusted(shape, coords, v, sorted)
		case []float64:
			return newTrusted(shape, coords, v, sorted)
		}
		return nil // another type (~float32, ~float64): the caller validates
	}
}

// newTrusted adopts arrays that package convert built from a validated
// structure (see internal/trust): the bounds are not scanned, and IsSorted
// is taken from sorted when true, else computed.
func newTrusted[T Float](shape, coords []uint64, values []T, sorted bool) *Tensor[T] {
	t := &Tensor[T]{shape: shape, coords: coords, values: values, valid: true}
	t.sorted = sorted || t.checkSorted()
	trust.Check("coo", func() error {
		u := &Tensor[T]{shape: shape, coords: coords, values: values}
		if err := u.Validate(); err != nil {
			return err
		}
		if u.sorted != t.sorted {
			return layout.Errorf(layout.TagCOO, "coords", -1, -1, "claimed sorted = %v, computed %v", t.sorted, u.sorted)
		}
		return nil
	})
	return t
}
