package convert

import (
	"math"
	"slices"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/levels"
	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/internal/radix"
)

// Reorder returns t with its levels in another mode order (nil for identity),
// summing nothing (a CSF has no duplicates), as a new validated tensor that
// shares no memory with t. Its errors are ReorderTo's.
func Reorder[T Float](t *csf.Tensor[T], modeOrder []uint32) (*csf.Tensor[T], error) {
	return ReorderTo(nil, t, modeOrder, nil, Options{})
}

// ReorderTo is Reorder (modeOrder nil for identity) writing into dst's
// buffers where they are large enough (dst may be nil; t itself, or a dst
// that shares memory with t, is not reused), with scratch memory from ws
// (may be nil) and opts.Workers goroutines (0 = GOMAXPROCS). dst must not
// be used after the call. It returns an error matching layout.ErrInvalid
// when modeOrder is not a permutation of the tensor's modes, and the
// errors of Reorder otherwise. The result is the same bits whatever the
// worker count.
func ReorderTo[T Float](dst *csf.Tensor[T], t *csf.Tensor[T], modeOrder []uint32, ws *Workspace, opts Options) (*csf.Tensor[T], error) {
	// When the packed level-order key fits 64 bits no COO copy is made: the
	// leaves' new keys are expanded from the levels and sorted with their
	// values. When the new order keeps the old one's top levels (a swap of
	// the two lowest levels, say) and no subtree under them holds more than
	// 4 x the sort's largest bucket (radix.Tuning.BucketMax) leaves, only
	// each subtree's leaves are sorted, a few subtrees at a time, each batch
	// expanded, sorted and counted while it is in cache (sortBelow);
	// otherwise all the keys are sorted together (radix.SortParallel).
	// Either sort skips the bits of the new order's last levels where the
	// old order already gives them (keyPlan.sortedLow).
	shape := t.Shape()
	modeOrder, err := levelOrder(t.Valid(), shape, modeOrder, opts)
	if err != nil {
		return nil, err
	}
	dst = reuseCSF(dst, csfArrays(t))
	r := len(shape)
	ws, release := scratch(ws)
	defer release()
	n := t.NNZ()
	w := workers(opts, n)
	tu := opts.tuning()
	kp := newKeyPlan(shape, modeOrder)
	if len(kp.groups) != 2 || uint64(n) >= math.MaxUint32 {
		// Through a COO held in the workspace.
		coords := grow(ws.coords, n*r)
		vals := valuesIn[T](&ws.vals, n)
		ws.coords = coords
		expandCOO(coords, vals, t, ws, w, tu)
		x := trustedCOO(shape, coords, vals, isIdentity(t.ModeOrder()))
		return COOToCSFTo(dst, x, modeOrder, ws, opts)
	}
	// Level of the new order that stores each old level's mode.
	old := t.ModeOrder()
	shOf := make([]uint, r)
	for L, m := range old {
		shOf[L] = kp.sh[slices.Index(modeOrder, m)]
	}
	ws.keys = grow(ws.keys, n)
	keys := ws.keys
	lp := leafPtrs(t, ws, w, false)
	crd := make([][]uint64, r)
	for L := range r {
		crd[L] = t.Crd(L)
	}
	x := expansion{lp: lp, crd: crd, dst: keys, stride: 1, off: make([]int, r), sh: shOf, or: true, block: tu.expandBlock}
	// The values are sorted straight into the result's array: a CSF has
	// no duplicates, so the result has a leaf for every one.
	out := resultValues(dst, r, n)
	bld := builder[T]{shape: shape, mo: modeOrder, r: r, vals: t.Values(), w: w, keys: keys, kp: kp, out: out, tu: tu}
	from := kp.sortedLow(old, modeOrder)
	// sortScratch sizes the sorts' scratch (histograms, the second key
	// array) and returns the value scratch; an input in order needs none.
	sortScratch := func() []T {
		ws.hist = grow(ws.hist, w<<radix.MaxWidth)
		ws.keys2 = grow(ws.keys2, n)
		return valueBuf[T](ws, n)
	}
	if p := commonPrefix(old, modeOrder); p > 0 && p < r-1 && maxGap(lp[p-1]) <= uint64(4*tu.radix.BucketMax) {
		// The new order keeps the old one's top p levels (p <= r-2:
		// orders that share r-1 levels are equal): only the leaves of
		// each level-(p-1) node need sorting, by the bits of the levels
		// below, which sortBelow does in cache as it expands them: faster
		// than expanding all the keys and sorting them together with
		// radix.SortParallel, the more so on several goroutines.
		vb := sortScratch()
		bld.bounds, bld.nodes = sortBelow(&x, lp[p-1], t.Values(), out, vb, ws, kp, from, int(kp.sh[p-1]), w, tu)
		bld.vals, bld.moved = out, true
		return bld.build(dst)
	}
	parallel.Share(leafPieces(n, w, tu.expandPiece), w, func(_, _, a, b int) { x.run(a, b) })
	if !slices.IsSorted(keys) {
		vb := sortScratch() // before ws.keys2 and ws.hist are read below
		bld.keys, bld.vals = radix.SortParallel(tu.radix, keys, ws.keys2, t.Values(), out, vb, from, kp.groupBits(0)-from, w, ws.hist)
		bld.moved = true
	}
	return bld.build(dst)
}

// maxGap is the largest difference of consecutive entries of a pointer
// array (the most leaves under one node).
func maxGap(ptr []uint64) uint64 {
	m := uint64(0)
	for i := 1; i < len(ptr); i++ {
		m = max(m, ptr[i]-ptr[i-1])
	}
	return m
}

// sortBelow expands the keys of the leaves (x, which ORs every level's
// field into keys) and sorts them with their values (from src into va; vb
// is scratch) within each subtree of seg (the leaf starts of a level's
// nodes: the new order keeps every level above and that level itself), by
// key bits from..top-1 (the bits below from are in order already, see
// keyPlan.sortedLow), chunk by chunk (of about tu.reorderChunk leaves)
// while each chunk is in cache, on w goroutines, and
// counts the nodes every level gets, as builder.count
// would, while the sorted keys are still in cache. It returns the parts'
// bounds (in leaves, whole subtrees each) and their node counts, for
// builder.build.
func sortBelow[T Float](x *expansion, seg []uint64, src, va, vb []T, ws *Workspace, kp *keyPlan, from, top, w int, tu *tuning) (bounds, nodes []int) {
	chunk := tu.reorderChunk
	keys := x.dst
	r := len(kp.sh)
	split := parallel.SplitPtr(seg, parallel.Parts(w), 1)
	bounds = make([]int, len(split))
	for k, i := range split {
		bounds[k] = int(seg[i])
	}
	nodes = make([]int, (len(split)-1)*r)
	segs := radix.Segments[T]{Keys: keys, Src: src, Dst: va, ScratchKeys: ws.keys2, ScratchPay: vb, Tuning: tu.radix}
	parallel.Share(split, w, func(g, k, lo, hi int) {
		a0, z := bounds[k], bounds[k+1]
		nd := nodes[k*r : (k+1)*r]
		// The part's window of the sort's scratch: at its first leaf,
		// where it stays in cache from one chunk to the next.
		sw := segs.Worker(ws.hist[g<<radix.MaxWidth:][:1<<radix.MaxWidth], a0, min(z-a0, chunk))
		cur := x.start(a0)
		for i := lo; i < hi; {
			j := i + 1
			for j < hi && int(seg[j+1]-seg[i]) <= chunk {
				j++
			}
			a, e := int(seg[i]), int(seg[j])
			x.expand(cur, a, e)
			sw.Sort(seg[i:j+1], from, top)
			if a == a0 && a > 0 {
				// The part's first leaf compares with the previous part's
				// last one: counted after Run.
				a++
			}
			levels.Count(tu.levels, keys, kp.sh, nd, a, e)
			i = j
		}
	})
	for k := 1; k+1 < len(bounds); k++ {
		if i := bounds[k]; i > 0 && i < bounds[k+1] {
			levels.Count(tu.levels, keys, kp.sh, nodes[k*r:(k+1)*r], i, i+1)
		}
	}
	return bounds, nodes
}

// commonPrefix is the number of leading levels on which two mode orders
// agree.
func commonPrefix(a, b []uint32) int {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	return p
}
