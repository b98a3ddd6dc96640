package csf

import (
	"fmt"
	"slices"

	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/mem"
)

// # Attention on a CSF pattern
//
// SDDMM and SpMM treat the tensor as a batch of sparse matrices: the last
// two logical modes are i (N-2) and j (N-1), the others (0..N-3) a batch
// index b, row-major over their shape (B = their product; for a rank-3
// pattern (h, i, j) b is the head h). Dense operands are row-major:
// q is B x I x d, k is B x J x d, v is B x J x dv, out is B x I x dv, with
// I = shape[N-2] and J = shape[N-1].
//
// Any mode order works. The fast paths batch a whole fiber per kernel call:
// j at the leaf level under i (the natural order for the SpMM that follows:
// one q row against a fiber of k rows, then gathered v rows into one out
// row), or i at the leaf under j (a k row against q rows; the SpMM scatters).
// Other orders fall back to one kernel call per entry.

// SDDMM returns a tensor with t's structure (pos and crd shared, not copied)
// whose values are the sampled products
//
//	values(b, i, j) = scale * Σ_{t<d} q[(b*I+i)*d + t] * k[(b*J+j)*d + t]
//
// at every stored (b, i, j); t's own values are ignored. (As TTVTo's dst
// it lends only its values.) It panics with a
// "csf: ..." message on a size mismatch (including sizes whose product does
// not fit an int). SDDMMInto's dst may be t's own values, but must not share
// memory with q or k.
func (t *Tensor[T]) SDDMM(q, k []T, d int, scale T) *Tensor[T] {
	t.mustValid()
	vals := mem.MakeHuge[T](len(t.values))
	t.SDDMMInto(vals, q, k, d, scale)
	t.shareLevels()
	r := &Tensor[T]{shape: t.shape, modeOrder: t.modeOrder, pos: t.pos, crd: t.crd, values: vals, valid: true}
	r.shareLevels()
	return r
}

// SDDMMInto is SDDMM writing the values into dst (len NNZ), in t's storage
// order, with a pooled workspace.
func (t *Tensor[T]) SDDMMInto(dst, q, k []T, d int, scale T) {
	ws := getWorkspace[T]()
	t.SDDMMWith(ws, dst, q, k, d, scale)
	putWorkspace(ws)
}

// SDDMMWith is SDDMMInto with a caller-owned workspace; it allocates nothing
// once the workspace has grown.
func (t *Tensor[T]) SDDMMWith(ws *Workspace[T], dst, q, k []T, d int, scale T) {
	t.mustValid()
	nq, nk, ok := t.attnSizes(d)
	if !ok || len(q) != nq || len(k) != nk {
		panic(fmt.Sprintf("csf: SDDMM: d = %d, len(q) = %d, len(k) = %d, want d >= 1, B*I*d and B*J*d for shape %v", d, len(q), len(k), t.shape))
	}
	if len(dst) != len(t.values) {
		panic(fmt.Sprintf("csf: SDDMM: len(dst) = %d, want nnz = %d", len(dst), len(t.values)))
	}
	if dense.Overlap(dst, q) || dense.Overlap(dst, k) || t.overlapsLevels(dst) {
		panic("csf: SDDMM: dst overlaps q or k or the tensor's levels")
	}
	s := ws.state()
	a := &s.attn
	*a = attnJob[T]{t: t, sddmm: true, dst: dst, q: q, k: k, d: d, scale: scale}
	s.runProduct(t, a, false)
	*a = attnJob[T]{}
}

// SpMM is the sparse-times-dense product that follows SDDMM, with t's values
// as the weights (softmax them first if needed):
//
//	out[(b*I+i)*dv + c] = Σ_{stored j} x(b, i, j) * v[(b*J+j)*dv + c]
//
// out (B x I x dv) is overwritten. It panics with a "csf: ..." message on a
// size mismatch, or when out shares memory with v or the tensor's values.
func (t *Tensor[T]) SpMM(out, v []T, dv int) {
	ws := getWorkspace[T]()
	t.SpMMWith(ws, out, v, dv)
	putWorkspace(ws)
}

// SpMMWith is SpMM with a caller-owned workspace.
func (t *Tensor[T]) SpMMWith(ws *Workspace[T], out, v []T, dv int) {
	t.mustValid()
	nOut, nV, ok := t.attnSizes(dv)
	if !ok || len(v) != nV || len(out) != nOut {
		panic(fmt.Sprintf("csf: SpMM: dv = %d, len(v) = %d, len(out) = %d, want dv >= 1, B*J*dv and B*I*dv for shape %v", dv, len(v), len(out), t.shape))
	}
	if dense.Overlap(out, v) || dense.Overlap(out, t.values) || t.overlapsLevels(out) {
		panic("csf: SpMM: out overlaps v or the tensor's values or levels")
	}
	clear(out)
	s := ws.state()
	a := &s.attn
	*a = attnJob[T]{t: t, dst: out, k: v, d: dv, scale: 1}
	// Roots split the work; they write disjoint out rows unless the root
	// level stores j.
	s.runProduct(t, a, int(t.modeOrder[0]) == len(t.shape)-1)
	*a = attnJob[T]{}
}

// attnSizes returns B*I*d and B*J*d, the lengths of the dense operands of
// d columns, and false when d < 1 or they do not fit an int.
func (t *Tensor[T]) attnSizes(d int) (nI, nJ int, ok bool) {
	n := len(t.shape)
	b := max(d, 0)
	if slices.Contains(t.shape[:n-2], 0) {
		b = 0 // no batch: empty operands, however large the other extents
	}
	for _, s := range t.shape[:n-2] {
		if b, ok = dense.Size(s, b); !ok {
			return 0, 0, false
		}
	}
	if nI, ok = dense.Size(t.shape[n-2], b); !ok {
		return 0, 0, false
	}
	nJ, ok = dense.Size(t.shape[n-1], b)
	return nI, nJ, ok && d >= 1
}

// runProduct runs a product job over the roots, split by leaf count.
func (s *wsState[T]) runProduct(t *Tensor[T], p parter[T], serial bool) {
	if len(t.values) == 0 {
		return
	}
	j := &s.job
	j.op, j.run = opOther, p
	s.computeLeafPtr(t.pos)
	nw := s.goroutines(len(t.values))
	if serial {
		nw = 1
	}
	s.splitLeaves(nw)
	nw = len(s.bounds) - 1
	n, r := len(t.shape), 1
	if a, ok := p.(*attnJob[T]); ok {
		r = a.d
	}
	s.ensureWorkers(nw, n, r)
	s.run(s.bounds)
	j.run = nil
}

// attnJob is SDDMM (sddmm: dst = values, q, k) or SpMM (dst = out, k = v).
type attnJob[T Float] struct {
	t     *Tensor[T]
	sddmm bool
	dst   []T
	q, k  []T
	d     int
	scale T
}

func (a *attnJob[T]) part(s *wsState[T], k int) {
	w := &s.w[k]
	for x := s.bounds[k]; x < s.bounds[k+1]; x++ {
		a.walk(w, 0, x, x+1, 0, 0, 0)
	}
}

// walk visits the nodes lo..hi-1 of level l with the batch index b (partial:
// the batch modes above l) and i, j when a level above stores them.
func (a *attnJob[T]) walk(w *worker[T], l, lo, hi, b, i, j int) {
	t := a.t
	n := len(t.shape)
	m := int(t.modeOrder[l])
	crd := t.crd[l]
	if l == n-2 {
		a.fibers(w, lo, hi, b, i, j)
		return
	}
	next := t.pos[l+1]
	for x := lo; x < hi; x++ {
		c := int(crd[x])
		switch {
		case m == n-2:
			a.walk(w, l+1, int(next[x]), int(next[x+1]), b, c, j)
		case m == n-1:
			a.walk(w, l+1, int(next[x]), int(next[x+1]), b, i, c)
		default:
			a.walk(w, l+1, int(next[x]), int(next[x+1]), b+c*t.batchStride(m), i, j)
		}
	}
}

// batchStride is the row-major stride of batch mode m.
func (t *Tensor[T]) batchStride(m int) int {
	s := 1
	for q := m + 1; q < len(t.shape)-2; q++ {
		s *= int(t.shape[q])
	}
	return s
}

// fibers handles the nodes lo..hi-1 of level N-2 and their leaves.
func (a *attnJob[T]) fibers(w *worker[T], lo, hi, b, i, j int) {
	t := a.t
	n := len(t.shape)
	I, J := int(t.shape[n-2]), int(t.shape[n-1])
	m2, m1 := int(t.modeOrder[n-2]), int(t.modeOrder[n-1])
	crd, leafPos, leafCrd := t.crd[n-2], t.pos[n-1], t.crd[n-1]
	d := a.d
	switch {
	case m2 == n-2 && m1 == n-1: // i above j at the leaf
		if a.sddmm {
			a.dotFibers(lo, hi, a.q[b*I*d:], a.k[b*J*d:(b+1)*J*d])
			return
		}
		engine.GatherHadamardUnchecked(engine.GatherScatter, a.dst[b*I*d:(b+1)*I*d], w.ones[:d], crd[lo:hi], leafPos[lo:hi+1], t.values, leafCrd, a.k[b*J*d:(b+1)*J*d], d)
	case m2 == n-1 && m1 == n-2: // j above i at the leaf
		if a.sddmm {
			a.dotFibers(lo, hi, a.k[b*J*d:], a.q[b*I*d:(b+1)*I*d])
			return
		}
		engine.ScatterHadamardUnchecked(a.dst[b*I*d:(b+1)*I*d], w.ones[:d], a.k[b*J*d:(b+1)*J*d], crd[lo:hi], leafPos[lo:hi+1], t.values, leafCrd, d)
	default: // a batch mode at one of the two lowest levels: entry by entry
		idx := w.idx1[:1]
		for c := lo; c < hi; c++ {
			b2, i2, j2 := coordRole(t, m2, int(crd[c]), b, i, j)
			for p := leafPos[c]; p < leafPos[c+1]; p++ {
				b3, i3, j3 := coordRole(t, m1, int(leafCrd[p]), b2, i2, j2)
				if a.sddmm {
					idx[0] = uint64(b3*J + j3)
					engine.DotRowsUnchecked(a.dst[p:p+1], a.q[(b3*I+i3)*d:][:d], a.k, idx, a.scale)
					continue
				}
				o := a.dst[(b3*I+i3)*d:][:d]
				vr := a.k[(b3*J+j3)*d:][:d]
				x := t.values[p]
				for q := range o {
					o[q] += x * vr[q]
				}
			}
		}
	}
}

// dotFibers is SDDMM on the nodes lo..hi-1 of level N-2 when the two
// lowest levels hold the modes of i and j: the row of upper (q's or k's
// rows of the batch) that each node names, dotted with the rows of lower
// (the other operand's rows of the batch) that its leaves name.
func (a *attnJob[T]) dotFibers(lo, hi int, upper, lower []T) {
	t := a.t
	n := len(t.shape)
	crd, leafPos, leafCrd := t.crd[n-2], t.pos[n-1], t.crd[n-1]
	d := a.d
	for c := lo; c < hi; c++ {
		p0, p1 := leafPos[c], leafPos[c+1]
		engine.DotRowsUnchecked(a.dst[p0:p1], upper[int(crd[c])*d:][:d], lower, leafCrd[p0:p1], a.scale)
	}
}

// coordRole applies coordinate c of logical mode m to (b, i, j).
func coordRole[T Float](t *Tensor[T], m, c, b, i, j int) (int, int, int) {
	n := len(t.shape)
	switch m {
	case n - 2:
		return b, c, j
	case n - 1:
		return b, i, c
	}
	return b + c*t.batchStride(m), i, j
}
