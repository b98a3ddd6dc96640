package prepared

import (
	"errors"
	"fmt"
	"sort"

	"github.com/hurray-format/hurray-go/internal/engine"
)

// Index is how a prepared form stores the indices of the stored entries
// (column indices of a CSR matrix, row indices of a CSC one).
type Index uint8

const (
	// Auto lets the cost model choose (see the package doc).
	Auto Index = iota
	// Cols16 stores each index as a uint16: the indexed dimension holds at
	// most 65536.
	Cols16
	// Panels16 splits the indexed dimension into panels of 65536 and stores
	// each index as a uint16 offset within its panel; every panel holding
	// entries has its own pointer array.
	Panels16
	// Cols32 stores each index as a uint32 (in panels of 2^31 when the
	// indexed dimension is larger).
	Cols32
	// Strips16 splits the indexed dimension into strips of equal width,
	// at most 4096 (16 KiB of float32 x), and stores each index as a
	// uint16 offset within its strip; every strip holding entries has its
	// own pointer array. A product then reads x a strip at a time, which
	// stays in the first-level cache.
	Strips16
	// Strips12 is Strips16 with each offset packed in 12 bits, two in
	// three bytes (1.5 bytes an index; see engine.Put12 for the layout).
	// The products unpack the offsets a piece of rows at a time; Auto
	// does not choose it (see the package doc's cost model).
	Strips12
)

var indexNames = [...]string{Auto: "auto", Cols16: "cols16", Panels16: "panels16", Cols32: "cols32", Strips16: "strips16", Strips12: "strips12"}

// String returns "auto", "cols16", "panels16", "cols32", "strips16" or
// "strips12".
func (k Index) String() string {
	if int(k) < len(indexNames) {
		return indexNames[k]
	}
	return fmt.Sprintf("Index(%d)", uint8(k))
}

// Options says how Prepare builds a form. The zero value lets the cost
// model choose.
type Options struct {
	// Index forces an index form; Auto (the default) chooses by the cost
	// model.
	Index Index
}

// ErrForm is matched by the errors of Prepare for a form that cannot hold
// the matrix (Cols16 forced on more than 65536 columns, say) or a matrix
// the package does not prepare.
var ErrForm = errors.New("prepared: form not available")

// block is one row block of one panel: compressed rows r0..r1-1, the
// indices c0..c0+cw-1 stored as offsets from c0, entries e0..e1-1 of the
// form's arrays, and pointers ptr[p0 : p0+r1-r0+1] relative to e0.
type block struct {
	r0, r1 int
	c0, cw int
	p0     int
	e0, e1 int
	// sums is the number of partial sums of the short-row kernel that
	// gathers the block when it writes y (beta 0), or 0 for the narrow
	// kernel (see shortSums).
	sums uint8
}

// form is the index of a prepared matrix: everything but the values.
type form struct {
	rows, cols uint64
	csc        bool
	nr, minor  int // compressed rows, indexed dimension
	kind       Index
	ptr        []uint32
	c16        []uint16
	c32        []uint32
	// c12 holds the n12 offsets of Strips12, packed (engine.Put12).
	c12    []byte
	n12    int
	blocks []block
	// rowBlock[k]..rowBlock[k+1]-1 are the rows of row block k, whose
	// blocks are blocks[firstBlock[k]:firstBlock[k+1]], in panel order.
	rowBlock, firstBlock []int
	// marks[k] is the number of entries before row k*markStep (the last
	// mark is nnz): the parallel products split on them.
	marks []uint64
}

// source is the index of a validated CSR or CSC matrix.
type source struct {
	rows, cols uint64
	csc        bool
	ptr, idx   []uint64
}

func (s *source) minor() uint64 {
	if s.csc {
		return s.rows
	}
	return s.cols
}

// nnz returns the number of stored entries.
func (f *form) nnz() int { return len(f.c16) + len(f.c32) + f.n12 }

// indexBytes is the size of the index arrays.
func (f *form) indexBytes() int { return 4*len(f.ptr) + 2*len(f.c16) + 4*len(f.c32) + len(f.c12) }

// width returns the panel width of the index form k for an indexed
// dimension of n.
func width(k Index, n uint64) uint64 {
	switch {
	case k == Strips16 || k == Strips12:
		return stripWidth(n)
	case k == Cols16 || k == Panels16:
		return panel16
	case n > panel32:
		return panel32
	}
	return max(n, 1)
}

// counts maps the panels of one row block (or of the whole matrix) to
// numbers: a slice when there are few panels, a map else.
type counts struct {
	dense   []int
	sparse  map[uint64]int
	touched []uint64 // the panels set since the last reset, in first-set order
}

func newCounts(panels uint64) *counts {
	if panels <= 1<<16 {
		return &counts{dense: make([]int, panels)}
	}
	return &counts{sparse: map[uint64]int{}}
}

func (c *counts) get(p uint64) int {
	if c.dense != nil {
		return c.dense[p]
	}
	return c.sparse[p]
}

// add adds d to panel p; a panel is touched once it has been added to.
func (c *counts) add(p uint64, d int) {
	if c.dense != nil {
		if c.dense[p] == 0 {
			c.touched = append(c.touched, p)
		}
		c.dense[p] += d
		return
	}
	if _, ok := c.sparse[p]; !ok {
		c.touched = append(c.touched, p)
	}
	c.sparse[p] += d
}

func (c *counts) reset() {
	for _, p := range c.touched {
		if c.dense != nil {
			c.dense[p] = 0
		} else {
			delete(c.sparse, p)
		}
	}
	c.touched = c.touched[:0]
}

// runs calls fn for each run of entries of row i of s in one panel of
// width w: the panel and the entries lo..hi-1.
func runs(s *source, i int, w uint64, fn func(p uint64, lo, hi int)) {
	lo, end := int(s.ptr[i]), int(s.ptr[i+1])
	for lo < end {
		p := s.idx[lo] / w
		hi := lo + 1
		if limit := (p + 1) * w; s.idx[end-1] < limit {
			hi = end
		} else {
			hi += sort.Search(end-hi, func(k int) bool { return s.idx[hi+k] >= limit })
		}
		fn(p, lo, hi)
		lo = hi
	}
}

// cost returns the cost model's bytes a value of index form k on s with
// values of vsize bytes, or ok = false when k cannot hold s.
func cost(s *source, k Index, vsize int) (c float64, ok bool) {
	n := s.minor()
	nr := len(s.ptr) - 1
	nnz := float64(max(len(s.idx), 1))
	switch k {
	case Cols16:
		if n > panel16 {
			return 0, false
		}
		return float64(vsize+2) + segmentCost*float64(nr+1)/nnz, true
	case Cols32:
		return float64(vsize+4) + segmentCost*float64(nr+1)/nnz*float64(panelsOf(n, width(k, n))), true
	case Strips16:
		return float64(vsize+2) + segmentCost*float64(nr+1)/nnz*float64(panelsOf(n, width(k, n))), true
	case Strips12:
		return float64(vsize) + 1.5 + segmentCost*float64(nr+1)/nnz*float64(panelsOf(n, width(k, n))), true
	}
	// Panels16: one pointer array per panel holding entries.
	c16 := newCounts(panelsOf(n, panel16))
	for i := range nr {
		runs(s, i, panel16, func(p uint64, lo, hi int) { c16.add(p, hi-lo) })
	}
	return float64(vsize+2) + segmentCost*float64(nr+1)/nnz*float64(max(len(c16.touched), 1)), true
}

// panelsOf returns the number of panels of width w over n indices (one
// for n = 0).
func panelsOf(n, w uint64) uint64 { return max(1, n/w+min(1, n%w)) }

// choose returns the index form for s: o's, or the cheapest by cost.
func choose(s *source, o Options, vsize int) (Index, error) {
	if o.Index != Auto {
		if o.Index > Strips12 {
			return 0, fmt.Errorf("%w: unknown index form %v", ErrForm, o.Index)
		}
		if _, ok := cost(s, o.Index, vsize); !ok {
			return 0, fmt.Errorf("%w: %v holds at most 65536 indices, the matrix indexes %d", ErrForm, o.Index, s.minor())
		}
		return o.Index, nil
	}
	if useStrips(s, vsize) {
		return Strips16, nil
	}
	best, bestCost := Cols32, 0.0
	for _, k := range []Index{Cols32, Cols16, Panels16} {
		if k == Panels16 && s.minor() <= panel16 {
			continue // one panel: Cols16
		}
		if c, ok := cost(s, k, vsize); ok && (k == Cols32 || c < bestCost) {
			best, bestCost = k, c
		}
	}
	return best, nil
}

// plan sets f's shape, blocks and pointer layout for s in index form k,
// with at most maxEntries entries a block: everything but the contents of
// ptr and the index arrays.
func (f *form) plan(s *source, k Index, maxEntries int) {
	n := s.minor()
	w := width(k, n)
	nr := len(s.ptr) - 1
	*f = form{rows: s.rows, cols: s.cols, csc: s.csc, nr: nr, minor: int(n), kind: k,
		ptr: f.ptr[:0], c16: f.c16[:0], c32: f.c32[:0], c12: f.c12[:0], blocks: f.blocks[:0],
		rowBlock: append(f.rowBlock[:0], 0), firstBlock: append(f.firstBlock[:0], 0), marks: f.marks[:0]}
	c := newCounts(panelsOf(n, w))
	var row []uint64 // the panels of the current row
	var rc []int     // and their entries
	e := 0
	closeBlock := func(r1 int) {
		r0 := f.rowBlock[len(f.rowBlock)-1]
		ps := append([]uint64(nil), c.touched...)
		if len(ps) == 0 {
			ps = append(ps, 0) // a row block without entries still scales y
		}
		sort.Slice(ps, func(a, b int) bool { return ps[a] < ps[b] })
		for _, p := range ps {
			c0 := p * w
			cw := int(min(w, n-min(n, c0)))
			m := c.get(p)
			f.blocks = append(f.blocks, block{r0: r0, r1: r1, c0: int(c0), cw: cw, p0: len(f.ptr), e0: e, e1: e + m})
			f.ptr = append(f.ptr, make([]uint32, r1-r0+1)...)
			e += m
		}
		f.rowBlock = append(f.rowBlock, r1)
		f.firstBlock = append(f.firstBlock, len(f.blocks))
		c.reset()
	}
	for i := range nr {
		row, rc = row[:0], rc[:0]
		runs(s, i, w, func(p uint64, lo, hi int) {
			row = append(row, p)
			rc = append(rc, hi-lo)
		})
		full := false
		for q, p := range row {
			if c.get(p)+rc[q] > maxEntries {
				full = true
			}
		}
		if full && i > f.rowBlock[len(f.rowBlock)-1] {
			closeBlock(i)
		}
		for q, p := range row {
			c.add(p, rc[q])
		}
	}
	if nr > 0 || len(f.blocks) == 0 {
		closeBlock(nr)
	}
	for r := 0; r <= nr; r += markStep {
		f.marks = append(f.marks, s.ptr[r])
	}
	if nr%markStep != 0 {
		f.marks = append(f.marks, s.ptr[nr])
	}
	switch k {
	case Cols32:
		f.c32 = resize(f.c32, len(s.idx))
	case Strips12:
		f.n12 = len(s.idx)
		f.c12 = resize(f.c12, engine.Packed12Bytes(len(s.idx)))
		clear(f.c12)
	default:
		f.c16 = resize(f.c16, len(s.idx))
	}
}

// resize returns s with length n, reusing its memory when it holds n.
func resize[E any](s []E, n int) []E {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]E, n)
}

// fill writes f's pointers and indices from s, and each stored value of
// src to its place in dst (len(dst) == nnz; dst nil copies no values). f
// was planned for s.
func fill[V any](f *form, s *source, src, dst []V) {
	w := width(f.kind, s.minor())
	slot := map[uint64]int{}  // panel -> block of the current row block
	next := make([]int, 0, 4) // per block of the row block: its next entry
	for k := range len(f.rowBlock) - 1 {
		r0, r1 := f.rowBlock[k], f.rowBlock[k+1]
		bs := f.blocks[f.firstBlock[k]:f.firstBlock[k+1]]
		clear(slot)
		next = next[:0]
		for q := range bs {
			slot[uint64(bs[q].c0)/w] = q
			next = append(next, bs[q].e0)
		}
		for i := r0; i < r1; i++ {
			for q := range bs {
				f.ptr[bs[q].p0+i-r0] = uint32(next[q] - bs[q].e0)
			}
			runs(s, i, w, func(p uint64, lo, hi int) {
				q := slot[p]
				b := &bs[q]
				d := next[q]
				c0 := uint64(b.c0)
				switch f.kind {
				case Cols32:
					for j, x := range s.idx[lo:hi] {
						f.c32[d+j] = uint32(x - c0)
					}
				case Strips12:
					for j, x := range s.idx[lo:hi] {
						engine.Put12(f.c12, d+j, uint16(x-c0))
					}
				default:
					for j, x := range s.idx[lo:hi] {
						f.c16[d+j] = uint16(x - c0)
					}
				}
				if dst != nil {
					copy(dst[d:d+hi-lo], src[lo:hi])
				}
				next[q] = d + hi - lo
			})
		}
		for q := range bs {
			f.ptr[bs[q].p0+r1-r0] = uint32(next[q] - bs[q].e0)
		}
	}
	for q := range f.blocks {
		b := &f.blocks[q]
		longest := 0
		p := f.ptr[b.p0 : b.p0+b.r1-b.r0+1]
		for i := 1; i < len(p); i++ {
			longest = max(longest, int(p[i]-p[i-1]))
		}
		b.sums = shortSums(b.r1-b.r0, b.e1-b.e0, longest)
	}
}
