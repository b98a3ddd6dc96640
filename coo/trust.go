package coo

import (
	"github.com/hurray-format/hurray-go/internal/trust"
	"github.com/hurray-format/hurray-go/layout"
)

func init() {
	trust.COO = func(dst any, shape, coords []uint64, values any, sorted bool) {
		dst.(interface {
			adopt(shape, coords []uint64, values any, sorted bool)
		}).adopt(shape, coords, values, sorted)
	}
	trust.InvalidateCOO = func(t any) { t.(interface{ invalidate() }).invalidate() }
}

// invalidate marks t unvalidated: a ...To call took its buffers.
func (t *Tensor[T]) invalidate() { t.valid = false }

// adopt fills t with arrays that package convert built from a validated
// structure (see internal/trust): the bounds are not scanned, and IsSorted
// is taken from sorted when true, else computed. values is a []T.
func (t *Tensor[T]) adopt(shape, coords []uint64, values any, sorted bool) {
	v := values.([]T)
	*t = Tensor[T]{shape: shape, coords: coords, values: v, valid: true}
	t.sorted = sorted || t.checkSorted()
	trust.Check("coo", func() error {
		u := &Tensor[T]{shape: shape, coords: coords, values: v}
		if err := u.Validate(); err != nil {
			return err
		}
		if u.sorted != t.sorted {
			return layout.Errorf(layout.TagCOO, "coords", -1, -1, "claimed sorted = %v, computed %v", t.sorted, u.sorted)
		}
		return nil
	})
}
