package csf

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/levels"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/internal/radix"
)

// TTV multiplies the tensor by a dense vector along one mode and returns the
// sparse result of rank N-1 as a new validated tensor; it panics unless the
// rank is at least 4, since CSF starts at rank 3 (TTVAny takes every rank and
// returns TTVMatrix's matrix for rank 3):
//
//	y(i without i_mode) = Σ_{i_mode} x(i) * v[i_mode]
//
// # Mode order of the result
//
// The result's levels store the remaining modes in the order t's levels
// store them: its mode_order is t's with the contracted mode removed and
// every mode above it renumbered down by one (t's [2 0 3 1] along mode 0
// gives [1 2 0]). A stored entry of the result is every distinct remaining
// coordinate tuple of t's stored entries (a sum may be zero; it stays stored).
// Along the mode stored at the leaf level the result keeps t's levels
// 0..N-2 as they are, so it stores every node of level N-2: one without
// leaves (ADR-025 allows empty nodes) becomes a stored zero, and empty nodes
// above stay.
//
// # Cost
//
// When the mode is stored at the leaf level, the result shares t's upper
// levels (pos and crd, without copying) and only its values are computed,
// O(nnz) work (TTVValues writes them into a caller's slice). Any other mode
// regroups the leaves by the remaining coordinates: O(nnz) work and memory
// in the common case, on up to GOMAXPROCS goroutines, and O(N * nnz) memory
// when the remaining coordinates do not pack into 64 bits. The result is
// allocated; TTVTo reuses an earlier result's and the scratch's memory.
//
// It panics with a "csf: ..." message when len(v) != shape[mode] or the mode
// is out of range, and on an unvalidated tensor.
func (t *Tensor[T]) TTV(mode int, v []T) *Tensor[T] {
	return t.TTVTo(nil, mode, v, nil)
}

// TTVTo is TTV writing into dst's buffers where they are large enough, with
// its scratch memory from ws (nil: a pooled one). Repeated calls whose
// results have the same sizes then allocate nothing of the result's size,
// which saves the first touch of fresh pages (it can cost as much as the
// product). ws also sets the goroutines (NewWorkspace's workers;
// GOMAXPROCS for TTV and a pooled workspace). dst may be nil. Its buffers
// are overwritten and it
// must not be used after the call: pass a tensor whose memory is yours to
// write, such as an earlier result of TTV or TTVTo, of t or of another
// tensor. Buffers that share memory with t or with each other are not
// reused, nor the levels of a result that shares another tensor's levels
// (a leaf-mode TTV or TTVTo result, an SDDMM result: it lends only its
// values), nor those of a tensor that has lent its levels to such a result
// (or to a leaf-mode TTVMatrix or a TTM), so such tensors are safe to
// pass, and v may be dst's values (the result then goes elsewhere). After
// the call dst (unless it is t) is unvalidated and refuses to compute: its
// buffers are the result's. When the remaining coordinates need more than
// 64 bits together, the result is allocated whatever dst holds.
func (t *Tensor[T]) TTVTo(dst *Tensor[T], mode int, v []T, ws *Workspace[T]) *Tensor[T] {
	t.mustValid()
	if len(t.shape) < 4 {
		panic(fmt.Sprintf("csf: TTV: rank %d gives a rank-%d result; use TTVAny or TTVMatrix", len(t.shape), len(t.shape)-1))
	}
	o := t.newTTVOut(ws, v)
	if dst != nil {
		o.vals = dst.values
		if !dst.Trusted(check.Key{}).Shared() { // else they are another tensor's, or a result's
			o.pos, o.crd = dst.pos, dst.crd
		}
	}
	shape, mo, pos, crd, vals := t.ttv(mode, v, o)
	r := newTrusted(shape, mo, pos, crd, vals)
	if t.leafMode(mode) {
		r.shareLevels() // the result's levels are t's
		t.shareLevels()
	}
	if dst != nil && dst != t {
		dst.Trusted(check.Key{}).Invalidate() // its buffers are the result's now
	}
	return r
}

// leafMode reports whether mode (in range) is stored at the leaf level.
func (t *Tensor[T]) leafMode(mode int) bool { return int(t.modeOrder[len(t.shape)-1]) == mode }

// TTVMatrix is TTV for a rank-3 tensor: the rank-2 result is a validated CSR
// matrix over the two remaining modes in logical order (rows = the lower
// mode), built CSR when t stores the lower remaining mode above the higher
// one and CSC (csr.NewCSC) otherwise, so that no sort is needed in either
// case. Along the leaf mode the matrix's index array is t's level-1 crd
// (shared, as TTV's upper levels). It panics unless the rank is 3, and
// when the compressed mode's extent exceeds csr.MaxCompressed or its
// pointer array (8 bytes an index) alone would exceed the machine's memory
// or the Go memory limit (GOMEMLIMIT).
func (t *Tensor[T]) TTVMatrix(mode int, v []T) *csr.Matrix[T] {
	return t.TTVMatrixTo(nil, mode, v, nil)
}

// TTVMatrixTo is TTVMatrix writing into dst's buffers where they are large
// enough, with scratch from ws (nil: a pooled one), under the rules of
// TTVTo: dst may be nil and must not be used after the call, and repeated
// calls whose results have the same sizes allocate nothing of the result's
// size (the result's level 0, from which the pointer array is built, is
// scratch kept in ws). Buffers that share memory with t or with each other
// are not reused, nor the index of a leaf-mode result (another tensor's
// crd: such a result lends only its pointers and values), so any earlier
// result of TTVMatrix or TTVMatrixTo, of t or of another tensor, is safe
// to pass, and v may be dst's values (the result then goes elsewhere).
// After the call dst and its T views are unvalidated.
func (t *Tensor[T]) TTVMatrixTo(dst *csr.Matrix[T], mode int, v []T, ws *Workspace[T]) *csr.Matrix[T] {
	t.mustValid()
	if len(t.shape) != 3 {
		panic(fmt.Sprintf("csf: TTVMatrix: rank %d, want 3 (use TTV)", len(t.shape)))
	}
	if ws == nil {
		ws = getWorkspace[T]()
		defer putWorkspace(ws) // its level-0 scratch is in use until the end
	}
	o := t.newTTVOut(ws, v)
	// Level 0 (its crd and level 1's pos) goes into the workspace's
	// scratch; level 1's crd and the values become the matrix's index and
	// values.
	sc := &ws.state().ttv
	o.pos, o.crd = [][]uint64{nil, sc.pos1}, [][]uint64{sc.crd0, nil}
	var ptrBuf []uint64
	if dst != nil {
		if !dst.Trusted(check.Key{}).Shared() { // else it is another tensor's crd
			o.crd[1] = dst.Idx()
		}
		o.vals = dst.Values()
		ptrBuf = dst.Ptr()
	}
	shape, mo, pos, crd, vals := t.ttv(mode, v, o)
	idx := crd[1]
	if !t.leafMode(mode) {
		// Keep level 0 for the next call. (The regrouping path's were
		// not taken from o: record them.)
		sc.crd0, sc.pos1 = crd[0], pos[1]
		addSpan(o.taken, crd[0])
		addSpan(o.taken, pos[1])
	}
	// Level 0 is compressed in CSF; CSR wants one pointer per major index.
	major := shape[mo[0]]
	if major > csr.MaxCompressed {
		panic(fmt.Sprintf("csf: TTVMatrix: the result would compress %d rows or columns, more than a CSR or CSC matrix may (csr.MaxCompressed)", major))
	}
	if !mem.Fits(major+1, 8) {
		panic(fmt.Sprintf("csf: TTVMatrix: the result's pointer array over %d rows or columns needs %d entries of 8 bytes, more than the memory limit of %d bytes (the machine's memory, or GOMEMLIMIT)", major, major+1, mem.Limit()))
	}
	ptr := takeBuf(o.taken, ptrBuf, int(major)+1)
	clear(ptr)
	for x, c := range crd[0] {
		ptr[c+1] = pos[1][x+1] - pos[1][x]
	}
	for i := uint64(1); i <= major; i++ {
		ptr[i] += ptr[i-1]
	}
	// Built from a validated tree (check.Key); a leaf-mode result's
	// index is t's crd, which no later TTVMatrixTo may write into.
	m := new(csr.Matrix[T])
	m.Trusted(check.Key{}).Adopt(shape[0], shape[1], mo[0] != 0, t.leafMode(mode), ptr, idx, vals)
	if t.leafMode(mode) {
		t.shareLevels() // the result's index is t's crd
	}
	if dst != nil {
		dst.Trusted(check.Key{}).Invalidate() // its buffers are the result's now
	}
	return m
}

// TTVValues computes TTV along the mode stored at the leaf level into dst,
// one value per node of level N-2 (len(dst) == len(Crd(Rank()-2))), without
// allocating a result: the values of the result whose levels are t's levels 0..N-2.
// It panics when the mode is not the leaf level's or a length is wrong.
func (t *Tensor[T]) TTVValues(dst []T, mode int, v []T) {
	t.ttvValues(dst, mode, v, options())
}

// ttvValues is TTVValues split as o says.
func (t *Tensor[T]) ttvValues(dst []T, mode int, v []T, o parallel.Options) {
	t.mustValid()
	n := len(t.shape)
	if mode < 0 || mode >= n || int(t.modeOrder[n-1]) != mode {
		panic(fmt.Sprintf("csf: TTVValues: mode %d is not stored at the leaf level (mode_order %v)", mode, t.modeOrder))
	}
	if uint64(len(v)) != t.shape[mode] {
		panic(fmt.Sprintf("csf: TTVValues: len(v) = %d, want shape[%d] = %d", len(v), mode, t.shape[mode]))
	}
	if len(dst) != len(t.crd[n-2]) {
		panic(fmt.Sprintf("csf: TTVValues: len(dst) = %d, want %d fibers", len(dst), len(t.crd[n-2])))
	}
	if dense.Overlap(dst, v) || dense.Overlap(dst, t.values) || t.overlapsLevels(dst) {
		panic("csf: TTVValues: dst overlaps v or the tensor's values or levels")
	}
	t.ttvLeaf(dst, v, o)
}

// ttvLeaf: one gathered dot per fiber, fibers split over nw goroutines by leaf
// count. The leaf level is a CSR matrix (a row per fiber) and the product is
// its SpMV with v: the SpMV family's amd64 paths take eight (AVX2: four)
// one-leaf fibers a step, where a Go loop would pay a loop exit per fiber.
func (t *Tensor[T]) ttvLeaf(dst, v []T, o parallel.Options) {
	n := len(t.shape)
	leafPos, leafCrd := t.pos[n-1], t.crd[n-1]
	b := parallel.SplitPtr(leafPos, o.Goroutines(len(t.values)), 1)
	// One choice of kernels for every part (engine.SpMVRows): the result
	// does not depend on the split.
	short := engine.ShortRows(leafPos)
	parallel.Run(b, func(_, lo, hi int) {
		engine.SpMVRows(short, dst[lo:hi], v, leafPos[lo:hi+1], leafCrd, t.values, 1, 0)
	})
}

// ttv returns the levels and values of the result, in o's buffers where
// they fit.
func (t *Tensor[T]) ttv(mode int, v []T, o *ttvOut[T]) (shape []uint64, mo []uint32, pos, crd [][]uint64, vals []T) {
	n := len(t.shape)
	if mode < 0 || mode >= n {
		panic(fmt.Sprintf("csf: TTV: mode %d out of range for rank %d", mode, n))
	}
	if uint64(len(v)) != t.shape[mode] {
		panic(fmt.Sprintf("csf: TTV: len(v) = %d, want shape[%d] = %d", len(v), mode, t.shape[mode]))
	}
	shape = slices.Delete(slices.Clone(t.shape), mode, mode+1)
	for _, m := range t.modeOrder {
		switch {
		case int(m) < mode:
			mo = append(mo, m)
		case int(m) > mode:
			mo = append(mo, m-1)
		}
	}
	if int(t.modeOrder[n-1]) == mode {
		vals = takeBuf(o.taken, o.vals, len(t.crd[n-2]))
		t.ttvLeaf(vals, v, o.options())
		return shape, mo, t.pos[:n-1], t.crd[:n-1], vals
	}
	if pos, crd, vals, ok := t.ttvPacked(mode, v, o); ok {
		return shape, mo, pos, crd, vals
	}
	pos, crd, vals = t.ttvRegroup(mode, v)
	return shape, mo, pos, crd, vals
}

// ttvRegroup handles a mode above the leaf level: expand every leaf's level
// coordinates, stable-sort the leaves by the remaining levels (a counting
// sort per level, last level first), and build the result's levels from runs
// of equal tuples.
func (t *Tensor[T]) ttvRegroup(mode int, v []T) (pos, crd [][]uint64, vals []T) {
	n := len(t.shape)
	nnz := len(t.values)
	// coord[l][j]: level-l coordinate of leaf j.
	coord := make([][]uint64, n)
	node := make([]uint64, nnz)
	for j := range node {
		node[j] = uint64(j)
	}
	coord[n-1] = t.crd[n-1]
	parent := make([]uint64, 0)
	for l := n - 2; l >= 0; l-- {
		// node[j] becomes the level-l ancestor of leaf j.
		parent = slices.Grow(parent[:0], len(t.crd[l+1]))[:len(t.crd[l+1])]
		engine.ExpandPos(parent, t.pos[l+1])
		c := make([]uint64, nnz)
		for j, x := range node {
			node[j] = parent[x]
			c[j] = t.crd[l][node[j]]
		}
		coord[l] = c
	}
	d := slices.Index(t.modeOrder, uint32(mode))
	// Stable sorts by the remaining levels, last first: a counting sort
	// where the level's extent is within a few times the entries, else a
	// comparison sort (this path exists for wide keys, so some extent is
	// large: counting over it took memory for the extent, 400 MB for three
	// entries of 2^24-wide modes, and a makeslice panic near 2^62).
	perm := make([]int, nnz)
	tmp := make([]int, nnz)
	for j := range perm {
		perm[j] = j
	}
	sorted := true // the storage order is already sorted by the levels above d
	for l := n - 1; l >= 0; l-- {
		if l == d || l < d && sorted {
			continue
		}
		if l > d {
			sorted = false
		}
		dim := t.shape[t.modeOrder[l]]
		c := coord[l]
		if dim > 4*uint64(nnz)+1024 {
			slices.SortStableFunc(perm, func(a, b int) int { return cmp.Compare(c[a], c[b]) })
			continue
		}
		count := make([]int, dim+1)
		for _, p := range perm {
			count[c[p]+1]++
		}
		for i := uint64(1); i <= dim; i++ {
			count[i] += count[i-1]
		}
		for _, p := range perm {
			k := c[p]
			tmp[count[k]] = p
			count[k]++
		}
		perm, tmp = tmp, perm
	}
	// Build the levels from runs of equal remaining tuples.
	levels := make([]int, 0, n-1)
	for l := range n {
		if l != d {
			levels = append(levels, l)
		}
	}
	// Capacities are upper bounds (pages never written are never touched);
	// appends then never copy.
	pos = make([][]uint64, n-1)
	crd = make([][]uint64, n-1)
	for q := range n - 1 {
		crd[q] = make([]uint64, 0, nnz)
		if q > 0 {
			pos[q] = make([]uint64, 0, nnz+1)
		}
	}
	vals = make([]T, 0, nnz)
	prev := -1
	for _, p := range perm {
		w := v[coord[d][p]]*t.values[p] + 0 // a sum from +0, as ttvWalk's
		k := 0
		if prev >= 0 {
			for k < n-1 && coord[levels[k]][p] == coord[levels[k]][prev] {
				k++
			}
		}
		if k == n-1 {
			vals[len(vals)-1] += w
			continue
		}
		for q := k; q < n-1; q++ {
			if q+1 < n-1 {
				pos[q+1] = append(pos[q+1], uint64(len(crd[q+1])))
			}
			crd[q] = append(crd[q], coord[levels[q]][p])
		}
		vals = append(vals, w)
		prev = p
	}
	pos[0] = []uint64{0, uint64(len(crd[0]))}
	for q := 1; q < n-1; q++ {
		pos[q] = append(pos[q], uint64(len(crd[q])))
	}
	return pos, crd, vals
}

// ttvPacked handles a mode above the leaf level when the remaining
// coordinates pack into one uint64 (their bit lengths add up to at most 64,
// which is almost always): a walk in storage order writes every leaf's
// packed key (the remaining level coordinates side by side, the upper level
// in the higher bits, so key order is level order) and weighted value, an
// LSD radix sort (only the key's bits) orders the pairs, a pass counts the
// result's nodes per level, and one more builds the levels at their exact
// sizes while summing runs of equal keys. Fields come out with shifts and
// masks: no division per entry. Every step runs on GOMAXPROCS goroutines:
// the walk split over roots by leaf count, the counting and building over
// ranges of the sorted keys that start where the key changes.
func (t *Tensor[T]) ttvPacked(mode int, v []T, o *ttvOut[T]) (pos, crd [][]uint64, vals []T, ok bool) {
	n := len(t.shape)
	d := slices.Index(t.modeOrder, uint32(mode))
	// width[l] is the bit length of level l's coordinates (0 for the
	// contracted level); shift[q] places result level q in the key.
	width := make([]uint, n)
	total := uint(0)
	for l, m := range t.modeOrder {
		if l == d {
			continue
		}
		width[l] = uint(levels.Bits(t.shape[m]))
		total += width[l]
	}
	if total > o.tuning().packBits {
		return nil, nil, nil, false
	}
	shift := make([]uint, 0, n-1)
	mask := make([]uint64, 0, n-1)
	below := total
	for l := range n {
		if l == d {
			continue
		}
		below -= width[l]
		shift = append(shift, below)
		mask = append(mask, 1<<width[l]-1)
	}
	nnz := len(t.values)
	nw := o.options().Goroutines(nnz)
	// Scratch from a workspace: fresh pages cost more than the sort.
	ws := o.ws
	if ws == nil {
		ws = getWorkspace[T]()
		defer putWorkspace(ws) // keeps ws reachable until the scratch is done
	}
	s := ws.state()
	sc := &s.ttv
	sc.keys, sc.k2 = grow(sc.keys, nnz), grow(sc.k2, nnz)
	sc.w, sc.w2 = grow(sc.w, nnz), grow(sc.w2, nnz)
	tw := ttvWalk[T]{t: t, v: v, d: d, width: width, keys: sc.keys, w: sc.w}
	s.computeLeafPtr(t.pos)
	parallel.Run(parallel.SplitPtr(s.leafPtr, nw, 1), func(_, lo, hi int) {
		tw.walk(0, lo, hi, 0, 1)
	})
	sc.count = grow(sc.count, nw<<radix.MaxWidth)
	tu := o.tuning()
	var keys []uint64
	var w []T
	if d > 0 && tu.radix.SegmentsPay(nnz, len(t.crd[d-1])) {
		// The walk left the keys in order on the levels above d: only
		// the leaves under each node of level d-1 need sorting, by the
		// fields below (small subtrees: a deep contracted level).
		sc.seg = levels.LeafStarts(t.pos, d-1, sc.seg, nw)
		segs := radix.Segments[T]{Keys: sc.keys, Src: sc.w, Dst: sc.w, ScratchKeys: sc.k2, ScratchPay: sc.w2, Tuning: tu.radix}
		segs.Sort(sc.seg, 0, int(shift[d-1]), nw, sc.count)
		keys, w = sc.keys, sc.w
	} else {
		keys, w = radix.SortParallel(tu.radix, sc.keys, sc.k2, sc.w, sc.w, sc.w2, 0, int(total), nw, sc.count)
	}

	// Count each part's nodes per level, then fill from the parts' first
	// nodes, each part moved to start at a new key (package levels, shared
	// with the COO to CSF build).
	nl := n - 1
	bounds := parallel.Even(nnz, nw)
	off := make([]int, (len(bounds)-1)*nl) // off[k*nl+q]: part k's nodes of level q, then its first
	parallel.Run(bounds, func(k, lo, hi int) {
		levels.Count(tu.levels, keys, shift, off[k*nl:][:nl], lo, hi)
	})
	nodes := levels.Offsets(off, nl)
	pos = make([][]uint64, nl)
	crd = make([][]uint64, nl)
	for q := range nl {
		crd[q] = takeBuf(o.taken, o.level(o.crd, q), nodes[q])
		if q > 0 {
			pos[q] = takeBuf(o.taken, o.level(o.pos, q), nodes[q-1]+1)
		}
	}
	vals = takeBuf(o.taken, o.vals, nodes[nl-1])
	anyDup := nodes[nl-1] < nnz
	starts := levels.Starts(bounds, func(i int) bool { return keys[i] == keys[i-1] })
	f := levels.Filler[T]{Pos: pos, Crd: crd, Dst: vals, Keys: keys, Shift: shift, Mask: mask, Vals: w, AnyDup: anyDup, Tuning: tu.levels}
	parallel.Run(starts, func(k, lo, hi int) { f.Fill(off[k*nl:][:nl], lo, hi) })
	pos[0] = []uint64{0, uint64(nodes[0])}
	for q := 1; q < nl; q++ {
		pos[q][nodes[q-1]] = uint64(nodes[q])
	}
	return pos, crd, vals, true
}

// ttvWalk writes the packed keys and weighted values of ttvPacked.
type ttvWalk[T Float] struct {
	t     *Tensor[T]
	v     []T
	d     int    // the contracted level (above the leaf)
	width []uint // bit length of each level's coordinates (0 at d)
	keys  []uint64
	w     []T
}

// walk visits the nodes lo..hi-1 of level l, whose ancestors' remaining
// coordinates make key and whose contracted coordinate gives weight f. The
// fibers' leaves are written in a loop at level N-2, not by a call each.
func (tw *ttvWalk[T]) walk(l, lo, hi int, key uint64, f T) {
	t := tw.t
	n := len(t.shape)
	crd := t.crd[l]
	if l == n-2 {
		leafPos, leafCrd, vals := t.pos[n-1], t.crd[n-1], t.values
		keys, w, wl := tw.keys, tw.w, tw.width[n-1]
		for x := lo; x < hi; x++ {
			k2, f2 := tw.step(l, crd[x], key, f)
			k2 <<= wl
			for j := leafPos[x]; j < leafPos[x+1]; j++ {
				// + 0: a sum from +0, as the leaf-mode SpMV's (the
				// level builder starts a sum from its first value), so
				// that a -0 product gives +0 whatever the mode order.
				keys[j], w[j] = k2|leafCrd[j], vals[j]*f2+0
			}
		}
		return
	}
	next := t.pos[l+1]
	for x := lo; x < hi; x++ {
		k2, f2 := tw.step(l, crd[x], key, f)
		tw.walk(l+1, int(next[x]), int(next[x+1]), k2, f2)
	}
}

// step returns the key and weight below a node of level l with coordinate
// c: the contracted level sets the weight, any other appends c to the key.
func (tw *ttvWalk[T]) step(l int, c, key uint64, f T) (uint64, T) {
	if l == tw.d {
		return key, tw.v[c]
	}
	return key<<tw.width[l] | c, f
}
