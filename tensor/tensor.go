package tensor

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"unsafe"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// ValueType is what buffer 0 holds.
type ValueType uint8

// The value types. The zero ValueType names none.
const (
	Float32 ValueType = iota + 1 // little-endian IEEE 754 binary32, one a stored value
	Float64                      // little-endian IEEE 754 binary64, one a stored value
	Codes                        // the codes of Descriptor.Scheme, its parameter buffers after the layout's
)

// String returns "float32", "float64" or "codes".
func (v ValueType) String() string {
	if int(v) < len(valueTypeNames) && valueTypeNames[v] != "" {
		return valueTypeNames[v]
	}
	return fmt.Sprintf("ValueType(%d)", uint8(v))
}

var valueTypeNames = [...]string{Float32: "float32", Float64: "float64", Codes: "codes"}

// Scheme is the quantization scheme of a descriptor: a scheme quant knows,
// or, in permissive mode, a spelling it does not know, held byte for byte.
// The zero Scheme names none.
type Scheme struct {
	known quant.Scheme
	raw   []byte // the spelling as given, when parsed from bytes
}

// KnownScheme returns the Scheme of s.
func KnownScheme(s quant.Scheme) Scheme { return Scheme{known: s} }

// ParseScheme reads a scheme's spelling (quant.Parse). A spelling whose
// kind quant does not know (an error matching layout.ErrUnsupported) is an
// error in strict mode and held byte for byte in permissive mode; a
// malformed spelling of a known kind, or an empty one, is an error in both
// modes. The Scheme keeps a copy of the spelling, which Bytes returns.
func ParseScheme(spelling []byte, mode layout.Mode) (Scheme, error) {
	s, err := quant.Parse(string(spelling))
	switch {
	case err == nil:
		return Scheme{known: s, raw: append([]byte(nil), spelling...)}, nil
	case len(spelling) > 0 && mode == layout.Permissive && errors.Is(err, layout.ErrUnsupported):
		return Scheme{raw: append([]byte(nil), spelling...)}, nil
	}
	return Scheme{}, err
}

// IsZero reports whether s names no scheme.
func (s Scheme) IsZero() bool { return s.known.IsZero() && len(s.raw) == 0 }

// Known reports whether quant knows the scheme (false for the zero Scheme
// and a held spelling).
func (s Scheme) Known() bool { return !s.known.IsZero() }

// Quant returns the quant.Scheme, and ok = false when the scheme is held
// unknown or zero.
func (s Scheme) Quant() (q quant.Scheme, ok bool) { return s.known, s.Known() }

// Bytes returns the spelling: the bytes ParseScheme read, unchanged (for an
// unknown scheme too), or the canonical spelling of a KnownScheme. It is a
// copy.
func (s Scheme) Bytes() []byte {
	if s.raw != nil {
		return append([]byte(nil), s.raw...)
	}
	if s.known.IsZero() {
		return nil
	}
	return []byte(s.known.String())
}

// String returns the spelling, quoted when it is held unknown.
func (s Scheme) String() string {
	switch {
	case s.Known():
		return s.known.String()
	case len(s.raw) > 0:
		return fmt.Sprintf("%q (unknown)", s.raw)
	}
	return "none"
}

// Descriptor is a tensor descriptor: the logical shape, the layout
// descriptor, the value type and, for Codes, the scheme.
type Descriptor struct {
	Shape  []uint64
	Layout layout.Descriptor
	Type   ValueType
	Scheme Scheme // set exactly when Type is Codes
}

// Structure is what Open returns: one of the types of the package doc's
// table, or *Held.
type Structure interface {
	// Shape returns the logical shape (a copy).
	Shape() []uint64
	// Buffers returns the buffer table in spec order without copying.
	Buffers() [][]byte
	// Validate checks every invariant; a structure computes only once it
	// passed.
	Validate() error
	// Valid reports whether the structure has passed validation.
	Valid() bool
}

var (
	_ Structure = (*coo.Tensor[float32])(nil)
	_ Structure = (*coo.Quantized)(nil)
	_ Structure = (*csr.Matrix[float64])(nil)
	_ Structure = (*csr.Quantized)(nil)
	_ Structure = (*csf.Tensor[float32])(nil)
	_ Structure = (*csf.Quantized)(nil)
	_ Structure = (*Held)(nil)
)

// errorf is a validation error of the descriptor's layout.
func (d *Descriptor) errorf(field string, index int, format string, args ...any) error {
	var tag layout.Tag
	if d.Layout != nil {
		tag = d.Layout.Tag()
	}
	return layout.Errorf(tag, field, -1, index, format, args...)
}

// unknown reports whether the descriptor holds a part this library does not
// decode: a layout.Unknown layout or an unknown scheme.
func (d *Descriptor) unknown() bool {
	_, u := d.Layout.(layout.Unknown)
	return u || (d.Type == Codes && !d.Scheme.Known())
}

// Validate checks the descriptor itself: a layout and a value type set, a
// scheme exactly for Codes, the layout against the shape
// (layout.Descriptor.Validate: the rank rules and a CSF mode order) and a
// channel scheme's axis below the rank. An unknown layout or scheme is an
// error matching layout.ErrUnsupported in strict mode and passes in
// permissive mode (where the shape's rank is still at most 64).
func (d *Descriptor) Validate(mode layout.Mode) error {
	if d.Layout == nil {
		return layout.Errorf(layout.TagInvalid, "layout", -1, -1, "none given")
	}
	switch d.Type {
	case Float32, Float64:
		if !d.Scheme.IsZero() {
			return d.errorf("scheme", -1, "%v given for %v values (a scheme decorates codes)", d.Scheme, d.Type)
		}
	case Codes:
		if d.Scheme.IsZero() {
			return d.errorf("scheme", -1, "none given for codes")
		}
		if !d.Scheme.Known() && mode != layout.Permissive {
			return fmt.Errorf("%v: scheme %q is not known to this library: %w", d.Layout.Tag(), d.Scheme.raw, layout.ErrUnsupported)
		}
	default:
		return d.errorf("value type", -1, "%v, want float32, float64 or codes", d.Type)
	}
	if len(d.Shape) > layout.MaxRank {
		return d.errorf("shape", -1, "rank %d, more than %d", len(d.Shape), layout.MaxRank)
	}
	if _, u := d.Layout.(layout.Unknown); u {
		if mode != layout.Permissive {
			return d.Layout.Validate(d.Shape) // ErrUnsupported
		}
		return nil
	}
	if err := d.Layout.Validate(d.Shape); err != nil {
		return err
	}
	if s, ok := d.Scheme.Quant(); ok && s.Axis() >= len(d.Shape) {
		return d.errorf("scheme", -1, "%v: axis %d is not below the rank %d", s, s.Axis(), len(d.Shape))
	}
	return nil
}

// BufferCount returns the number of buffers of the table: the layout's
// count for the rank plus the scheme's parameter count. ok is false when
// it is not known: an unknown layout or scheme, or a CSF rank outside 3..64.
func (d *Descriptor) BufferCount() (n int, ok bool) {
	if d.Layout == nil {
		return 0, false
	}
	n, ok = d.Layout.BufferCount(len(d.Shape))
	if !ok || d.Type != Codes {
		return n, ok
	}
	s, known := d.Scheme.Quant()
	if !known {
		return 0, false
	}
	return n + s.ParamCount(), true
}

// elemSizes returns the element size of every buffer of the table, when
// the count is known: the values (4, 8, or 1 for codes), the layout's index
// buffers (8), the parameter buffers (4 for float32, 1 for the others).
func (d *Descriptor) elemSizes() ([]int, bool) {
	n, ok := d.BufferCount()
	if !ok {
		return nil, false
	}
	sizes := make([]int, n)
	for i := range sizes {
		sizes[i] = 8
	}
	switch d.Type {
	case Float32:
		sizes[0] = 4
	case Codes:
		sizes[0] = 1
		s, _ := d.Scheme.Quant()
		first := n - s.ParamCount()
		for i := range s.ParamCount() {
			sizes[first+i] = s.Param(i).Type.Size()
		}
	}
	return sizes, true
}

// Copies returns the indices of the buffers that Open would copy rather
// than view in place: on a little-endian host, those not aligned to their
// element size (1-byte codes and parameters never are copied); on a
// big-endian host, every buffer of multi-byte elements. It returns nil when
// the buffer count is unknown or does not match.
func (d *Descriptor) Copies(buffers [][]byte) []int {
	sizes, ok := d.elemSizes()
	if !ok || len(sizes) != len(buffers) {
		return nil
	}
	var out []int
	for i, b := range buffers {
		if sizes[i] == 1 || len(b) == 0 {
			continue
		}
		if !mem.LittleEndian || uintptr(unsafe.Pointer(unsafe.SliceData(b)))%uintptr(sizes[i]) != 0 {
			out = append(out, i)
		}
	}
	return out
}

// Check checks a whole buffer table against the descriptor, as Open would,
// without keeping what it opened: the descriptor (Validate), the buffer
// count when known, that each buffer holds whole elements, then in strict
// mode every invariant of the layout and the scheme and the descriptor's
// nnz (and a COO is_sorted claim) against the table. In permissive mode an
// unknown layout or scheme is held: only the counts and lengths that are
// known are checked (the layout's own buffers of an unknown scheme are
// still checked as index buffers), and the known layouts are checked as
// their permissive FromBuffers do.
func (d *Descriptor) Check(buffers [][]byte, mode layout.Mode) error {
	_, err := d.open(buffers, mode, false)
	return err
}

// Open builds the structure the descriptor names from the buffer table,
// zero copy where the host allows (see the package doc for the types). In
// strict mode the result is validated (Check's rules); in permissive mode
// it is held unvalidated, or as a *Held for an unknown layout or scheme and
// for the dense layouts.
func (d *Descriptor) Open(buffers [][]byte, mode layout.Mode) (Structure, error) {
	return d.open(buffers, mode, true)
}

// open is Open, or Check when build is false: a dense table, which has no
// structure, then passes its checks in strict mode too.
func (d *Descriptor) open(buffers [][]byte, mode layout.Mode, build bool) (Structure, error) {
	if err := d.Validate(mode); err != nil {
		return nil, err
	}
	if d.unknown() {
		if err := d.checkHeld(buffers); err != nil {
			return nil, err
		}
		return d.held(buffers, fmt.Errorf("%v: %w", d.what(), layout.ErrUnsupported)), nil
	}
	if n, _ := d.BufferCount(); len(buffers) != n {
		return nil, d.errorf("buffers", -1, "%d buffers, want %d: %s", len(buffers), n, d.countWhy())
	}
	var s Structure
	var err error
	switch l := d.Layout.(type) {
	case layout.RowMajor, layout.ColMajor:
		if err := d.checkDense(buffers, mode); err != nil {
			return nil, err
		}
		why := fmt.Errorf("%v: dense layouts have no structure in this module: %w", d.Layout.Tag(), layout.ErrUnsupported)
		if build && mode != layout.Permissive {
			return nil, why
		}
		return d.held(buffers, why), nil
	case layout.COO:
		s, err = d.openCOO(buffers, mode)
		if err == nil && mode != layout.Permissive && l.IsSorted && !isSortedCOO(s) {
			return nil, d.errorf("is_sorted", -1, "the descriptor claims sorted tuples; they are not in row-major order")
		}
		if err == nil {
			err = d.checkNNZ(s, l.NNZ)
		}
	case layout.CSR, layout.CSC:
		csc := l.Tag() == layout.TagCSC
		s, err = d.openMatrix(buffers, csc, mode)
		nnz := uint64(0)
		if c, ok := l.(layout.CSR); ok {
			nnz = c.NNZ
		} else {
			nnz = l.(layout.CSC).NNZ
		}
		if err == nil {
			err = d.checkNNZ(s, nnz)
		}
	case layout.CSF:
		s, err = d.openCSF(buffers, l.ModeOrder, mode)
	default:
		return nil, fmt.Errorf("%v: %w", d.Layout.Tag(), layout.ErrUnsupported)
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

// countWhy says where the buffer count comes from.
func (d *Descriptor) countWhy() string {
	n, _ := d.Layout.BufferCount(len(d.Shape))
	if d.Type != Codes {
		return fmt.Sprintf("%d of the %v layout", n, d.Layout.Tag())
	}
	s, _ := d.Scheme.Quant()
	return fmt.Sprintf("%d of the %v layout, then %d parameter buffers of %v", n, d.Layout.Tag(), s.ParamCount(), s)
}

// what names what a Held holds unread.
func (d *Descriptor) what() string {
	if _, u := d.Layout.(layout.Unknown); u {
		return fmt.Sprintf("layout %v is not decoded by this library", d.Layout.Tag())
	}
	return fmt.Sprintf("%v: scheme %q is not known to this library", d.Layout.Tag(), d.Scheme.raw)
}

// checkHeld checks what is known of a table held in permissive mode: with
// a known layout and an unknown scheme, at least the layout's buffers, its
// index buffers whole uint64s, and no two buffers sharing memory.
func (d *Descriptor) checkHeld(buffers [][]byte) error {
	n, ok := d.Layout.BufferCount(len(d.Shape))
	if !ok {
		return nil
	}
	if len(buffers) < n {
		return d.errorf("buffers", -1, "%d buffers, want at least the %d of the %v layout", len(buffers), n, d.Layout.Tag())
	}
	for i := 1; i < n; i++ {
		if len(buffers[i])%8 != 0 {
			return d.errorf(fmt.Sprintf("buffer %d", i), -1, "byte length %d is not a multiple of 8", len(buffers[i]))
		}
	}
	return nil
}

func (d *Descriptor) held(buffers [][]byte, err error) *Held {
	return &Held{d: Descriptor{Shape: slices.Clone(d.Shape), Layout: d.Layout, Type: d.Type, Scheme: d.Scheme}, buffers: buffers, err: err}
}

// checkNNZ compares the descriptor's nnz with the structure's.
func (d *Descriptor) checkNNZ(s Structure, nnz uint64) error {
	var got int
	switch s := s.(type) {
	case interface{ NNZ() int }:
		got = s.NNZ()
	default:
		return nil
	}
	if uint64(got) != nnz {
		return d.errorf("nnz", -1, "the descriptor says %d, the buffer table holds %d", nnz, got)
	}
	return nil
}

// isSortedCOO reports whether a COO structure's tuples are sorted.
func isSortedCOO(s Structure) bool {
	switch t := s.(type) {
	case *coo.Tensor[float32]:
		return t.IsSorted()
	case *coo.Tensor[float64]:
		return t.IsSorted()
	case *coo.Quantized:
		return t.IsSorted()
	}
	return false
}

// The float FromBuffers adopt the shape and mode order they are given: the
// structures get copies, so that they share nothing with the descriptor.

func (d *Descriptor) openCOO(buffers [][]byte, mode layout.Mode) (Structure, error) {
	switch d.Type {
	case Float32:
		return coo.FromBuffers[float32](slices.Clone(d.Shape), buffers, mode)
	case Float64:
		return coo.FromBuffers[float64](slices.Clone(d.Shape), buffers, mode)
	}
	s, _ := d.Scheme.Quant()
	return coo.FromBuffersQuantized(d.Shape, s, buffers, mode)
}

func (d *Descriptor) openMatrix(buffers [][]byte, csc bool, mode layout.Mode) (Structure, error) {
	rows, cols := d.Shape[0], d.Shape[1]
	switch {
	case d.Type == Float32 && csc:
		return csr.FromBuffersCSC[float32](rows, cols, buffers, mode)
	case d.Type == Float32:
		return csr.FromBuffers[float32](rows, cols, buffers, mode)
	case d.Type == Float64 && csc:
		return csr.FromBuffersCSC[float64](rows, cols, buffers, mode)
	case d.Type == Float64:
		return csr.FromBuffers[float64](rows, cols, buffers, mode)
	}
	s, _ := d.Scheme.Quant()
	if csc {
		return csr.FromBuffersQuantizedCSC(rows, cols, s, buffers, mode)
	}
	return csr.FromBuffersQuantized(rows, cols, s, buffers, mode)
}

func (d *Descriptor) openCSF(buffers [][]byte, mo []uint32, mode layout.Mode) (Structure, error) {
	switch d.Type {
	case Float32:
		return csf.FromBuffers[float32](slices.Clone(d.Shape), slices.Clone(mo), buffers, mode)
	case Float64:
		return csf.FromBuffers[float64](slices.Clone(d.Shape), slices.Clone(mo), buffers, mode)
	}
	s, _ := d.Scheme.Quant()
	return csf.FromBuffersQuantized(d.Shape, mo, s, buffers, mode)
}

// checkDense checks a dense table: buffer 0 holds one value (or code) for
// every cell, and in strict mode the quantized values pass
// quant.Values.Validate with their parameter buffers from 1. The buffer
// count is checked.
func (d *Descriptor) checkDense(buffers [][]byte, mode layout.Mode) error {
	cells := uint64(1)
	for _, n := range d.Shape {
		hi, lo := bits.Mul64(cells, n)
		if hi != 0 || lo > math.MaxInt/8 {
			return d.errorf("shape", -1, "%v: the cell count overflows", d.Shape)
		}
		cells = lo
	}
	switch d.Type {
	case Float32, Float64:
		size := uint64(4)
		if d.Type == Float64 {
			size = 8
		}
		if uint64(len(buffers[0])) != cells*size {
			return d.errorf("values", -1, "byte length %d, want %d (%d cells of %v)", len(buffers[0]), cells*size, cells, d.Type)
		}
		return nil
	}
	s, _ := d.Scheme.Quant()
	at := quant.Loc{Layout: d.Layout.Tag(), First: 1}
	v, err := quant.FromBuffers(s, int(cells), buffers[0], buffers[1:], at)
	if err != nil {
		return err
	}
	if mode == layout.Permissive {
		if want := s.CodeBytes(int(cells)); len(buffers[0]) != want {
			return d.errorf("buffer 0 (codes)", -1, "length %d, want %d (%d cells)", len(buffers[0]), want, cells)
		}
		return nil
	}
	return v.Validate(d.Shape, at)
}

// Held is a buffer table held in permissive mode without being read: its
// layout, its scheme or its dense layout is one this library does not
// compute on. It re-emits its buffers and its descriptor (the scheme's
// spelling byte for byte) unchanged, and refuses to compute: Validate
// returns an error matching layout.ErrUnsupported and Valid is false.
type Held struct {
	d       Descriptor
	buffers [][]byte
	err     error
}

// Descriptor returns the descriptor the table was opened with (its shape
// a copy).
func (h *Held) Descriptor() Descriptor {
	d := h.d
	d.Shape = append([]uint64(nil), h.d.Shape...)
	return d
}

// Shape returns the shape (a copy).
func (h *Held) Shape() []uint64 { return append([]uint64(nil), h.d.Shape...) }

// Buffers returns the buffers as given to Open, without copying.
func (h *Held) Buffers() [][]byte { return h.buffers }

// Validate reports why the table cannot be computed on: an error matching
// layout.ErrUnsupported.
func (h *Held) Validate() error { return h.err }

// Valid is false: a held table never computes.
func (h *Held) Valid() bool { return false }

// String summarises the hold.
func (h *Held) String() string {
	return fmt.Sprintf("held %v %v %v %v, %d buffers", h.d.Layout.Tag(), h.d.Type, h.d.Scheme, h.d.Shape, len(h.buffers))
}
