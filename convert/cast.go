package convert

import (
	"fmt"
	"slices"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/layout"
)

// CastCOO returns t with its values converted to the element type To (for
// example float64 to float32: convert.CastCOO[float32](t)). The result owns
// copies of the shape, the coordinates and the values, keeps the entry order,
// the duplicates and the stored zeros, and needs no validation. A float64
// value beyond float32's range becomes ±Inf and the others round to
// nearest; float32 to float64 is exact. It panics with an error matching
// layout.ErrUnvalidated when t has not passed validation.
func CastCOO[To, From Float](t *coo.Tensor[From]) *coo.Tensor[To] {
	if !t.Valid() {
		panic(fmt.Errorf("convert: CastCOO: %w", layout.ErrUnvalidated))
	}
	out := new(coo.Tensor[To])
	out.Trusted(check.Key{}).Adopt(t.Shape(), slices.Clone(t.Coords()), castValues[To](t.Values()), t.IsSorted())
	return out
}

// CastMatrix returns a CSR or CSC matrix with its values converted to the
// element type To (convert.CastMatrix[float32](a)); a CSC matrix stays CSC.
// The result owns copies of the pointer and index arrays and of the values,
// and needs no validation. Values convert as in CastCOO. It panics with an
// error matching layout.ErrUnvalidated when a has not passed validation.
func CastMatrix[To, From Float](a *csr.Matrix[From]) *csr.Matrix[To] {
	if !a.Valid() {
		panic(fmt.Errorf("convert: CastMatrix: %w", layout.ErrUnvalidated))
	}
	out := new(csr.Matrix[To])
	out.Trusted(check.Key{}).Adopt(a.Rows(), a.Cols(), a.IsCSC(), false,
		slices.Clone(a.Ptr()), slices.Clone(a.Idx()), castValues[To](a.Values()))
	return out
}

// CastCSF returns t with its values converted to the element type To
// (convert.CastCSF[float32](t)), with the same mode order. The result owns
// copies of the levels and values, and needs no validation. Values convert
// as in CastCOO. It panics with an error matching layout.ErrUnvalidated when
// t has not passed validation.
func CastCSF[To, From Float](t *csf.Tensor[From]) *csf.Tensor[To] {
	if !t.Valid() {
		panic(fmt.Errorf("convert: CastCSF: %w", layout.ErrUnvalidated))
	}
	pos, crd := levelsOf(t)
	for l := range pos {
		pos[l], crd[l] = slices.Clone(pos[l]), slices.Clone(crd[l])
	}
	out := new(csf.Tensor[To])
	out.Trusted(check.Key{}).Adopt(t.Shape(), t.ModeOrder(), pos, crd, castValues[To](t.Values()))
	return out
}

func castValues[To, From Float](v []From) []To {
	out := make([]To, len(v))
	for i, x := range v {
		out[i] = To(x)
	}
	return out
}
