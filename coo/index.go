package coo

import (
	"fmt"
	"slices"

	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/layout"
)

// index is the index structure of a COO tensor, float (Tensor) or quantized
// (Quantized): the shape and the coordinate tuples. Both types validate and
// look up through it, so that the rules and the searches exist once.
type index struct {
	shape  []uint64
	coords []uint64
}

// viewBuffers views buffer 1 of raw (the coordinates) after checking that
// it holds whole uint64s. The caller has checked the buffer count.
func (x *index) viewBuffers(raw [][]byte) error {
	if err := check.BufferLen(layout.TagCOO, "coords", raw[1], 8); err != nil {
		return err
	}
	x.coords, _ = mem.Uint64s(raw[1])
	return nil
}

// validate checks the rank, that the coordinates hold nnz tuples and every
// coordinate's bound, and returns whether the tuples are sorted.
func (x *index) validate(nnz int) (sorted bool, err error) {
	if err := (layout.COO{}).Validate(x.shape); err != nil {
		return false, err
	}
	rank := len(x.shape)
	if len(x.coords)%rank != 0 || len(x.coords)/rank != nnz {
		return false, layout.Errorf(layout.TagCOO, "coords", -1, -1, "length %d, want nnz*rank = %d*%d", len(x.coords), nnz, rank)
	}
	i, sorted := scanCoords(x.coords, x.shape)
	if i >= 0 {
		return false, layout.Errorf(layout.TagCOO, "coords", -1, i, "entry %d mode %d: %d is not below the dimension size %d", i/rank, i%rank, x.coords[i], x.shape[i%rank])
	}
	return sorted, nil
}

// checkSorted reports whether the tuples are in non-decreasing row-major
// order.
func (x *index) checkSorted() bool {
	return sortedRange(x.coords, len(x.shape), 0, len(x.coords)/len(x.shape))
}

// find returns the index of the first entry with the given coordinate, or
// ok = false: a binary search when sorted, else a scan. It panics when
// len(coord) is not the rank.
func (x *index) find(coord []uint64, sorted bool) (i int, ok bool) {
	r := len(x.shape)
	if len(coord) != r {
		panic(fmt.Sprintf("coo: coordinate of length %d for rank %d", len(coord), r))
	}
	n := len(x.coords) / r
	if sorted {
		lo, hi := 0, n
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			if slices.Compare(x.coords[mid*r:mid*r+r], coord) < 0 {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo < n && slices.Equal(x.coords[lo*r:lo*r+r], coord) {
			return lo, true
		}
		return -1, false
	}
	for i := range n {
		if slices.Equal(x.coords[i*r:i*r+r], coord) {
			return i, true
		}
	}
	return -1, false
}

// matches calls f with the index of every entry stored at coord, in
// storage order (COO may repeat a coordinate).
func (x *index) matches(coord []uint64, sorted bool, f func(k int)) {
	i, ok := x.find(coord, sorted)
	if !ok {
		return
	}
	r := len(x.shape)
	n := len(x.coords) / r
	for ; i < n; i++ {
		if slices.Equal(x.coords[i*r:i*r+r], coord) {
			f(i)
		} else if sorted {
			return
		}
	}
}

// findBatch looks up n coordinates (row-major n x rank); out[k] receives
// the index of the first matching entry or -1.
func (x *index) findBatch(coords []uint64, out []int, sorted bool) {
	r := len(x.shape)
	if len(coords) != r*len(out) {
		panic(fmt.Sprintf("coo: FindBatch: %d coordinates for %d results of rank %d", len(coords), len(out), r))
	}
	for k := range out {
		if i, ok := x.find(coords[k*r:k*r+r], sorted); ok {
			out[k] = i
		} else {
			out[k] = -1
		}
	}
}
