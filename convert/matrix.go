package convert

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/levels"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/internal/radix"
	"github.com/hurray-format/hurray-go/layout"
)

// COOToCSR converts a rank-2 COO tensor to CSR, summing duplicates. Input
// in row-major order without duplicates (IsSorted, as a CSR expanded to COO
// is) keeps its positions and converts in one pass; other input is sorted.
// It returns an error for a tensor of another rank, an unvalidated one, one
// with more rows than csr.MaxCompressed (COOToCSC: columns), and one whose
// row pointer array (8 bytes a row) alone would exceed the machine's memory
// or the Go memory limit (GOMEMLIMIT): a valid hypersparse COO with 2^40
// rows, say.
func COOToCSR[T Float](t *coo.Tensor[T]) (*csr.Matrix[T], error) {
	return COOToCSRTo(nil, t, nil, Options{})
}

// COOToCSRWith converts a rank-2 COO tensor to CSR.
func COOToCSRWith[T Float](t *coo.Tensor[T], opts Options) (*csr.Matrix[T], error) {
	return COOToCSRTo(nil, t, nil, opts)
}

// COOToCSRTo is COOToCSRWith writing into dst's buffers (dst may be nil) with
// ws for scratch (may be nil). dst must not be used after the call; one that
// shares memory with t, or holds a tensor's crd (a leaf-mode csf TTVMatrix
// result), is not reused.
func COOToCSRTo[T Float](dst *csr.Matrix[T], t *coo.Tensor[T], ws *Workspace, opts Options) (*csr.Matrix[T], error) {
	return cooToMatrix(dst, t, false, ws, opts)
}

// COOToCSC converts a rank-2 COO tensor to CSC, summing duplicates.
func COOToCSC[T Float](t *coo.Tensor[T]) (*csr.Matrix[T], error) {
	return COOToCSCTo(nil, t, nil, Options{})
}

// COOToCSCWith converts a rank-2 COO tensor to CSC.
func COOToCSCWith[T Float](t *coo.Tensor[T], opts Options) (*csr.Matrix[T], error) {
	return COOToCSCTo(nil, t, nil, opts)
}

// COOToCSCTo is COOToCSCWith writing into dst's buffers, as COOToCSRTo.
func COOToCSCTo[T Float](dst *csr.Matrix[T], t *coo.Tensor[T], ws *Workspace, opts Options) (*csr.Matrix[T], error) {
	return cooToMatrix(dst, t, true, ws, opts)
}

// countOffsets turns per-part counts cnt[k*m+j] (parts parts, m buckets) into
// per-part write cursors in (bucket, part) order and writes the bucket starts
// into ptr (m+1 entries, ptr[m] = total).
func countOffsets(cnt []uint64, parts, m int, ptr []uint64, w int) {
	b := parallel.Even(m, w)
	parallel.Run(b, func(_, lo, hi int) {
		for j := lo; j < hi; j++ {
			var s uint64
			for k := range parts {
				s += cnt[k*m+j]
			}
			ptr[j] = s
		}
	})
	ptr[m] = engine.ExclusiveScan(ptr[:m], ptr[:m])
	if parts == 1 {
		copy(cnt[:m], ptr[:m])
		return
	}
	parallel.Run(b, func(_, lo, hi int) {
		for j := lo; j < hi; j++ {
			s := ptr[j]
			for k := range parts {
				c := cnt[k*m+j]
				cnt[k*m+j] = s
				s += c
			}
		}
	})
}

// matrixBufs returns dst's buffers (or nil ones) grown to the sizes given.
func matrixBufs[T Float](dst *csr.Matrix[T], np, nnz int) ([]uint64, []uint64, []T) {
	var p, x []uint64
	var v []T
	if dst != nil {
		p, x, v = dst.Ptr(), dst.Idx(), dst.Values()
	}
	return grow(p, np), grow(x, nnz), grow(v, nnz)
}

// matrixAxes checks that t is a validated rank-2 COO and returns its major
// and minor axes for a CSR (csc false) or CSC result.
func matrixAxes[T Float](t *coo.Tensor[T], csc bool) (maj, mnr int, err error) {
	if !t.Valid() {
		return 0, 0, fmt.Errorf("convert: %w", layout.ErrUnvalidated)
	}
	if t.Rank() != 2 {
		return 0, 0, fmt.Errorf("convert: COO of rank %d to a matrix: want rank 2", t.Rank())
	}
	maj, mnr = 0, 1
	if csc {
		maj, mnr = 1, 0
	}
	if ext := t.Shape()[maj]; ext > csr.MaxCompressed {
		return 0, 0, fmt.Errorf("convert: COO to a matrix: shape[%d] = %d is more than a CSR or CSC matrix compresses (csr.MaxCompressed)", maj, ext)
	} else if !mem.Fits(ext+1, 8) {
		return 0, 0, fmt.Errorf("convert: COO to a matrix: shape[%d] = %d needs a pointer array of %d entries of 8 bytes, more than the memory limit of %d bytes (the machine's memory, or GOMEMLIMIT)", maj, ext, ext+1, mem.Limit())
	}
	return maj, mnr, nil
}

func cooToMatrix[T Float](dst *csr.Matrix[T], t *coo.Tensor[T], csc bool, ws *Workspace, opts Options) (*csr.Matrix[T], error) {
	if _, _, err := matrixAxes(t, csc); err != nil {
		return nil, err
	}
	dst = reuseCSR(dst, cooArrays(t))
	if err := opts.check(); err != nil {
		return nil, err
	}
	shape := t.Shape()
	n := t.NNZ()
	ws, release := scratch(ws)
	defer release()
	if uint64(n) < math.MaxUint32 && levels.Bits(shape[0])+levels.Bits(shape[1]) <= 64 {
		return cooToMatrixRadix(dst, t, csc, ws, opts)
	}
	// Keys wider than a word, or 2^32 entries or more: the reference.
	return cooToCompressedRef(t, csc, opts)
}

// cooToMatrixRadix sorts (major << minorBits | minor) keys by LSD radix with
// the values riding along (stable: duplicates stay in input order), then
// builds the pointer, index and value arrays in two passes.
func cooToMatrixRadix[T Float](dst *csr.Matrix[T], t *coo.Tensor[T], csc bool, ws *Workspace, opts Options) (*csr.Matrix[T], error) {
	shape := t.Shape()
	maj, mnr := 0, 1
	if csc {
		maj, mnr = 1, 0
	}
	n := t.NNZ()
	m := int(shape[maj])
	mb := levels.Bits(shape[mnr])
	nbits := levels.Bits(shape[maj]) + mb
	c := t.Coords()
	w := workers(opts, n)
	ptr, idx, vals := matrixBufs(dst, m+1, n)
	// Row-major input (IsSorted; for CSC, tried on trust: shuffled input
	// fails on its first entries) keeps every position unless it has
	// duplicates.
	if (csc || t.IsSorted()) && buildInOrder(c, t.Values(), maj, m, ptr, idx, vals, w) {
		return trustedMatrix(shape[0], shape[1], csc, ptr, idx, vals), nil
	}
	ws.keys = grow(ws.keys, n)
	keys := ws.keys
	sorted := true
	parts := parallel.Even(n, w)
	unsorted := make([]bool, len(parts)-1)
	parallel.Run(parts, func(k, lo, hi int) {
		prev := uint64(0)
		if lo > 0 {
			prev = c[2*(lo-1)+maj]<<mb | c[2*(lo-1)+mnr]
		}
		bad := false
		for i := lo; i < hi; i++ {
			x := c[2*i+maj]<<mb | c[2*i+mnr]
			keys[i] = x
			bad = bad || x < prev
			prev = x
		}
		unsorted[k] = bad
	})
	sorted = !slices.Contains(unsorted, true)
	sv := t.Values()
	if !sorted {
		ws.hist = grow(ws.hist, w<<radix.MaxWidth)
		ws.keys2 = grow(ws.keys2, n)
		va, vb := valueBufs[T](ws, n)
		keys, sv = radix.SortParallel(opts.tuning().radix, keys, ws.keys2, sv, va, vb, 0, nbits, w, ws.hist)
	}
	nOut, dup := buildCompressed(keys, sv, m, uint(mb), ptr, idx, vals, opts.Duplicates, w)
	if dup && opts.Duplicates == Reject {
		// The input positions were not kept: the reference names them.
		_, err := cooToCompressedRef(t, csc, opts)
		return nil, err
	}
	idx, vals = fitted(dst, idx, vals, nOut)
	return trustedMatrix(shape[0], shape[1], csc, ptr, idx, vals), nil
}

// fitted returns the first nnz entries of idx and vals, in arrays of their
// own size when the result is fresh (no dst) and duplicates merged away
// most of the input's entries: a result should not keep the input's size
// (a million entries over a thousand coordinates). A dst's buffers keep
// their capacity for the next call.
func fitted[T Float](dst *csr.Matrix[T], idx []uint64, vals []T, nnz int) ([]uint64, []T) {
	idx, vals = idx[:nnz], vals[:nnz]
	if dst == nil && 2*nnz < cap(idx) {
		return slices.Clone(idx), slices.Clone(vals)
	}
	return idx, vals
}

// buildCompressed writes the compressed form of sorted keys (major << mb |
// minor) with values sv into ptr (m+1 entries), idx and vals, merging equal
// keys by dup (in order). It returns the number of distinct keys and whether
// there were duplicates; with Reject and duplicates the outputs are left
// incomplete.
func buildCompressed[T Float](keys []uint64, sv []T, m int, mb uint, ptr, idx []uint64, vals []T, dup Duplicates, w int) (int, bool) {
	n := len(keys)
	if n == 0 {
		clear(ptr)
		return 0, false
	}
	b := parallel.Even(n, w)
	parts := len(b) - 1
	cnt := make([]int, parts+1)
	hasDup := make([]bool, parts)
	parallel.Run(b, func(k, lo, hi int) {
		d := 0
		for i := max(lo, 1); i < hi; i++ {
			if keys[i] != keys[i-1] {
				d++
			}
		}
		if lo == 0 {
			d++ // the first key; the loop compared every later one
		}
		cnt[k+1] = d
		hasDup[k] = d < hi-lo
	})
	anyDup := slices.Contains(hasDup, true)
	if anyDup && dup == Reject {
		return 0, true
	}
	for k := range parts {
		cnt[k+1] += cnt[k]
	}
	nOut := cnt[parts]
	// Parts start at a distinct key so that a run of duplicates is merged
	// by one part.
	starts := slices.Clone(b)
	for k := 1; k < parts; k++ {
		i := max(starts[k], starts[k-1])
		for i < n && i > 0 && keys[i] == keys[i-1] {
			i++
		}
		starts[k] = i
	}
	mask := uint64(1)<<mb - 1
	if mb == 64 {
		mask = math.MaxUint64
	}
	keepLast := dup == KeepLast
	parallel.Run(starts, func(k, lo, hi int) {
		o := cnt[k] - 1
		prevRow := -1
		if lo > 0 {
			prevRow = int(keys[lo-1] >> mb)
		}
		for i := lo; i < hi; i++ {
			x := keys[i]
			if i > 0 && x == keys[i-1] {
				if keepLast {
					vals[o] = sv[i]
				} else {
					vals[o] += sv[i]
				}
				continue
			}
			o++
			prevRow = startRows(ptr, prevRow, int(x>>mb), o)
			idx[o] = x & mask
			vals[o] = sv[i]
		}
		if k == parts-1 {
			startRows(ptr, prevRow, m, nOut)
		}
	})
	return nOut, anyDup
}

// startRows sets ptr[r] = o for the rows prev+1..row (those before row are
// empty) and returns row: row's entries start at o.
func startRows(ptr []uint64, prev, row, o int) int {
	for prev < row {
		prev++
		ptr[prev] = uint64(o)
	}
	return row
}

// buildInOrder writes the compressed form of rank-2 coordinates c (major
// axis maj, m majors) and values sv into ptr, idx and vals when they are in
// major-then-minor order without duplicates: every entry keeps its
// position, so one pass on w goroutines does it. It reports false, leaving
// the outputs partly written, at the first entry out of order or repeated.
// Each goroutine writes only the pointers of the majors from after the one
// before its first entry to that of its last, checked in order first, so
// that input out of order cannot make two write the same pointer.
func buildInOrder[T Float](c []uint64, sv []T, maj, m int, ptr, idx []uint64, vals []T, w int) bool {
	n := len(sv)
	if n == 0 {
		clear(ptr)
		return true
	}
	mnr := 1 - maj
	b := parallel.Even(n, w)
	last := len(b) - 2
	// top[k] is the major of part k's last entry.
	top := make([]int, len(b)-1)
	for k := range top {
		top[k] = int(c[2*(b[k+1]-1)+maj])
		if k > 0 && top[k] < top[k-1] {
			return false
		}
	}
	bad := make([]bool, len(b)-1)
	parallel.Run(b, func(k, lo, hi int) {
		prevRow, prevCol := -1, uint64(0)
		if lo > 0 {
			prevRow, prevCol = int(c[2*lo-2+maj]), c[2*lo-2+mnr]
		}
		for i := lo; i < hi; i++ {
			r, col := int(c[2*i+maj]), c[2*i+mnr]
			if r < prevRow || r == prevRow && col <= prevCol || r > top[k] {
				bad[k] = true
				return
			}
			idx[i] = col
			prevRow = startRows(ptr, prevRow, r, i)
			prevCol = col
		}
		copy(vals[lo:hi], sv[lo:hi])
		if k == last {
			startRows(ptr, prevRow, m, n)
		}
	})
	return !slices.Contains(bad, true)
}

// CSRToCSC converts a CSR matrix to CSC of the same logical matrix (a
// transpose of the storage). Given a CSC matrix it returns the CSR form. It
// panics with an error matching layout.ErrUnvalidated when a has not passed
// validation, and when the dimension to compress (the columns of a CSR
// matrix) exceeds csr.MaxCompressed, or its pointer array and a count array
// (8 bytes an index each) would exceed the machine's memory or the Go memory
// limit (GOMEMLIMIT).
func CSRToCSC[T Float](a *csr.Matrix[T]) *csr.Matrix[T] {
	return TransposeTo(nil, a, nil, Options{})
}

// CSCToCSR converts a CSC matrix to CSR (CSRToCSC does both directions).
func CSCToCSR[T Float](a *csr.Matrix[T]) *csr.Matrix[T] { return CSRToCSC(a) }

// TransposeTo is CSRToCSC (either direction) writing into dst's buffers (dst
// may be nil; one that shares memory with a, or holds a tensor's crd, is not
// reused) with ws for scratch (may be nil) and opts.Workers goroutines. It
// panics as CSRToCSC does.
func TransposeTo[T Float](dst *csr.Matrix[T], a *csr.Matrix[T], ws *Workspace, opts Options) *csr.Matrix[T] {
	if !a.Valid() {
		panic(fmt.Errorf("convert: %w", layout.ErrUnvalidated))
	}
	dst = reuseCSR(dst, csrArrays(a))
	nmnr := a.Cols()
	if a.IsCSC() {
		nmnr = a.Rows()
	}
	if nmnr > csr.MaxCompressed {
		panic(fmt.Sprintf("convert: transpose: the %d-long indexed dimension is more than a CSR or CSC matrix compresses (csr.MaxCompressed)", nmnr))
	}
	// The pointer array and one part's counts of every column (both
	// written whole): the guard counted the pointer alone, so a 2 x 2^31
	// matrix of one entry passed a 16 GiB check and touched 32 GiB.
	if !mem.Fits(nmnr+1, 16) {
		panic(fmt.Sprintf("convert: transpose: the %d-long indexed dimension needs a pointer array and a count array of %d entries of 8 bytes each, more than the memory limit of %d bytes (the machine's memory, or GOMEMLIMIT)", nmnr, nmnr+1, mem.Limit()))
	}
	ws, release := scratch(ws)
	defer release()
	ptr, idx, src := a.Ptr(), a.Idx(), a.Values()
	n := len(idx)
	m := int(nmnr)
	w := workers(opts, n)
	if uint64(m)*uint64(w) > 8*uint64(n)+1<<20 {
		w = 1 // per-worker column counts would outweigh the entries
	}
	if w > 1 && !mem.Fits(nmnr+1, 8*uint64(w+1)) {
		w = 1 // a count array per part would not fit
	}
	rb := parallel.SplitPtr(ptr, w, 1)
	parts := len(rb) - 1
	ws.cnt = grow(ws.cnt, parts*m)
	cnt := ws.cnt
	tptr, tidx, tvals := matrixBufs(dst, m+1, n)
	// Per part, the count of every column.
	parallel.Run(rb, func(k, lo, hi int) {
		h := cnt[k*m : (k+1)*m]
		clear(h)
		for _, j := range idx[ptr[lo]:ptr[hi]] {
			h[j]++
		}
	})
	tu := opts.tuning()
	if n > tu.scatterMax && uint64(n) < math.MaxUint32 && uint64(len(ptr)-1) <= math.MaxUint32 && nmnr <= 1<<32 {
		transposeBlocked(ptr, idx, src, cnt, rb, m, tptr, tidx, tvals, ws, w, tu)
		return trustedMatrix(a.Rows(), a.Cols(), !a.IsCSC(), tptr, tidx, tvals)
	}
	// One scatter straight to the columns: for results of up to scatterMax,
	// and for sizes whose keys do not pack.
	countOffsets(cnt, parts, m, tptr, w)
	parallel.Run(rb, func(k, lo, hi int) {
		scatterRowsTo(ptr, idx, src, lo, hi, cnt[k*m:(k+1)*m], tidx, tvals)
	})
	return trustedMatrix(a.Rows(), a.Cols(), !a.IsCSC(), tptr, tidx, tvals)
}

// scatterRowsTo moves the entries of rows lo..hi-1 of (ptr, idx, src) to
// their columns' next free places in (tidx, tvals), cur holding each
// column's cursor, and the row number into tidx. It is a function of its
// own, not a loop inside parallel.Run's closure: there the compiler keeps
// the captured slices and the loop counter on the stack, a store and a
// reload in every iteration.
func scatterRowsTo[T Float](ptr, idx []uint64, src []T, lo, hi int, cur, tidx []uint64, tvals []T) {
	for i := lo; i < hi; i++ {
		row := uint64(i)
		s, e := ptr[i], ptr[i+1]
		ri, rv := idx[s:e], src[s:e]
		for q, j := range ri {
			o := cur[j]
			cur[j] = o + 1
			tidx[o] = row
			tvals[o] = rv[q]
		}
	}
}

// MatrixToCOO expands a CSR or CSC matrix into a rank-2 COO tensor in storage
// order. It panics with an error matching layout.ErrUnvalidated when a has
// not passed validation.
func MatrixToCOO[T Float](a *csr.Matrix[T]) *coo.Tensor[T] {
	return MatrixToCOOTo(nil, a, nil, Options{})
}

// MatrixToCOOTo is MatrixToCOO writing into dst's buffers (dst may be nil;
// one that shares memory with a is not reused) with opts.Workers
// goroutines; ws is unused and may be nil.
func MatrixToCOOTo[T Float](dst *coo.Tensor[T], a *csr.Matrix[T], ws *Workspace, opts Options) *coo.Tensor[T] {
	if !a.Valid() {
		panic(fmt.Errorf("convert: %w", layout.ErrUnvalidated))
	}
	_ = ws
	ptr, idx, src := a.Ptr(), a.Idx(), a.Values()
	n := len(idx)
	coords, vals := cooBuffers(dst, csrArrays(a), n, 2)
	maj, mnr := 0, 1
	if a.IsCSC() {
		maj, mnr = 1, 0
	}
	parallel.Run(parallel.SplitPtr(ptr, workers(opts, n), 1), func(_, lo, hi int) {
		copy(vals[ptr[lo]:ptr[hi]], src[ptr[lo]:ptr[hi]])
		for i := lo; i < hi; i++ {
			row := uint64(i)
			for q := ptr[i]; q < ptr[i+1]; q++ {
				coords[2*q+uint64(maj)] = row
				coords[2*q+uint64(mnr)] = idx[q]
			}
		}
	})
	// CSR storage order is row-major order; CSC's is column-major.
	return trustedCOO(a.Shape(), coords, vals, !a.IsCSC())
}

// transposeBlocked is the transpose as a counting sort in two scatters,
// for results larger than scatterMax entries whose entries, rows and
// columns number at most 2^32 (a column and a row pack into one word),
// given TransposeTo's per-part column counts cnt over the row parts rb. The
// columns form groups of 2^s adjacent ones, about tu.groupEntries entries
// each (groupShift).
//
//  1. Every entry goes, as (column << 32 | row) with its value, to the
//     next free place of its group in the output arrays themselves, where
//     the group's columns will end up: a few hundred write streams, which
//     for inputs of tu.radix.StagingMin entries or more go through
//     line-sized staging buffers and non-temporal stores
//     (radix.ScatterRows; 288 KiB a worker, pooled).
//  2. One group at a time (a worker's share of them), its entries are read
//     in order and scattered by column into a scratch that stays in L2,
//     which then goes back in order over the same lines, the rows
//     unpacked.
//
// Input order is row order and both scatters are stable, so rows stay
// sorted within a column, and the result does not depend on the worker
// count. A radix sort of the packed keys (built, sorted by a top pass and
// an in-cache pass, then unpacked) is the rejected alternative: twice the
// memory traffic, and 32 bytes of scratch per entry, which a first call
// touches fresh, where this scratch is a few groups.
func transposeBlocked[T Float](ptr, idx []uint64, src []T, cnt []uint64, rb []int, m int, tptr, tidx []uint64, tvals []T, ws *Workspace, w int, tu *tuning) {
	n := len(idx)
	s := groupShift(n, m, tu.groupEntries)
	groups := (m + 1<<s - 1) >> s
	parts := len(rb) - 1
	// Per part, the count of every group; then the groups' bounds (gb, in
	// entries) and each part's write cursor per group, in (group, part)
	// order: the groups in column order, each in input order.
	gcur := make([]uint64, parts*groups)
	parallel.Run(rb, func(k, _, _ int) {
		h := cnt[k*m : (k+1)*m]
		for q := range groups {
			var c uint64
			for _, x := range h[q<<s : min(m, (q+1)<<s)] {
				c += x
			}
			gcur[k*groups+q] = c
		}
	})
	gb := make([]uint64, groups+1)
	countOffsets(gcur, parts, groups, gb, 1)
	countOffsets(cnt, parts, m, tptr, w)
	// First scatter, into the output arrays themselves: a group's entries
	// take the positions its columns will hold (through write-combining
	// staging for large inputs: radix.ScatterRows; its partial lines go
	// out once every part's full ones have).
	rs := make([]*radix.RowScatter[T], parts)
	stage := tu.radix.Stages(n)
	parallel.Run(rb, func(k, lo, hi int) {
		rs[k] = radix.ScatterRows(ptr, idx, src, lo, hi, s, gcur[k*groups:(k+1)*groups], tidx, tvals, stage)
	})
	parallel.Run(rb, func(k, _, _ int) { rs[k].Flush(tidx, tvals) })
	// The groups shared by entry count among the goroutines; each
	// goroutine's scratch holds its largest group.
	split := parallel.SplitPtr(gb, w, 64)
	base := make([]int, len(split))
	for k := range len(split) - 1 {
		big := 0
		for q := split[k]; q < split[k+1]; q++ {
			big = max(big, int(gb[q+1]-gb[q]))
		}
		base[k+1] = base[k] + big
	}
	ws.keys = grow(ws.keys, base[len(base)-1])
	va := valueBuf[T](ws, base[len(base)-1])
	// Each goroutine's column cursors for one group, in ws.aux.
	cw := min(m, 1<<s)
	ws.aux = grow(ws.aux, (len(split)-1)*cw)
	// Second scatter, one group at a time: from the group's part of the
	// output (read in order) by column into the scratch (in L2), which then
	// goes back in order, the rows unpacked.
	parallel.Run(split, func(k, lo, hi int) {
		sk, sv := ws.keys[base[k]:base[k+1]], va[base[k]:base[k+1]]
		cur := ws.aux[k*cw : (k+1)*cw]
		for q := lo; q < hi; q++ {
			j0 := q << s
			c := cur[:min(m, j0+1<<s)-j0]
			from := gb[q]
			for j := range c {
				c[j] = tptr[j0+j] - from
			}
			gk, gv := tidx[from:gb[q+1]], tvals[from:gb[q+1]]
			for p, x := range gk {
				d := &c[int(x>>32)-j0]
				sk[*d] = x
				sv[*d] = gv[p]
				*d++
			}
			for p, x := range sk[:len(gk)] {
				gk[p] = x & math.MaxUint32
			}
			copy(gv, sv)
		}
	})
}

// groupShift chooses 2^s columns per group: about groupEntries entries at
// the matrix's mean column length, at least one column.
func groupShift(n, m, groupEntries int) uint {
	cols := uint64(groupEntries) * uint64(m) / uint64(n)
	if cols < 2 {
		return 0
	}
	return uint(min(bits.Len64(cols)-1, bits.Len(uint(m))))
}
