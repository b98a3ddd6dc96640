package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// tree2 is a random two-level operand of GatherHadamard2: nc nodes with up
// to maxKids children each (ptr starts at an offset), each child with up to
// maxLeaves leaves (lptr, also at an offset); crd, idx and ncrd name rows
// below nrows.
type tree2 struct {
	ptr, crd, lptr, idx, ncrd []uint64
}

func randTree2(rng *rand.Rand, nc, maxKids, maxLeaves, nrows int) tree2 {
	var t tree2
	t.ptr = make([]uint64, nc+1)
	t.ptr[0] = uint64(rng.IntN(3))
	for c := 1; c <= nc; c++ {
		t.ptr[c] = t.ptr[c-1] + uint64(rng.IntN(maxKids+1))
	}
	ne := int(t.ptr[nc]) + rng.IntN(2)
	t.crd = randRows(rng, ne, nrows)
	t.lptr = make([]uint64, ne+1)
	t.lptr[0] = uint64(rng.IntN(3))
	for e := 1; e <= ne; e++ {
		t.lptr[e] = t.lptr[e-1] + uint64(rng.IntN(maxLeaves+1))
	}
	t.idx = randRows(rng, int(t.lptr[ne])+rng.IntN(3), nrows)
	t.ncrd = randRows(rng, nc, nrows)
	return t
}

// strides returns the kernel's row strides and node rows for mode, and the
// rows out needs.
func gatherHadamard2Strides(mode GatherMode, t tree2, r, nrows int) (sO, cO, sU int, ncrd []uint64, outRows int) {
	nc := len(t.ptr) - 1
	switch mode {
	case GatherPull:
		return 0, 0, r, t.ncrd, 1
	case GatherScatter:
		return r, 0, 0, t.ncrd, nrows
	default:
		return 0, r, 0, t.ptr, max(nc, 1)
	}
}

func testGather2[T Float](t *testing.T, impl, ref gatherHadamard2Func[T]) {
	rng := rand.New(rand.NewPCG(61, 62))
	const nrows = 7
	forEachProductCase(rng, []int{0, 1, 2, 5, 9, 40}, int(GatherRows)+1, func(c productCase) {
		r, off := c.r, c.off
		tr := randTree2(rng, c.n, 3, 3, nrows)
		vals := frand[T](rng, len(tr.idx), off, c.special)
		x := frand[T](rng, nrows*r, off, c.special)
		z := frand[T](rng, nrows*r, 2, c.special)
		y := frand[T](rng, nrows*r, 1, false)
		sO, cO, sU, ncrd, outRows := gatherHadamard2Strides(GatherMode(c.mode), tr, r, nrows)
		if sU == 0 {
			y = y[:r]
		}
		// The kernel reads the leaf pointers less lbase.
		lbase := []uint64{0, 1 + rng.Uint64N(1000), 1 << 40}[rng.IntN(3)]
		fdiff(t, outRows*r, off, rtolOf[T](),
			func(out []T) {
				impl(out, y, ncrd, ncrd, tr.ptr, tr.crd, z, shifted(tr.lptr, lbase), vals, tr.idx, x, r, sO, cO, sU, lbase)
			},
			func(out []T) { ref(out, y, ncrd, ncrd, tr.ptr, tr.crd, z, tr.lptr, vals, tr.idx, x, r, sO, cO, sU, 0) },
			"r=%d nc=%d mode=%d off=%d", r, c.n, c.mode, off)
	})
}

// shifted returns p with d added to every entry.
func shifted(p []uint64, d uint64) []uint64 {
	s := make([]uint64, len(p))
	for i, v := range p {
		s[i] = v + d
	}
	return s
}

func TestGatherHadamard2(t *testing.T) {
	forEachTier(t, gatherHadamard2F32, testGather2[float32])
	forEachTier(t, gatherHadamard2F64, testGather2[float64])
}

// TestGatherHadamard2Chunks: more nodes, children or leaves than one
// assembly call takes (twoLevelRun), with small integers so that every sum
// is exact and results must equal ref's. TestPushHadamard2Chunks
// (push2_test.go) is its deliberate twin for the push family.
func TestGatherHadamard2Chunks(t *testing.T) {
	forRanks(t, 63, []int{5, 16, 19}, gatherHadamard2ChunkCase[float32], gatherHadamard2F32, gatherHadamard2ChunkCase[float64], gatherHadamard2F64)
}

func gatherHadamard2ChunkCase[T Float](t *testing.T, rng *rand.Rand, r int, f *family[gatherHadamard2Func[T]]) {
	t.Helper()
	const nrows = 11
	for _, shape := range []string{"many nodes", "many children", "many leaves"} {
		var tr tree2
		switch shape {
		case "many nodes":
			tr = randTree2(rng, 40000, 2, 1, nrows)
		case "many children":
			tr = randTree2(rng, 5, 2, 1, nrows)
			for c := 3; c < len(tr.ptr); c++ {
				tr.ptr[c] += 40000
			}
			tr2 := randTree2(rng, 1, 1, 1, nrows)
			ne := int(tr.ptr[len(tr.ptr)-1])
			tr.crd = make([]uint64, ne)
			tr.lptr = make([]uint64, ne+1)
			for e := range tr.crd {
				tr.crd[e] = uint64(rng.IntN(nrows))
				tr.lptr[e+1] = tr.lptr[e] + uint64(rng.IntN(2))
			}
			tr.idx = randRows(rng, int(tr.lptr[ne]), nrows)
			_ = tr2
		default:
			tr = randTree2(rng, 6, 2, 2, nrows)
			e := tr.ptr[2] // the first child of node 2 (ptr[2] < ptr[3] forced)
			if tr.ptr[3] == e {
				for c := 3; c < len(tr.ptr); c++ {
					tr.ptr[c]++
				}
				tr.crd = append(tr.crd, 0)
				tr.lptr = append(tr.lptr, tr.lptr[len(tr.lptr)-1])
			}
			for i := int(e) + 1; i < len(tr.lptr); i++ {
				tr.lptr[i] += 50000
			}
			tr.idx = randRows(rng, int(tr.lptr[len(tr.lptr)-1]), nrows)
		}
		gatherHadamard2Exact(t, rng, f, tr, nrows, nrows, r, shape)
	}
}

// gatherHadamard2Exact compares every tier with ref on tree tr in every mode, with
// small integers (exact sums): x and y of nrows rows, z of zrows.
func gatherHadamard2Exact[T Float](t *testing.T, rng *rand.Rand, f *family[gatherHadamard2Func[T]], tr tree2, nrows, zrows, r int, desc string) {
	t.Helper()
	vals := fsmall[T](rng, len(tr.idx))
	x := fsmall[T](rng, nrows*r)
	z := fsmall[T](rng, zrows*r)
	y := fsmall[T](rng, nrows*r)
	forEachTier(t, f, func(t *testing.T, impl, ref gatherHadamard2Func[T]) {
		for mode := GatherPull; mode <= GatherRows; mode++ {
			sO, cO, sU, ncrd, outRows := gatherHadamard2Strides(mode, tr, r, nrows)
			run := func(k gatherHadamard2Func[T]) func(out []T) {
				return func(out []T) { k(out, y, ncrd, ncrd, tr.ptr, tr.crd, z, tr.lptr, vals, tr.idx, x, r, sO, cO, sU, 0) }
			}
			fdiff(t, outRows*r, 0, 0, run(impl), run(ref), "%s mode=%d r=%d", desc, mode, r)
		}
	})
}

// TestGatherHadamard2LargeRows: x (the rows the leaves name) larger than
// L2, so that the AVX2 and AVX-512 paths prefetch it (gatherHadamard2Prefetching), with z (the
// children's rows) as large and with a z of three rows, small integers:
// results equal ref's in every mode.
func TestGatherHadamard2LargeRows(t *testing.T) {
	forRanks(t, 67, []int{5, 16, 19, 32}, gatherHadamard2LargeCase[float32], gatherHadamard2F32, gatherHadamard2LargeCase[float64], gatherHadamard2F64)
}

func gatherHadamard2LargeCase[T Float](t *testing.T, rng *rand.Rand, r int, f *family[gatherHadamard2Func[T]]) {
	t.Helper()
	nrows := 2*Caches().L2/(r*4) + 1 // beyond L2 for float32 and float64
	for _, zrows := range []int{nrows, 3} {
		tr := randTree2(rng, 3000, 3, 2, nrows)
		for e := range tr.crd {
			tr.crd[e] %= uint64(zrows)
		}
		gatherHadamard2Exact(t, rng, f, tr, nrows, zrows, r, fmt.Sprintf("z rows %d", zrows))
	}
}

// TestProductRun2: every run of twoLevelRun covers at least one node, stays under
// productChunk nodes, children and leaves but for its last node, and ends
// only where one more node would reach a bound.
func TestProductRun2(t *testing.T) {
	rng := rand.New(rand.NewPCG(65, 66))
	for _, n := range []int{1, 2, 300, productChunk + 1, 3 * productChunk} {
		for _, kids := range []int{0, 1, 3} {
			tr := randTree2(rng, n, kids, 3, 4)
			tr.ptr[0] = 0
			for c0 := 0; c0 < n; {
				c1 := twoLevelRun(tr.ptr, tr.lptr, c0)
				if c1 <= c0 || c1 > n {
					t.Fatalf("n=%d c0=%d: run end %d", n, c0, c1)
				}
				// All but the run's last node stay under the bounds.
				e0, e1 := tr.ptr[c0], tr.ptr[c1-1]
				if c1-c0 > productChunk || e1-e0 >= productChunk || tr.lptr[e1]-tr.lptr[e0] >= productChunk {
					t.Fatalf("n=%d c0=%d c1=%d: run too long (%d children, %d leaves)", n, c0, c1, e1-e0, tr.lptr[e1]-tr.lptr[e0])
				}
				// It stops only at the end or where one more node would
				// reach a bound.
				if e2 := tr.ptr[c1]; c1 < n && c1-c0 < productChunk && e2-e0 < productChunk && tr.lptr[e2]-tr.lptr[e0] < productChunk {
					t.Fatalf("n=%d c0=%d c1=%d: run stopped early", n, c0, c1)
				}
				c0 = c1
			}
		}
	}
}

// TestGatherHadamard2Rejects: the exported wrapper panics, before reading out
// of bounds, on each malformed operand.
func TestGatherHadamard2Rejects(t *testing.T) {
	const r, nrows = 3, 4
	ok := func() (tree2, []float64, []float64, []float64, []float64, []float64) {
		return validTree2(), make([]float64, 4), make([]float64, nrows*r), make([]float64, nrows*r), make([]float64, nrows*r), make([]float64, nrows*r)
	}
	call := func(mode GatherMode, tr tree2, vals, x, z, y, out []float64, rr int) (err any) {
		defer func() { err = recover() }()
		GatherHadamard2(mode, out, y, tr.ncrd, tr.ptr, tr.crd, z, tr.lptr, vals, tr.idx, x, rr)
		return nil
	}
	tr, vals, x, z, y, out := ok()
	for mode := GatherPull; mode <= GatherRows; mode++ {
		if err := call(mode, tr, vals, x, z, y, out, r); err != nil {
			t.Fatalf("mode %d: valid operands refused: %v", mode, err)
		}
	}
	cases := []struct {
		name string
		mod  func(*tree2, *[]float64, *[]float64, *[]float64, *[]float64, *[]float64, *int)
		mode GatherMode
	}{
		{"r 0", func(_ *tree2, _, _, _, _, _ *[]float64, rr *int) { *rr = 0 }, GatherPull},
		{"empty ptr", func(tr *tree2, _, _, _, _, _ *[]float64, _ *int) { tr.ptr = nil }, GatherPull},
		{"ptr decreases", func(tr *tree2, _, _, _, _, _ *[]float64, _ *int) { tr.ptr = []uint64{0, 2, 1} }, GatherPull},
		{"ptr past lptr", func(tr *tree2, _, _, _, _, _ *[]float64, _ *int) { tr.lptr = tr.lptr[:3] }, GatherPull},
		{"ptr past crd", func(tr *tree2, _, _, _, _, _ *[]float64, _ *int) { tr.crd = tr.crd[:2] }, GatherPull},
		{"lptr decreases", func(tr *tree2, _, _, _, _, _ *[]float64, _ *int) { tr.lptr = []uint64{0, 3, 1, 4} }, GatherPull},
		{"lptr past vals", func(_ *tree2, v, _, _, _, _ *[]float64, _ *int) { *v = (*v)[:3] }, GatherPull},
		{"lptr past idx", func(tr *tree2, _, _, _, _, _ *[]float64, _ *int) { tr.idx = tr.idx[:3] }, GatherPull},
		{"idx past x", func(tr *tree2, _, _, _, _, _ *[]float64, _ *int) { tr.idx = []uint64{0, 4, 2, 1} }, GatherPull},
		{"crd past z", func(tr *tree2, _, _, _, _, _ *[]float64, _ *int) { tr.crd = []uint64{1, 4, 0} }, GatherPull},
		{"ncrd past y", func(tr *tree2, _, _, _, _, _ *[]float64, _ *int) { tr.ncrd = []uint64{2, 4} }, GatherPull},
		{"ncrd short", func(tr *tree2, _, _, _, _, _ *[]float64, _ *int) { tr.ncrd = tr.ncrd[:1] }, GatherScatter},
		{"ncrd past out", func(tr *tree2, _, _, _, _, _ *[]float64, _ *int) { tr.ncrd = []uint64{2, 4} }, GatherScatter},
		{"y short", func(_ *tree2, _, _, _, y, _ *[]float64, _ *int) { *y = (*y)[:r-1] }, GatherScatter},
		{"out short for rows", func(_ *tree2, _, _, _, _, o *[]float64, _ *int) { *o = (*o)[:r] }, GatherRows},
		{"unknown mode", func(_ *tree2, _, _, _, _, _ *[]float64, _ *int) {}, GatherRows + 1},
	}
	for _, c := range cases {
		tr, vals, x, z, y, out := ok()
		rr := r
		c.mod(&tr, &vals, &x, &z, &y, &out, &rr)
		if call(c.mode, tr, vals, x, z, y, out, rr) == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
}

// FuzzGatherHadamard2: arbitrary bytes as operands of the exported wrapper
// (malformed index arrays included). It must panic or compute ref's result
// exactly (the values are small integers).
func FuzzGatherHadamard2(f *testing.F) {
	addTree2Seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fz, r, m, ptr, ncrd, crd, lptr, idx, vals := tree2FuzzArgs(data, 4)
		mode := GatherMode(m)
		x := fz.floats(fz.rows() * r)
		z := fz.floats(fz.rows() * r)
		y := fz.floats(fz.rows() * r)
		out := fz.floats(fz.rows() * r)
		want := append([]float64(nil), out...)
		accepted := returns(func() { GatherHadamard2(mode, out, y, ncrd, ptr, crd, z, lptr, vals, idx, x, r) })
		if !accepted {
			return
		}
		sO, cO, sU, c2 := refGatherArgs(mode, r, ncrd, ptr)
		gatherHadamard2Ref(want, y, c2, c2, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, 0)
		checkExact(t, fmt.Sprintf("r=%d mode=%d", r, mode), out, want)
	})
}

// validTree2 is a well-formed tree of two nodes, three children and four
// leaves over rows below 4, for the wrappers' reject tests.
func validTree2() tree2 {
	return tree2{
		ptr: []uint64{0, 2, 3}, crd: []uint64{1, 3, 0}, lptr: []uint64{0, 1, 3, 4},
		idx: []uint64{0, 3, 2, 1}, ncrd: []uint64{2, 3},
	}
}

// tree2FuzzArgs decodes what the two-level fuzz tests start with: a rank r
// from 1 to 70, a mode below nmodes, a tree (fuzzReader.tree2) and values
// for about as many leaves; fz decodes the rest.
func tree2FuzzArgs(data []byte, nmodes int) (fz *fuzzReader, r, mode int, ptr, ncrd, crd, lptr, idx []uint64, vals []float64) {
	fz = &fuzzReader{data: data}
	r = 1 + fz.n(70)
	mode = fz.n(nmodes)
	ptr, ncrd, crd, lptr, idx = fz.tree2()
	return fz, r, mode, ptr, ncrd, crd, lptr, idx, fz.floats(fz.near(len(idx)))
}

// fuzzReader decodes fuzz bytes into kernel operands (zeros once the bytes
// run out).
type fuzzReader struct{ data []byte }

func (z *fuzzReader) next() byte {
	if len(z.data) == 0 {
		return 0
	}
	b := z.data[0]
	z.data = z.data[1:]
	return b
}

// n returns a number below mod.
func (z *fuzzReader) n(mod int) int { return int(z.next()) % mod }

// idx returns n indices below mod.
func (z *fuzzReader) idx(n, mod int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		s[i] = uint64(z.n(mod))
	}
	return s
}

// ptr returns n non-decreasing offsets growing by less than step, one in
// sixteen replaced by an arbitrary byte (malformed).
func (z *fuzzReader) ptr(n, step int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		if i > 0 {
			s[i] = s[i-1]
		}
		s[i] += uint64(z.n(step))
		if z.n(16) == 0 {
			s[i] = uint64(z.next())
		}
	}
	return s
}

// near returns n, or one more or less (at least 0): a length that mostly
// fits.
func (z *fuzzReader) near(n int) int { return max(0, n+z.n(3)-1) }

// rows returns a row count of 4 to 6: the indices are below 5, so most
// operands are long enough and some are one row short.
func (z *fuzzReader) rows() int { return 4 + z.n(3) }

// tree2 decodes a two-level operand (see tree2) whose arrays mostly fit
// each other: ptr over up to five nodes, crd and lptr as long as ptr's
// last entry asks give or take one, idx as long as lptr's; rows below 5.
func (z *fuzzReader) tree2() (ptr, ncrd, crd, lptr, idx []uint64) {
	nc := z.n(6)
	ptr = z.ptr(nc+1, 4)
	ncrd = z.idx(nc, 5)
	ne := z.near(int(min(ptr[nc], 40)))
	crd = z.idx(ne, 5)
	lptr = z.ptr(z.near(ne+1), 4)
	nl := 0
	if len(lptr) > 0 {
		nl = int(min(lptr[len(lptr)-1], 60))
	}
	idx = z.idx(z.near(nl), 5)
	return ptr, ncrd, crd, lptr, idx
}

// floats returns n small integers (-8..8) as float64, so that fused and
// unfused sums agree exactly.
func (z *fuzzReader) floats(n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = float64(z.n(17) - 8)
	}
	return s
}
