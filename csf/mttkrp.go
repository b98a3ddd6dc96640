package csf

import (
	"fmt"
	"unsafe"

	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
)

// job is the call a workspace's goroutines are running.
type job[T Float] struct {
	op      jobOp
	x       tree       // the levels of the tensor
	leaf    leafOps[T] // the kernels over its leaf values
	level   int        // level of the output mode
	fac     [][]T      // factor of every level (nil at the output level)
	r       int
	out     []T
	private bool // workers > 0 accumulate into worker.priv
	facBuf  [][]T
	run     parter[T] // for opOther
}

// parter is a product's per-worker body.
type parter[T Float] interface {
	part(s *wsState[T], k int)
}

// jobOp names what a job runs (an integer, not a func value: instantiating
// a generic func value allocates).
type jobOp uint8

const (
	opMTTKRP jobOp = iota
	opMTTKRPReduce
	opOther // products that set run
)

func (j *job[T]) do(s *wsState[T], k int) {
	switch j.op {
	case opMTTKRP:
		mttkrpPart(s, k)
	case opMTTKRPReduce:
		mttkrpReduce(s, k)
	default:
		j.run.part(s, k)
	}
}

func is32[T Float]() bool { return unsafe.Sizeof(T(0)) == 4 }

// MTTKRP computes the matricised tensor times Khatri-Rao product for one
// mode: for every stored entry x(i_0, ..., i_{N-1}) and every r < cols,
//
//	out[i_mode*cols + r] += x(i) * Π_{n != mode} factors[n][i_n*cols + r]
//
// with out overwritten first. factors[n] is shape[n] x cols, row-major;
// factors[mode] is ignored (may be nil); out is shape[mode] x cols. cols
// is the factors' column count (the rank of a CP decomposition, not the
// tensor's number of modes).
//
// Any mode works with any mode_order. The work is O(nnz * cols) and, for
// tensors of a few tens of thousands of entries or more, runs on up to
// GOMAXPROCS goroutines. Along the mode stored at the root the result has
// the same bits for any number of goroutines; along the others it agrees
// with a one-goroutine run to rounding. The sum is factored along the tree,
// so Inf and NaN in the inputs follow that order of operations rather than
// the per-entry formula (a factor row of Inf times a sum of -Inf and 3 gives
// -Inf, not NaN), which may depend on mode_order; in a tree with nodes that
// have no children (valid, though no conversion makes them) an Inf or NaN in
// a factor row that only such nodes name makes the output rows they reach NaN.
//
// It panics with a "csf: ..." message on a bad mode, column count or operand size
// (including sizes whose product does not fit an int), when out shares
// memory with a factor other than factors[mode], with the tensor's values
// or with its levels, and on an unvalidated tensor. Its scratch memory is a
// pooled Workspace, so repeated calls allocate nothing once it has grown;
// MTTKRPWith takes one from the caller. Concurrent calls on one tensor are
// safe when their outputs do not overlap.
func (t *Tensor[T]) MTTKRP(mode int, factors [][]T, cols int, out []T) {
	// Above the output mode's level the Hadamard products of the factor
	// rows are pushed down the tree; below it the leaf fibers are gathered
	// and pulled up. The fused kernels engine.GatherHadamard2 (output at
	// level N-3 or above) and engine.PushHadamard2 (output at N-2 or the
	// leaves) walk the three levels from N-3 down in one pass, with no
	// intermediate rows in memory. Work is split over roots, balanced by
	// leaf count (one goroutine below parallelMinNNZ entries; above, at
	// least half that a goroutine). When the mode is not at the root level,
	// different roots may write the same output row: each extra goroutine
	// then accumulates into a private copy of out, summed at the end, as
	// long as those copies stay under 2^24 elements and shape[mode] <= nnz;
	// otherwise one goroutine does the work.
	ws := getWorkspace[T]()
	t.MTTKRPWith(ws, mode, factors, cols, out)
	putWorkspace(ws)
}

// MTTKRPWith is MTTKRP with a caller-owned workspace (nil: a pooled one). It
// allocates nothing once the workspace has grown to the tensor and the column count.
func (t *Tensor[T]) MTTKRPWith(ws *Workspace[T], mode int, factors [][]T, cols int, out []T) {
	t.mustValid()
	if ws == nil {
		t.MTTKRP(mode, factors, cols, out)
		return
	}
	x := t.tree()
	checkMTTKRP(&x, mode, factors, cols, out)
	if dense.Overlap(out, t.values) || t.overlapsLevels(out) {
		panic("csf: MTTKRP: out overlaps the tensor's values or levels")
	}
	ws.state().mttkrp(&x, t, len(t.values), mode, factors, cols, out)
}

// checkMTTKRP panics when the mode, the column count or the operands do not fit a
// tensor with levels x, or out overlaps a factor it reads.
func checkMTTKRP[T Float](x *tree, mode int, factors [][]T, cols int, out []T) {
	n := len(x.shape)
	if mode < 0 || mode >= n {
		panic(fmt.Sprintf("csf: MTTKRP: mode %d out of range for rank %d", mode, n))
	}
	if cols < 1 {
		panic(fmt.Sprintf("csf: MTTKRP: %d factor columns, want at least 1", cols))
	}
	if len(factors) != n {
		panic(fmt.Sprintf("csf: MTTKRP: %d factors for a tensor of rank %d", len(factors), n))
	}
	for m, f := range factors {
		if m == mode {
			continue
		}
		if !dense.Is(len(f), x.shape[m], cols) {
			panic(fmt.Sprintf("csf: MTTKRP: factor %d has %d elements, want shape[%d] x cols = %d x %d", m, len(f), m, x.shape[m], cols))
		}
		if dense.Overlap(out, f) {
			panic(fmt.Sprintf("csf: MTTKRP: out overlaps factor %d", m))
		}
	}
	if !dense.Is(len(out), x.shape[mode], cols) {
		panic(fmt.Sprintf("csf: MTTKRP: out has %d elements, want shape[%d] x cols = %d x %d", len(out), mode, x.shape[mode], cols))
	}
}

// mttkrp runs MTTKRP on a tensor with levels x, nnz leaves and the leaf
// kernels leaf, on operands the caller has checked.
func (s *wsState[T]) mttkrp(x *tree, leaf leafOps[T], nnz int, mode int, factors [][]T, rank int, out []T) {
	clear(out)
	if nnz == 0 {
		return
	}
	n := len(x.shape)
	j := &s.job
	j.op, j.x, j.leaf, j.r, j.out = opMTTKRP, *x, leaf, rank, out
	j.facBuf = grow(j.facBuf, n)
	for l, m := range x.modeOrder {
		j.facBuf[l] = factors[m]
		if int(m) == mode {
			j.level = l
			j.facBuf[l] = nil
		}
	}
	j.fac = j.facBuf
	s.computeLeafPtr(x.pos)
	nw := s.goroutines(nnz)
	j.private = false
	if nw > 1 && j.level > 0 {
		rows := int(x.shape[mode])
		if rows*rank*(nw-1) <= s.tune.privateMax && rows <= nnz {
			j.private = true
		} else {
			nw = 1
		}
	}
	s.splitLeaves(nw)
	nw = len(s.bounds) - 1
	s.ensureWorkers(nw, n, rank)
	if j.private {
		for k := 1; k < nw; k++ {
			s.w[k].priv = grow(s.w[k].priv, len(out))
		}
	}
	s.run(s.bounds)
	if j.private {
		// Sum the private copies, split by rows.
		rows := int(x.shape[mode])
		s.rows = s.rows[:0]
		for k := 0; k <= nw; k++ {
			s.rows = append(s.rows, rows*k/nw)
		}
		j.op = opMTTKRPReduce
		s.run(s.rows)
	}
	j.x, j.leaf, j.out, j.fac = tree{}, nil, nil, nil
	clear(j.facBuf)
}

func mttkrpReduce[T Float](s *wsState[T], k int) {
	j := &s.job
	nw := len(s.rows) - 1
	lo, hi := s.rows[k]*j.r, s.rows[k+1]*j.r
	dst := j.out[lo:hi]
	for w := 1; w < nw; w++ {
		src := s.w[w].priv[lo:hi]
		for i := range dst {
			dst[i] += src[i]
		}
	}
}

// mttkrpPart runs worker k's roots.
func mttkrpPart[T Float](s *wsState[T], k int) {
	j := &s.job
	out := j.out
	if j.private && k > 0 {
		out = s.w[k].priv
		clear(out)
	}
	m := &s.w[k].walk
	*m = mttkrpWalk[T]{x: &j.x, leaf: j.leaf, d: j.level, fac: j.fac, r: j.r, out: out, w: &s.w[k]}
	m.down(0, s.bounds[k], s.bounds[k+1])
	*m = mttkrpWalk[T]{}
}

// mttkrpWalk is one worker's walk of MTTKRP over the levels x, with the
// leaf kernels leaf: the walk above level N-3 is the same for float and
// quantized values.
type mttkrpWalk[T Float] struct {
	x    *tree
	leaf leafOps[T]
	d    int
	fac  [][]T
	r    int
	out  []T
	w    *worker[T]
}

// row returns row i of a row-major matrix with r columns.
func row[T Float](m []T, i uint64, r int) []T { return m[int(i)*r:][:r] }

// down visits the nodes lo..hi-1 of level l <= d, pushing the Hadamard
// product of the factor rows above the output level down. Level N-3 is as
// deep as it goes: from there one kernel call covers the levels below
// (GatherHadamard2 for the output at N-3, PushHadamard2 for N-2 and the
// leaves).
func (m *mttkrpWalk[T]) down(l, lo, hi int) {
	t, r, n := m.x, m.r, len(m.x.shape)
	crd := t.crd[l]
	leafPos, leafCrd := t.pos[n-1], t.crd[n-1]
	var above []T // product of the factor rows of levels 0..l-1
	if l > 0 {
		above = m.w.push[(l-1)*r:][:r]
	}
	switch {
	case l == m.d && l == n-3:
		// Output at level N-3: the three levels from it down in one call,
		// each node's sum times the pushed product (ones at the root) into
		// its out row.
		a := above
		if a == nil {
			a = m.w.ones[:r]
		}
		m.leaf.leafGather2(engine.GatherScatter, m.out, a, crd[lo:hi], t.pos[l+1][lo:hi+1], t.crd[l+1], m.fac[l+1], leafPos, leafCrd, m.fac[n-1], r)
	case l == n-3 && m.d > l:
		// Output at one of the two levels below: every node's product
		// (above times its factor row) pushed through both in one call,
		// into the rows of the children (mid mode) or of the leaves.
		a := above
		if a == nil {
			a = m.w.ones[:r]
		}
		if m.d == n-2 {
			m.leaf.leafPush2(engine.PushChildren, m.out, a, m.fac[l], crd[lo:hi], t.pos[l+1][lo:hi+1], t.crd[l+1], leafPos, leafCrd, m.fac[n-1], r)
		} else {
			m.leaf.leafPush2(engine.PushLeaves, m.out, a, m.fac[l], crd[lo:hi], t.pos[l+1][lo:hi+1], t.crd[l+1], leafPos, leafCrd, m.fac[l+1], r)
		}
	case l == m.d:
		// The sums below each node gather into g (in L1), not into the out
		// row: the kernel would start by loading that row, a cache miss that
		// every fiber's update then waits on (a fifth of the time on T3p,
		// whose 100K roots are mostly a few fibers each). At the root, out
		// is zero and each row belongs to one node, so g is copied over it:
		// stores, which do not hold up the next node.
		g := m.w.pull[l*r:][:r]
		for x := lo; x < hi; x++ {
			clear(g)
			m.pullUp(l+1, int(t.pos[l+1][x]), int(t.pos[l+1][x+1]), g)
			if l > 0 {
				hadamardAcc(row(m.out, crd[x], r), above, g)
			} else {
				copy(row(m.out, crd[x], r), g)
			}
		}
	default:
		p := m.w.push[l*r:][:r]
		for x := lo; x < hi; x++ {
			pushRow(p, above, row(m.fac[l], crd[x], r))
			m.down(l+1, int(t.pos[l+1][x]), int(t.pos[l+1][x+1]))
		}
	}
}

// pullUp adds into g, for the nodes lo..hi-1 of level l > d, the factor row
// of each node times the sum over its subtree.
func (m *mttkrpWalk[T]) pullUp(l, lo, hi int, g []T) {
	t, r, n := m.x, m.r, len(m.x.shape)
	crd := t.crd[l]
	if l == n-3 { // (down only pulls from above N-3: l <= N-3 here)
		// The three levels from l down in one call.
		m.leaf.leafGather2(engine.GatherPull, g, m.fac[l], crd[lo:hi], t.pos[l+1][lo:hi+1], t.crd[l+1], m.fac[l+1], t.pos[n-1], t.crd[n-1], m.fac[n-1], r)
		return
	}
	h := m.w.pull[l*r:][:r]
	for c := lo; c < hi; c++ {
		clear(h)
		m.pullUp(l+1, int(t.pos[l+1][c]), int(t.pos[l+1][c+1]), h)
		hadamardAcc(g, row(m.fac[l], crd[c], r), h)
	}
}

// pushRow sets p = above ∘ f, or p = f at the root.
func pushRow[T Float](p, above, f []T) {
	if above == nil {
		copy(p, f)
		return
	}
	above = above[:len(p)]
	f = f[:len(p)]
	for i := range p {
		p[i] = above[i] * f[i]
	}
}

// hadamardAcc adds a ∘ b into dst.
func hadamardAcc[T Float](dst, a, b []T) {
	a = a[:len(dst)]
	b = b[:len(dst)]
	for i := range dst {
		dst[i] += a[i] * b[i]
	}
}
