package convert

// How the conversions make their results: the fast paths wrap the arrays
// they built with the format packages' trusted constructors, and the ...To
// forms take dst's buffers when they may.

import (
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/internal/dense"
)

// trustedCOO, trustedCSF and trustedMatrix wrap arrays the fast
// conversions built from validated inputs: valid by construction, so not
// scanned again (see internal/check; the package's tests set check.Verify,
// which scans them).
func trustedCOO[T Float](shape, coords []uint64, vals []T, sorted bool) *coo.Tensor[T] {
	t := new(coo.Tensor[T])
	t.Trusted(check.Key{}).Adopt(shape, coords, vals, sorted)
	return t
}

func trustedCSF[T Float](shape []uint64, mo []uint32, pos, crd [][]uint64, vals []T) *csf.Tensor[T] {
	t := new(csf.Tensor[T])
	t.Trusted(check.Key{}).Adopt(shape, mo, pos, crd, vals)
	return t
}

func trustedMatrix[T Float](rows, cols uint64, csc bool, ptr, idx []uint64, vals []T) *csr.Matrix[T] {
	m := new(csr.Matrix[T])
	m.Trusted(check.Key{}).Adopt(rows, cols, csc, false, ptr, idx, vals)
	return m
}

// The ...To conversions write into dst's buffers only when they are dst's
// own and share no memory with the input's: a dst that holds another
// structure's arrays (a leaf-mode csf TTV or SDDMM result borrows the
// tensor's levels, a leaf-mode TTVMatrix index is the tensor's crd) or the
// input itself would be overwritten while read, leaving a result marked
// valid that is not, or a tensor changed under its user. Such a dst gets
// fresh buffers instead. A dst whose buffers are taken is marked
// unvalidated: its header no longer describes them, so it refuses to
// compute rather than read past them.

// arrays lists a structure's index arrays and values for the overlap tests.
type arrays[T Float] struct {
	idx  [][]uint64
	vals []T
}

func cooArrays[T Float](t *coo.Tensor[T]) arrays[T] {
	return arrays[T]{[][]uint64{t.Coords()}, t.Values()}
}

func csrArrays[T Float](a *csr.Matrix[T]) arrays[T] {
	return arrays[T]{[][]uint64{a.Ptr(), a.Idx()}, a.Values()}
}

func csfArrays[T Float](t *csf.Tensor[T]) arrays[T] {
	r := t.Rank()
	s := make([][]uint64, 0, 2*r)
	for L := range r {
		s = append(s, t.Pos(L), t.Crd(L))
	}
	return arrays[T]{s, t.Values()}
}

// overlap reports whether any array of a shares memory with any of b.
func (a arrays[T]) overlap(b arrays[T]) bool {
	if dense.Overlap(a.vals, b.vals) || dense.OverlapAny(a.vals, b.idx...) || dense.OverlapAny(b.vals, a.idx...) {
		return true
	}
	for _, x := range a.idx {
		if dense.OverlapAny(x, b.idx...) {
			return true
		}
	}
	return false
}

// reuseCSR returns dst when its buffers may take a result read from in,
// else nil.
func reuseCSR[T Float](dst *csr.Matrix[T], in arrays[T]) *csr.Matrix[T] {
	if dst == nil || dst.Trusted(check.Key{}).Shared() || csrArrays(dst).overlap(in) {
		return nil
	}
	dst.Trusted(check.Key{}).Invalidate() // its buffers become the result's
	return dst
}

// reuseCSF is reuseCSR for a csf dst.
func reuseCSF[T Float](dst *csf.Tensor[T], in arrays[T]) *csf.Tensor[T] {
	if dst == nil || dst.Trusted(check.Key{}).Shared() || csfArrays(dst).overlap(in) {
		return nil
	}
	dst.Trusted(check.Key{}).Invalidate()
	return dst
}

// cooBuffers returns the coordinates (n tuples of rank r) and the values (n)
// of a COO result: dst's buffers, grown, when dst is not nil and shares no
// memory with in (dst is then invalidated, as reuseCSR does), else new ones.
func cooBuffers[T Float](dst *coo.Tensor[T], in arrays[T], n, r int) ([]uint64, []T) {
	var coords []uint64
	var vals []T
	if dst != nil && !cooArrays(dst).overlap(in) {
		dst.Trusted(check.Key{}).Invalidate()
		coords, vals = dst.Coords(), dst.Values()
	}
	return grow(coords, n*r), grow(vals, n)
}
