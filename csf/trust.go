package csf

import "github.com/hurray-format/hurray-go/internal/trust"

func init() {
	trust.CSF = func(dst any, shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values any) {
		dst.(interface {
			adopt(shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values any)
		}).adopt(shape, modeOrder, pos, crd, values)
	}
	trust.SharesCSF = func(t any) bool {
		s, ok := t.(interface{ levelsHeld() bool })
		return ok && s.levelsHeld()
	}
	trust.InvalidateCSF = func(t any) {
		t.(interface{ invalidate() }).invalidate()
	}
}

// levelsHeld reports whether t's levels are held by another tensor too
// (see trust.SharesCSF); false for a nil t.
func (t *Tensor[T]) levelsHeld() bool { return t != nil && t.sharedLevels.Load() }

// invalidate marks t unvalidated: a ...To call took its buffers.
func (t *Tensor[T]) invalidate() { t.valid = false }

// adopt fills t with arrays built valid by construction (see
// internal/trust). values is a []T.
func (t *Tensor[T]) adopt(shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values any) {
	t.set(shape, modeOrder, pos, crd, values.([]T))
}

// newTrusted adopts arrays built valid by construction (see internal/trust).
func newTrusted[T Float](shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values []T) *Tensor[T] {
	t := new(Tensor[T])
	t.set(shape, modeOrder, pos, crd, values)
	return t
}

// set fills t with arrays built valid by construction, marked valid.
func (t *Tensor[T]) set(shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values []T) {
	*t = Tensor[T]{shape: shape, modeOrder: modeOrder, pos: pos, crd: crd, values: values, valid: true}
	trust.Check("csf", func() error {
		_, err := New(shape, modeOrder, pos, crd, values)
		return err
	})
}
