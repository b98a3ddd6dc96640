package csf

import "github.com/hurray-format/hurray-go/internal/trust"

func init() {
	trust.CSF = func(dst any, shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values any) {
		dst.(interface {
			adopt(shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values any)
		}).adopt(shape, modeOrder, pos, crd, values)
	}
	trust.SharesCSF = func(t any) bool {
		s, ok := t.(interface{ isShared() bool })
		return ok && s.isShared()
	}
}

// isShared reports whether t's levels are another tensor's (see
// trust.SharesCSF); false for a nil t.
func (t *Tensor[T]) isShared() bool { return t != nil && t.shared }

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
