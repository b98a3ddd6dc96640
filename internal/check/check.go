// Package check holds the validation rules that several layouts share: the
// compressed-level rule of ADR-025 §6 (which CSR and CSC mirror) and buffer
// length checks. The scans run on the dispatched kernels.
//
// It also holds the other side of validation (trusted.go): the key with
// which the module's own builders hand a format package arrays that are
// valid by construction, and the switch (Verify, Main) that makes the
// tests validate them anyway.
package check

import (
	"fmt"
	"math/bits"

	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// Level names the buffers of one compressed level in errors.
type Level struct {
	Tag      layout.Tag
	PosField string // "pos", "row_ptr", "col_ptr"
	CrdField string // "crd", "col_idx", "row_idx"
	Level    int    // CSF level, or -1
}

// Compressed checks one compressed level with nparent parents against a bound:
// len(pos) = nparent+1, pos[0] = 0, pos non-decreasing, pos[nparent] =
// len(crd), crd strictly increasing within each parent's segment, and every
// crd below bound.
func (l Level) Compressed(pos, crd []uint64, nparent int, bound uint64) error {
	if len(pos) != nparent+1 {
		return layout.Errorf(l.Tag, l.PosField, l.Level, -1, "length %d, want %d (parents + 1)", len(pos), nparent+1)
	}
	if pos[0] != 0 {
		return layout.Errorf(l.Tag, l.PosField, l.Level, 0, "%d, want 0", pos[0])
	}
	if last := pos[nparent]; last != uint64(len(crd)) {
		return layout.Errorf(l.Tag, l.PosField, l.Level, nparent, "terminal entry %d, want %d (the length of %s)", last, len(crd), l.CrdField)
	}
	// One pass over pos and one over crd check the rest; the first index
	// breaking a rule is reported, pos before crd.
	posBad, crdBad := engine.CheckCompressed(pos, crd, bound)
	if i := posBad; i >= 0 {
		return layout.Errorf(l.Tag, l.PosField, l.Level, i, "%d is below the previous entry %d (must be non-decreasing)", pos[i], pos[i-1])
	}
	if i := crdBad; i >= 0 {
		if crd[i] >= bound {
			return layout.Errorf(l.Tag, l.CrdField, l.Level, i, "%d is not below the dimension size %d", crd[i], bound)
		}
		return layout.Errorf(l.Tag, l.CrdField, l.Level, i, "%d follows %d in the same segment (must strictly increase)", crd[i], crd[i-1])
	}
	return nil
}

// BufferLen checks that a buffer's byte length is a multiple of the element
// size.
func BufferLen(tag layout.Tag, field string, b []byte, elem int) error {
	if len(b)%elem != 0 {
		return layout.Errorf(tag, field, -1, -1, "byte length %d is not a multiple of %d", len(b), elem)
	}
	return nil
}

// BufferCount checks the number of buffers of a table of float values.
// Fewer than the layout needs is invalid; more is the spec's quantization
// parameters (the buffers after the layout's own), which the float types do
// not read: unsupported (the layout's Quantized type reads them).
func BufferCount(tag layout.Tag, buffers [][]byte, want int) error {
	if len(buffers) > want {
		return fmt.Errorf("%v: %d buffers, want %d: buffers past the layout's own are quantization parameters, which the float types do not read (open the table with the quantized type): %w", tag, len(buffers), want, layout.ErrUnsupported)
	}
	if len(buffers) != want {
		return layout.Errorf(tag, "buffers", -1, -1, "%d buffers, want %d", len(buffers), want)
	}
	return nil
}

// QuantBufferCount checks the number of buffers of a table of quantized
// values: the layout's own n, then the parameter buffers of scheme s.
func QuantBufferCount(tag layout.Tag, buffers [][]byte, n int, s quant.Scheme) error {
	if s.IsZero() {
		return layout.Errorf(tag, "scheme", -1, -1, "none given")
	}
	if want := n + s.ParamCount(); len(buffers) != want {
		return layout.Errorf(tag, "buffers", -1, -1, "%d buffers, want %d: %d of the layout, then %d parameter buffers of %v", len(buffers), want, n, s.ParamCount(), s)
	}
	return nil
}

// Disjoint checks that no two buffers share a byte. A structure viewed on
// overlapping buffers would change one of its arrays when it writes
// another: COO's Sort wrote the coordinates and then the values through the
// same bytes, leaving coordinates outside the shape in a tensor marked
// valid.
func Disjoint(tag layout.Tag, buffers [][]byte) error {
	for j, b := range buffers {
		for i, a := range buffers[:j] {
			if dense.Overlap(a, b) {
				return layout.Errorf(tag, "buffers", -1, j, "buffer %d shares memory with buffer %d", j, i)
			}
		}
	}
	return nil
}

// Outcome is what a format's Validate does with the result err of its
// checks: a failure clears *valid (so the structure refuses to compute until
// a Validate passes), written only when it changes, so that Validate of a
// valid structure writes nothing. It returns err.
func Outcome(valid *bool, err error) error {
	if err != nil && *valid {
		*valid = false
	}
	return err
}

// InShape panics with a message naming the package and the coordinate when
// coord does not have one entry per mode or lies outside shape: the At of
// every layout checks its coordinate so, as gonum's At does.
func InShape(pkg string, shape, coord []uint64) {
	if len(coord) != len(shape) {
		panic(fmt.Sprintf("%s: At: coordinate of length %d for rank %d", pkg, len(coord), len(shape)))
	}
	for m, c := range coord {
		if c >= shape[m] {
			panic(fmt.Sprintf("%s: At%v outside the shape %v (mode %d)", pkg, coord, shape, m))
		}
	}
}

// DenseLen returns the number of elements of a dense array of shape, the
// product of its elements, for a ToDense of package pkg; it panics when
// the product does not fit an int.
func DenseLen(pkg string, shape []uint64) int {
	n := uint64(1)
	for _, d := range shape {
		hi, lo := bits.Mul64(n, d)
		if hi != 0 || lo > uint64(int(^uint(0)>>1)) {
			panic(fmt.Sprintf("%s: ToDense: a tensor of shape %v does not fit an int", pkg, shape))
		}
		n = lo
	}
	return int(n)
}

// Dims returns shape as ints, the Dims of every layout. It panics with a
// message naming the package when a dimension does not fit an int.
func Dims(pkg string, shape []uint64) []int {
	out := make([]int, len(shape))
	for m, d := range shape {
		if d > uint64(int(^uint(0)>>1)) {
			panic(fmt.Sprintf("%s: Dims: dimension %d (mode %d) does not fit an int", pkg, d, m))
		}
		out[m] = int(d)
	}
	return out
}

// Built is the end of every format's constructor: x as built when mode is
// Permissive (held unchecked until its Validate passes), else x once
// validate passes, or the zero T and validate's error.
func Built[T any](x T, mode layout.Mode, validate func() error) (T, error) {
	if mode == layout.Permissive {
		return x, nil
	}
	if err := validate(); err != nil {
		var zero T
		return zero, err
	}
	return x, nil
}

// QuantValues reads the values of a quantized layout from its buffer
// table: the codes (buffer 0), the layout's own index buffers up to
// buffer first, then the parameter buffers of s. It checks the buffer
// count and that no two buffers share memory, runs view, which views the
// index buffers and returns the number of values they hold, then reads the
// codes and parameters (quant.FromBuffers) at loc.
func QuantValues(tag layout.Tag, buffers [][]byte, first int, s quant.Scheme, loc quant.Loc, view func() (int, error)) (quant.Values, error) {
	if err := QuantBufferCount(tag, buffers, first, s); err != nil {
		return quant.Values{}, err
	}
	if err := Disjoint(tag, buffers); err != nil {
		return quant.Values{}, err
	}
	n, err := view()
	if err != nil {
		return quant.Values{}, err
	}
	return quant.FromBuffers(s, n, buffers[0], buffers[first:], loc)
}

// MustValid panics with an error matching layout.ErrUnvalidated, prefixed
// with the layout's name, when valid is false: what every format's
// computing methods do on a structure that has not passed validation.
func MustValid(tag layout.Tag, valid bool) {
	if !valid {
		panic(fmt.Errorf("%v: %w: held in permissive mode, or its last Validate failed; call Validate first", tag, layout.ErrUnvalidated))
	}
}
