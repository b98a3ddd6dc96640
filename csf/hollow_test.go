package csf_test

// Tensors with empty nodes ("hollow" tensors). ADR-025 §6 only asks pos_L to
// be non-decreasing, so a node may have no children, and a node of level N-2
// no leaves. COO to CSF never builds one, so these tests build them directly
// with csf.New (which validates) and check every product and query against
// the brute-force oracles of the other tests (dense, mttkrpDense, ttvDense,
// the TTM and attention sums), under every kernel path and on the parallel
// paths too. The file is in package csf_test because those oracles are;
// the knobs it needs are exported to it by export_test.go.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// hollowTensor is a valid tensor that may have empty nodes, with what it
// stores recorded by the test itself (from pos and crd, not through package
// csf's lookups).
type hollowTensor[T csf.Float] struct {
	ct     *csf.Tensor[T]
	vals   []T
	d      *dense       // the dense oracle
	leafAt []int        // dense index -> leaf, or -1
	nodes  [][][]uint64 // nodes[l][x]: the coordinates of node x of level l and its ancestors, root first
	leaves [][]uint64   // the logical coordinate of every leaf, in storage order
}

// hollowFrom builds the tensor with csf.New and records its nodes and
// entries by walking pos and crd level by level.
func hollowFrom[T csf.Float](t testing.TB, shape []uint64, mo []uint32, pos, crd [][]uint64, vals []T) *hollowTensor[T] {
	t.Helper()
	n := len(shape)
	ct, err := csf.New(shape, mo, pos, crd, vals)
	if err != nil {
		t.Fatalf("shape %v order %v: New: %v", shape, mo, err)
	}
	size := 1
	for _, s := range shape {
		size *= int(s)
	}
	h := &hollowTensor[T]{ct: ct, vals: vals, d: &dense{shape: shape, v: make([]float64, size)}, leafAt: make([]int, size)}
	for i := range h.leafAt {
		h.leafAt[i] = -1
	}
	h.nodes = make([][][]uint64, n)
	for l := range n {
		h.nodes[l] = [][]uint64{}
		for p := range len(pos[l]) - 1 {
			for x := pos[l][p]; x < pos[l][p+1]; x++ {
				var path []uint64
				if l > 0 {
					path = slices.Clone(h.nodes[l-1][p])
				}
				h.nodes[l] = append(h.nodes[l], append(path, crd[l][x]))
			}
		}
	}
	for j, path := range h.nodes[n-1] {
		c := h.logical(path)
		h.leaves = append(h.leaves, c)
		i := h.d.index(c)
		h.d.v[i] = float64(vals[j])
		h.leafAt[i] = j
	}
	return h
}

// logical returns the logical coordinate of a node's path (the modes below
// its level are 0).
func (h *hollowTensor[T]) logical(path []uint64) []uint64 {
	mo := h.ct.ModeOrder()
	c := make([]uint64, len(mo))
	for l, v := range path {
		c[mo[l]] = v
	}
	return c
}

// fanout bounds the child count of a node with children, per level.
type fanout struct{ lo, hi int }

// defaultFan is the fan-out of the small random tensors: several roots (so
// that level 1 has parents to leave empty) and 2 to 6 children below.
var defaultFan = []fanout{{5, 10}, {2, 6}, {2, 6}, {2, 6}, {2, 6}}

// hollowMask picks which of np parent nodes get no children: each with
// probability 0.2 and, each every other time when there are enough parents,
// the first, the last and a run of two or three in between. At least one
// parent keeps children.
func hollowMask(rng *rand.Rand, np int) []bool {
	e := make([]bool, np)
	for i := range e {
		e[i] = rng.IntN(5) == 0
	}
	if np >= 3 {
		e[0] = e[0] || rng.IntN(2) == 0
		e[np-1] = e[np-1] || rng.IntN(2) == 0
	}
	if np >= 5 && rng.IntN(2) == 0 {
		run := min(3, np-3)
		a := 1 + rng.IntN(np-2-run)
		for i := range run {
			e[a+i] = true
		}
	}
	if !slices.Contains(e, false) {
		e[np/2] = false
	}
	return e
}

// genHollow builds a random tensor with empty nodes on every level below
// the root (hollowMask) and fan[l] children under each other node of level
// l-1 (defaultFan when fan is nil); values are multiples of 1/4, some zero.
func genHollow[T csf.Float](t testing.TB, rng *rand.Rand, shape []uint64, mo []uint32, fan []fanout) *hollowTensor[T] {
	if fan == nil {
		fan = defaultFan
	}
	n := len(shape)
	pos, crd := make([][]uint64, n), make([][]uint64, n)
	parents := 1
	for l := range n {
		ext := int(shape[mo[l]])
		empty := []bool{false} // the root level's one parent has children
		if l > 0 {
			empty = hollowMask(rng, parents)
		}
		pos[l] = []uint64{0}
		crd[l] = []uint64{}
		for p := range parents {
			if !empty[p] {
				hi := min(fan[l].hi, ext)
				lo := max(1, min(fan[l].lo, hi))
				k := lo + rng.IntN(hi-lo+1)
				cs := rng.Perm(ext)[:k]
				slices.Sort(cs)
				for _, c := range cs {
					crd[l] = append(crd[l], uint64(c))
				}
			}
			pos[l] = append(pos[l], uint64(len(crd[l])))
		}
		parents = len(crd[l])
	}
	vals := make([]T, parents)
	for i := range vals {
		vals[i] = T(rng.IntN(17)-8) / 4
	}
	return hollowFrom(t, shape, mo, pos, crd, vals)
}

// remIndex is the row-major index of c over the shape without mode skip.
func remIndex(shape, c []uint64, skip int) int {
	i := 0
	for m, s := range shape {
		if m != skip {
			i = i*int(s) + int(c[m])
		}
	}
	return i
}

// checkHollow runs every product and query on h against the oracles.
func checkHollow[T csf.Float](t *testing.T, h *hollowTensor[T], rng *rand.Rand, what string) {
	t.Helper()
	what += "/" + h.ct.String()
	checkHollowLookups(t, h, what)
	checkHollowMTTKRP(t, h, rng, what)
	checkHollowTTV(t, h, rng, what)
	checkHollowTTM(t, h, rng, what)
	checkHollowAttention(t, h, rng, what)
}

// checkHollowLookups: All yields the leaves in storage order; Find, At and
// FindBatch (small and blocked) answer every coordinate of the shape and a
// few outside it.
func checkHollowLookups[T csf.Float](t *testing.T, h *hollowTensor[T], what string) {
	t.Helper()
	ct := h.ct
	shape := ct.Shape()
	n := len(shape)
	k := 0
	for c, v := range ct.All() {
		if k >= len(h.leaves) {
			t.Fatalf("%s: All yields entry %d %v %v past the %d leaves", what, k, c, v, len(h.leaves))
		}
		if !slices.Equal(c, h.leaves[k]) || v != h.vals[k] {
			t.Fatalf("%s: All entry %d = %v %v, want %v %v", what, k, c, v, h.leaves[k], h.vals[k])
		}
		k++
	}
	if k != len(h.leaves) || ct.NNZ() != len(h.leaves) {
		t.Fatalf("%s: All yields %d entries, NNZ %d, want %d", what, k, ct.NNZ(), len(h.leaves))
	}
	var coords []uint64
	var want []int
	h.d.each(func(c []uint64, _ float64) {
		leaf := h.leafAt[h.d.index(c)]
		got, ok := ct.Find(c)
		if ok != (leaf >= 0) || ok && got != leaf {
			t.Fatalf("%s: Find(%v) = %d, %v, want %d", what, c, got, ok, leaf)
		}
		var v T
		if leaf >= 0 {
			v = h.vals[leaf]
		}
		if a := ct.At(c...); a != v {
			t.Fatalf("%s: At(%v) = %v, want %v", what, c, a, v)
		}
		coords = append(coords, c...)
		want = append(want, leaf)
	})
	// Outside the shape, one mode at a time, under a stored entry's prefix.
	base := make([]uint64, n)
	if len(h.leaves) > 0 {
		base = h.leaves[len(h.leaves)/2]
	}
	for m := range n {
		for _, x := range []uint64{shape[m], ^uint64(0)} {
			c := slices.Clone(base)
			c[m] = x
			if leaf, ok := ct.Find(c); ok {
				t.Fatalf("%s: Find(%v) outside the shape = %d", what, c, leaf)
			}
			coords = append(coords, c...)
			want = append(want, -1)
		}
	}
	for _, nq := range []int{min(len(want), 4096), max(len(want), 4097)} {
		qs := make([]uint64, 0, nq*n)
		wq := make([]int, 0, nq)
		for i := 0; len(wq) < nq; i = (i + 1) % len(want) {
			qs = append(qs, coords[i*n:(i+1)*n]...)
			wq = append(wq, want[i])
		}
		out := make([]int, nq)
		for i := range out {
			out[i] = 12345 // overwritten
		}
		ct.FindBatch(qs, out)
		if !slices.Equal(out, wq) {
			for i := range out {
				if out[i] != wq[i] {
					t.Fatalf("%s: FindBatch of %d: [%d] %v = %d, want %d", what, nq, i, qs[i*n:(i+1)*n], out[i], wq[i])
				}
			}
		}
	}
}

// checkHollowMTTKRP: every mode and a few ranks against mttkrpDense, with
// the pooled workspace and with three workers on every split, with and
// without private outputs.
func checkHollowMTTKRP[T csf.Float](t *testing.T, h *hollowTensor[T], rng *rand.Rand, what string) {
	t.Helper()
	ct := h.ct
	shape := ct.Shape()
	for _, r := range []int{1, 3, 8, 17} {
		factors := make([][]T, len(shape))
		f64 := make([][]float64, len(shape))
		for m, s := range shape {
			factors[m] = randMat[T](rng, int(s)*r)
			f64[m] = testutil.Convert[float64](factors[m])
		}
		for mode := range shape {
			w := what + fmt.Sprintf("/mttkrp mode=%d r=%d", mode, r)
			want, scale := mttkrpDense(h.d, mode, f64, r)
			out := make([]T, int(shape[mode])*r)
			for i := range out {
				out[i] = 99 // overwritten
			}
			ct.MTTKRP(mode, factors, r, out)
			closeTo(t, w, out, want, scale, tol[T]())
			for _, maxPriv := range []int{1 << 24, 0} {
				for i := range out {
					out[i] = 99
				}
				ct.MTTKRPWith(csf.NewTunedWorkspace[T](3, csf.Parallel(maxPriv)), mode, factors, r, out)
				closeTo(t, w+fmt.Sprintf("/workers=3 maxPrivate=%d", maxPriv), out, want, scale, tol[T]())
			}
		}
	}
}

// ttvSetting is a configuration TTV runs under: the tuning of a workspace
// of three workers (nil: no workspace, a pooled one).
type ttvSetting struct {
	name string
	tune *csf.Tuning
}

// regroup is the package's tuning with the packed-key path off, so that
// every off-leaf TTV takes the regrouping path that keys wider than 64 bits
// need.
func regroup() *csf.Tuning {
	tu := csf.Defaults()
	tu.PackBits = 0
	return &tu
}

func parallelTuning() *csf.Tuning {
	tu := csf.Parallel(1 << 24)
	return &tu
}

func segments() *csf.Tuning {
	tu := csf.Segments(true)
	return &tu
}

// ttvSettings: the default, every split parallel, the regrouping path, and
// the subtree sorts forced on.
var ttvSettings = []ttvSetting{
	{name: "default"},
	{name: "parallel", tune: parallelTuning()},
	{name: "regroup", tune: regroup()},
	{name: "segments", tune: segments()},
}

// ttvStored returns the remaining tuples (as row-major indices over the
// result's shape) a TTV along mode stores: those of the stored entries, and
// along the leaf mode, whose result keeps t's levels 0..N-2, every node of
// level N-2, a node without leaves giving a stored zero.
func (h *hollowTensor[T]) ttvStored(mode int) map[int]bool {
	shape := h.ct.Shape()
	n := len(shape)
	set := map[int]bool{}
	if int(h.ct.ModeOrder()[n-1]) == mode {
		for _, path := range h.nodes[n-2] {
			set[remIndex(shape, h.logical(path), mode)] = true
		}
		return set
	}
	for _, c := range h.leaves {
		set[remIndex(shape, c, mode)] = true
	}
	return set
}

// checkTTVEntries checks the entries a TTV result yields (logical
// coordinates over rshape) against the stored set and the dense result.
func checkTTVEntries[T csf.Float](t *testing.T, what string, nnz int, entries func(func([]uint64, T) bool), rshape []uint64, stored map[int]bool, want, scale []float64) {
	t.Helper()
	if nnz != len(stored) {
		t.Fatalf("%s: %d stored, want %d", what, nnz, len(stored))
	}
	seen := map[int]bool{}
	var got []T
	var gw, gs []float64
	for c, v := range entries {
		k := remIndex(rshape, c, -1)
		if !stored[k] || seen[k] {
			t.Fatalf("%s: stores %v (expected %v, seen %v)", what, c, stored[k], seen[k])
		}
		seen[k] = true
		got = append(got, v)
		gw = append(gw, want[k])
		gs = append(gs, scale[k])
	}
	if len(seen) != len(stored) {
		t.Fatalf("%s: yields %d entries, want %d", what, len(seen), len(stored))
	}
	closeTo(t, what, got, gw, gs, tol[T]())
}

// checkHollowTTV: TTV (TTVMatrix at rank 3) along every mode under every
// ttvSetting against ttvDense and the stored set; then, exactly, TTVTo and
// TTVMatrixTo into earlier results, into t and into a leaf-mode result,
// the result for 1, 2 and 3 workers, and TTVValues along the leaf mode.
func checkHollowTTV[T csf.Float](t *testing.T, h *hollowTensor[T], rng *rand.Rand, what string) {
	t.Helper()
	ct := h.ct
	shape := ct.Shape()
	mo := ct.ModeOrder()
	n := len(shape)
	leaf := int(mo[n-1])
	ws := csf.NewWorkspace[T](3)
	settingWS := make([]*csf.Workspace[T], len(ttvSettings))
	for i, s := range ttvSettings {
		if s.tune != nil {
			settingWS[i] = csf.NewTunedWorkspace[T](3, *s.tune)
		}
	}
	pos, crd, vals := snapshot(ct)
	var prev *csf.Tensor[T]
	var prevM *csr.Matrix[T]
	for mode := range n {
		v := randMat[T](rng, int(shape[mode]))
		vl := randMat[T](rng, int(shape[leaf]))
		rshape, want, scale := ttvDense(h.d, mode, testutil.Convert[float64](v))
		stored := h.ttvStored(mode)
		w := what + fmt.Sprintf("/ttv mode=%d", mode)
		for i, s := range ttvSettings {
			ws2 := settingWS[i]
			if n == 3 {
				var m *csr.Matrix[T]
				m = ct.TTVMatrixTo(nil, mode, v, ws2)
				if err := m.Validate(); err != nil || !slices.Equal(m.Shape(), rshape) {
					t.Fatalf("%s/%s: shape %v, want %v; %v", w, s.name, m.Shape(), rshape, err)
				}
				checkTTVEntries(t, w+"/"+s.name, m.NNZ(), m.All(), rshape, stored, want, scale)
			} else {
				var y *csf.Tensor[T]
				y = ct.TTVTo(nil, mode, v, ws2)
				if err := y.Validate(); err != nil || !slices.Equal(y.Shape(), rshape) {
					t.Fatalf("%s/%s: shape %v, want %v; %v", w, s.name, y.Shape(), rshape, err)
				}
				var wantMO []uint32
				for _, m := range mo {
					if int(m) != mode {
						wantMO = append(wantMO, m-uint32(min(1, max(0, int(m)-mode))))
					}
				}
				if !slices.Equal(y.ModeOrder(), wantMO) {
					t.Fatalf("%s/%s: mode order %v, want %v", w, s.name, y.ModeOrder(), wantMO)
				}
				checkTTVEntries(t, w+"/"+s.name, y.NNZ(), y.All(), rshape, stored, want, scale)
			}
		}
		// Exact: the same result whatever buffers it is written into and
		// however many workers run it (along the leaf mode, every worker's
		// fibers take the kernels chosen for the whole tensor:
		// kernels.SpMVRows).
		if n == 3 {
			ref := ct.TTVMatrix(mode, v)
			same := func(got *csr.Matrix[T]) bool {
				return slices.Equal(got.Ptr(), ref.Ptr()) && slices.Equal(got.Idx(), ref.Idx()) && slices.Equal(got.Values(), ref.Values()) && got.IsCSC() == ref.IsCSC()
			}
			for _, dst := range []*csr.Matrix[T]{prevM, ct.TTVMatrix(leaf, vl)} {
				got := ct.TTVMatrixTo(dst, mode, v, ws)
				if !same(got) {
					t.Fatalf("%s: TTVMatrixTo differs from TTVMatrix", w)
				}
				prevM = got
			}
			for _, k := range []int{1, 2, 3} {
				got := ct.TTVMatrixTo(nil, mode, v, csf.NewTunedWorkspace[T](k, csf.Parallel(1<<24)))
				if !same(got) {
					t.Fatalf("%s: %d workers: result differs", w, k)
				}
			}
			if mode == leaf {
				checkTTVValues(t, w, ct, mode, v, ref.Values())
			}
		} else {
			ref := ct.TTV(mode, v)
			prev = checkTTVTo(t, w, ct, mode, v, ws, ref, prev, ct, ct.TTV(leaf, vl))
			for _, k := range []int{1, 2, 3} {
				got := ct.TTVTo(nil, mode, v, csf.NewTunedWorkspace[T](k, csf.Parallel(1<<24)))
				if !sameTensor(got, ref) {
					t.Fatalf("%s: %d workers: result differs", w, k)
				}
			}
			if mode == leaf {
				checkTTVValues(t, w, ct, mode, v, ref.Values())
			}
		}
		p2, c2, v2 := snapshot(ct)
		if !slices.EqualFunc(pos, p2, slices.Equal) || !slices.EqualFunc(crd, c2, slices.Equal) || !slices.Equal(vals, v2) {
			t.Fatalf("%s: t changed", w)
		}
	}
}

// checkTTVValues: TTVValues along the leaf mode into a buffer of stale
// values overwrites every one (an empty fiber's too) with want's, on one
// goroutine and with every split parallel on three.
func checkTTVValues[T csf.Float](t *testing.T, what string, ct *csf.Tensor[T], mode int, v, want []T) {
	t.Helper()
	dst := make([]T, len(ct.Crd(ct.Rank()-2)))
	for _, ws := range []*csf.Workspace[T]{nil, csf.NewTunedWorkspace[T](3, csf.Parallel(1<<24))} {
		for i := range dst {
			dst[i] = 99
		}
		if ws == nil {
			ct.TTVValues(dst, mode, v)
		} else {
			ct.TTVValuesWith(ws, dst, mode, v)
		}
		if !slices.Equal(dst, want) {
			t.Fatalf("%s: TTVValues differs from TTV (workspace %v)", what, ws != nil)
		}
	}
}

// checkHollowTTM: every fiber of level N-2 (those without leaves too) holds
// the dense sum over its leaf mode, Find and At agree, remaining tuples that
// are no fiber are absent; TTMInto with every split parallel gives the same.
func checkHollowTTM[T csf.Float](t *testing.T, h *hollowTensor[T], rng *rand.Rand, what string) {
	t.Helper()
	ct := h.ct
	shape := ct.Shape()
	n := len(shape)
	leaf := int(ct.ModeOrder()[n-1])
	fiberAt := map[int]int{} // remaining index -> fiber
	for f, path := range h.nodes[n-2] {
		fiberAt[remIndex(shape, h.logical(path), leaf)] = f
	}
	for _, r := range []int{1, 5, 16, 33} {
		w := what + fmt.Sprintf("/ttm r=%d", r)
		u := randMat[T](rng, int(shape[leaf])*r)
		u64 := testutil.Convert[float64](u)
		// The dense oracle: y(i with i_leaf -> k) = Σ_{i_leaf} x(i) u[i_leaf, k].
		want := map[int][]float64{}
		scale := map[int][]float64{}
		h.d.each(func(c []uint64, v float64) {
			key := remIndex(shape, c, leaf)
			wk, sk := want[key], scale[key]
			if wk == nil {
				wk, sk = make([]float64, r), make([]float64, r)
				want[key], scale[key] = wk, sk
			}
			ur := u64[int(c[leaf])*r:][:r]
			for k := range r {
				wk[k] += v * ur[k]
				sk[k] += abs(v * ur[k])
			}
		})
		s := ct.TTM(u, r)
		if s.Fibers() != len(h.nodes[n-2]) || s.Shape()[leaf] != uint64(r) || s.DenseMode() != leaf || s.R() != r {
			t.Fatalf("%s: %d fibers (want %d), shape %v, dense mode %d", w, s.Fibers(), len(h.nodes[n-2]), s.Shape(), s.DenseMode())
		}
		par := make([]T, len(s.Values()))
		for i := range par {
			par[i] = 7 // overwritten
		}
		ct.TTMIntoWith(csf.NewTunedWorkspace[T](3, csf.Parallel(1<<24)), par, u, r)
		h.d.each(func(c []uint64, _ float64) {
			if c[leaf] != 0 {
				return
			}
			key := remIndex(shape, c, leaf)
			f, isFiber := fiberAt[key]
			got, ok := s.Find(c)
			if ok != isFiber || ok && got != f {
				t.Fatalf("%s: Find(%v) = %d, %v, want %d, %v", w, c, got, ok, f, isFiber)
			}
			c2 := slices.Clone(c)
			c2[leaf] = uint64(r - 1)
			if !ok {
				if a := s.At(c2...); a != 0 {
					t.Fatalf("%s: At(%v) = %v outside the fibers", w, c2, a)
				}
				return
			}
			closeTo(t, w, s.Row(f), want[key], scale[key], tol[T]())
			closeTo(t, w+"/TTMInto parallel", par[f*r:(f+1)*r], want[key], scale[key], tol[T]())
			if s.At(c2...) != s.Row(f)[r-1] {
				t.Fatalf("%s: At(%v) differs from Row", w, c2)
			}
		})
	}
}

// checkHollowAttention: SDDMM at every stored entry and the SpMM with t's
// values against their sums, with the pooled workspace and with three
// workers on every split.
func checkHollowAttention[T csf.Float](t *testing.T, h *hollowTensor[T], rng *rand.Rand, what string) {
	t.Helper()
	ct := h.ct
	shape := ct.Shape()
	n := len(shape)
	bI, bJ := attnRows(shape)
	ws := csf.NewTunedWorkspace[T](3, csf.Parallel(1<<24))
	for _, d := range []int{1, 7, 16, 67} {
		w := what + fmt.Sprintf("/attention d=%d", d)
		q := randMat[T](rng, bI*d)
		k := randMat[T](rng, bJ*d)
		const scale = 0.125
		want := make([]float64, len(h.leaves))
		sc := make([]float64, len(h.leaves))
		for e, c := range h.leaves {
			bi, bj := attnIndex(shape, c)
			for u := range d {
				p := float64(q[bi*d+u]) * float64(k[bj*d+u])
				want[e] += scale * p
				sc[e] += scale * abs(p)
			}
		}
		s := ct.SDDMM(q, k, d, scale)
		closeTo(t, w+"/sddmm", s.Values(), want, sc, tol[T]())
		if s.Pos(n-1) == nil || len(ct.Crd(0)) > 0 && &s.Crd(0)[0] != &ct.Crd(0)[0] {
			t.Fatalf("%s: SDDMM result does not share the structure", w)
		}
		v := randMat[T](rng, bJ*d)
		wantO, scO := attnSpMM(h.d, shape, v, bI, d)
		out := make([]T, bI*d)
		for i := range out {
			out[i] = 5 // overwritten
		}
		ct.SpMM(out, v, d)
		closeTo(t, w+"/spmm", out, wantO, scO, tol[T]())
		dst := make([]T, ct.NNZ())
		for i := range out {
			out[i] = 5
		}
		ct.SDDMMWith(ws, dst, q, k, d, scale)
		ct.SpMMWith(ws, out, v, d)
		closeTo(t, w+"/sddmm workers=3", dst, want, sc, tol[T]())
		closeTo(t, w+"/spmm workers=3", out, wantO, scO, tol[T]())
	}
}

// hollowShapes are the shapes of the small random hollow tensors: ranks 3,
// 4 and 5, one with a mode of extent 1.
var hollowShapes = [][]uint64{
	{8, 9, 7}, {10, 4, 8},
	{6, 7, 5, 6}, {5, 1, 8, 6},
	{4, 5, 3, 4, 4}, {5, 4, 4, 3, 4},
}

// testHollow checks random hollow tensors of every shape of hollowShapes
// under the mode orders of modeOrders (all of them at rank 3).
func testHollow[T csf.Float](t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	reps := 2
	if testing.Short() {
		reps = 1
	}
	for _, shape := range hollowShapes {
		for rep := range reps {
			for _, mo := range modeOrders(rng, len(shape)) {
				h := genHollow[T](t, rng, shape, mo, nil)
				checkHollow(t, h, rng, fmt.Sprintf("rep=%d", rep))
			}
		}
	}
}

// TestHollow: random tensors with empty nodes at the start, the end and in
// runs on every level below the root, under every kernel path.
func TestHollow(t *testing.T) {
	pathsAndTypes(t, testHollow[float64], testHollow[float32])
}

// TestHollowWide: hollow tensors with more nodes than the products' blocks
// (All's 512 leaves, FindBatch's small batch; 256 nodes of level N-3 were
// MTTKRP's block before its two-level kernels), so that empty nodes fall
// inside and across block edges.
func TestHollowWide(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	for _, c := range []struct {
		shape []uint64
		mo    []uint32
		fan   []fanout
	}{
		{[]uint64{4, 700, 4}, []uint32{1, 0, 2}, []fanout{{600, 700}, {1, 4}, {1, 4}}},
		{[]uint64{700, 4, 5}, []uint32{0, 2, 1}, []fanout{{600, 700}, {1, 5}, {1, 4}}},
		{[]uint64{3, 300, 4, 4}, []uint32{0, 1, 2, 3}, []fanout{{2, 3}, {280, 300}, {1, 4}, {1, 4}}},
		{[]uint64{3, 4, 300, 4}, []uint32{1, 0, 2, 3}, []fanout{{4, 4}, {2, 3}, {280, 300}, {1, 4}}},
	} {
		t.Run(name(c.shape, c.mo), func(t *testing.T) {
			checkHollow(t, genHollow[float64](t, rng, c.shape, c.mo, c.fan), rng, "wide")
			if !testing.Short() {
				checkHollow(t, genHollow[float32](t, rng, c.shape, c.mo, c.fan), rng, "wide")
			}
		})
	}
}

// TestHollowEdges: hand-built tensors at the limits: a single root without
// children, nodes on every level but no leaves, no nodes at all, and a lone
// leaf behind empty nodes, at ranks 3 to 5, under every kernel path.
func TestHollowEdges(t *testing.T) {
	cases := []struct {
		name     string
		shape    []uint64
		mo       []uint32
		pos, crd [][]uint64
		vals     []float64
	}{
		{"lone childless root", []uint64{3, 4, 5}, []uint32{0, 1, 2},
			[][]uint64{{0, 1}, {0, 0}, {0}}, [][]uint64{{2}, {}, {}}, []float64{}},
		{"lone childless root, order 2 0 1", []uint64{3, 4, 5}, []uint32{2, 0, 1},
			[][]uint64{{0, 1}, {0, 0}, {0}}, [][]uint64{{4}, {}, {}}, []float64{}},
		{"no leaves", []uint64{4, 3, 2, 5}, []uint32{0, 1, 2, 3},
			[][]uint64{{0, 2}, {0, 1, 2}, {0, 1, 2}, {0, 0, 0}}, [][]uint64{{0, 3}, {1, 2}, {0, 0}, {}}, []float64{}},
		{"no nodes", []uint64{2, 3, 2, 2, 3}, []uint32{4, 3, 2, 1, 0},
			[][]uint64{{0, 0}, {0}, {0}, {0}, {0}}, [][]uint64{{}, {}, {}, {}, {}}, []float64{}},
		{"lone leaf behind empty nodes", []uint64{4, 5, 3, 2}, []uint32{2, 0, 3, 1},
			[][]uint64{{0, 3}, {0, 0, 2, 2}, {0, 0, 1}, {0, 1}}, [][]uint64{{0, 1, 2}, {0, 3}, {1}, {4}}, []float64{1.5}},
		{"empty fibers around one", []uint64{2, 3, 4}, []uint32{0, 1, 2},
			[][]uint64{{0, 1}, {0, 3}, {0, 0, 2, 2}}, [][]uint64{{1}, {0, 1, 2}, {0, 3}}, []float64{-2, 0.5}},
		{"rank 5 lone path", []uint64{2, 2, 2, 2, 2}, []uint32{1, 3, 0, 4, 2},
			[][]uint64{{0, 2}, {0, 2, 2}, {0, 0, 1}, {0, 0}, {0}}, [][]uint64{{0, 1}, {0, 1}, {1}, {}, {}}, []float64{}},
	}
	testutil.ForEachPath(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(35, 36))
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				f32 := make([]float32, len(c.vals))
				for i, v := range c.vals {
					f32[i] = float32(v)
				}
				checkHollow(t, hollowFrom(t, c.shape, c.mo, c.pos, c.crd, slices.Clone(c.vals)), rng, "f64")
				checkHollow(t, hollowFrom(t, c.shape, c.mo, c.pos, c.crd, f32), rng, "f32")
			})
		}
	})
}
