package csr

import (
	"fmt"

	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/layout"
)

// index is the index structure of a CSR or CSC matrix, float (Matrix) or
// quantized (Quantized): the shape, which dimension is compressed, the
// pointer array and the indices. Both types validate, look up and iterate
// through it, so that the rules and the searches exist once.
type index struct {
	rows, cols uint64
	csc        bool     // column-compressed: ptr runs over columns
	ptr, idx   []uint64 // row_ptr/col_idx (CSR) or col_ptr/row_idx (CSC)
}

// tag returns layout.TagCSR or layout.TagCSC.
func (x *index) tag() layout.Tag {
	if x.csc {
		return layout.TagCSC
	}
	return layout.TagCSR
}

// fields names the pointer and index buffers.
func (x *index) fields() (ptr, idx string) {
	if x.csc {
		return "col_ptr", "row_idx"
	}
	return "row_ptr", "col_idx"
}

// major and minor are the compressed and the indexed dimension.
func (x *index) major() uint64 {
	if x.csc {
		return x.cols
	}
	return x.rows
}

func (x *index) minor() uint64 {
	if x.csc {
		return x.rows
	}
	return x.cols
}

// viewBuffers views buffers 1 and 2 of raw (the pointer array and the
// indices) after checking that each holds whole uint64s. The caller has
// checked the buffer count.
func (x *index) viewBuffers(raw [][]byte) error {
	tag := x.tag()
	pf, xf := x.fields()
	if err := check.BufferLen(tag, pf, raw[1], 8); err != nil {
		return err
	}
	if err := check.BufferLen(tag, xf, raw[2], 8); err != nil {
		return err
	}
	x.ptr, _ = mem.Uint64s(raw[1])
	x.idx, _ = mem.Uint64s(raw[2])
	return nil
}

// validate checks every invariant of the index: the compressed dimension
// within MaxCompressed and the pointer and index rules of a compressed
// level.
func (x *index) validate() error {
	tag := x.tag()
	major := x.major()
	if major > MaxCompressed {
		return layout.Errorf(tag, "shape", -1, -1, "%d rows/columns to compress is too many", major)
	}
	pf, xf := x.fields()
	lv := check.Level{Tag: tag, PosField: pf, CrdField: xf, Level: -1}
	return lv.Compressed(x.ptr, x.idx, int(major), x.minor())
}

// find returns the position of entry (i, j) in storage order, or ok = false
// when it is not stored or lies outside the shape. The index must be valid.
func (x *index) find(i, j uint64) (k int, ok bool) {
	if i >= x.rows || j >= x.cols {
		return -1, false
	}
	maj, mnr := i, j
	if x.csc {
		maj, mnr = j, i
	}
	lo, hi := int(x.ptr[maj]), int(x.ptr[maj+1])
	k = lo + engine.LowerBound(x.idx[lo:hi], mnr)
	if k < hi && x.idx[k] == mnr {
		return k, true
	}
	return -1, false
}

// findBatch looks up n (row, col) pairs, coords row-major n x 2; out[k]
// receives the position in storage order or -1. The index must be valid;
// it panics when len(coords) != 2*len(out).
func (x *index) findBatch(coords []uint64, out []int) {
	if len(coords) != 2*len(out) {
		panic(fmt.Sprintf("csr: FindBatch: %d coordinates for %d results", len(coords), len(out)))
	}
	majOff, mnrOff := 0, 1
	if x.csc {
		majOff, mnrOff = 1, 0
	}
	// The major coordinate selects the segment directly; out-of-range majors
	// become the parent -1.
	major := x.major()
	for k := range out {
		if m := coords[2*k+majOff]; m < major {
			out[k] = int(m)
		} else {
			out[k] = -1
		}
	}
	engine.DescendLevel(out, x.ptr, x.idx, coords, 2, mnrOff)
}

// all calls yield with the logical (row, col) and the position in storage
// order of every stored entry, in storage order, until yield returns
// false. The coordinate slice is reused between calls.
func (x *index) all(yield func(c []uint64, k int) bool) {
	c := make([]uint64, 2)
	majOff, mnrOff := 0, 1
	if x.csc {
		majOff, mnrOff = 1, 0
	}
	for m := 0; m+1 < len(x.ptr); m++ {
		c[majOff] = uint64(m)
		for k := x.ptr[m]; k < x.ptr[m+1]; k++ {
			c[mnrOff] = x.idx[k]
			if !yield(c, int(k)) {
				return
			}
		}
	}
}
