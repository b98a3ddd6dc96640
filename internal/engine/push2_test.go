package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// pushHadamard2Rows returns the rows f and out need in mode: crd names rows of f
// and idx rows of out when pushing to the leaves, the other way round when
// gathering into the children.
func pushHadamard2Rows(mode PushMode, crdRows, idxRows int) (fRows, outRows int) {
	if mode == PushLeaves {
		return crdRows, idxRows
	}
	return idxRows, crdRows
}

func testPush2[T Float](t *testing.T, impl, ref pushHadamard2Func[T]) {
	rng := rand.New(rand.NewPCG(71, 72))
	const nrows = 7
	forEachProductCase(rng, []int{0, 1, 2, 5, 9, 40}, int(PushChildren)+1, func(c productCase) {
		r, mode := c.r, c.mode
		tr := randTree2(rng, c.n, 3, 3, nrows)
		vals := frand[T](rng, len(tr.idx), c.off, c.special)
		fRows, outRows := pushHadamard2Rows(PushMode(mode), nrows, nrows)
		f := frand[T](rng, fRows*r, c.off, c.special)
		y := frand[T](rng, nrows*r, 2, c.special)
		above := frand[T](rng, r, 1, false)
		// The kernel reads the leaf pointers less lbase.
		lbase := []uint64{0, 1 + rng.Uint64N(1000), 1 << 40}[rng.IntN(3)]
		fdiff(t, outRows*r, c.off, rtolOf[T]()*4,
			func(out []T) {
				impl(out, above, y, tr.ncrd, tr.ptr, tr.crd, shifted(tr.lptr, lbase), vals, tr.idx, f, r, mode, lbase)
			},
			func(out []T) { ref(out, above, y, tr.ncrd, tr.ptr, tr.crd, tr.lptr, vals, tr.idx, f, r, mode, 0) },
			"r=%d nc=%d mode=%d off=%d", r, c.n, mode, c.off)
	})
}

func TestPushHadamard2(t *testing.T) {
	forEachTier(t, pushHadamard2F32, testPush2[float32])
	forEachTier(t, pushHadamard2F64, testPush2[float64])
}

// TestPushHadamard2Chunks: more nodes, children or leaves than one assembly
// call takes, small integers, results equal to ref's: the deliberate twin
// of TestGatherHadamard2Chunks (hadamard2_test.go) for the push family.
func TestPushHadamard2Chunks(t *testing.T) {
	forRanks(t, 73, []int{5, 16, 19}, pushHadamard2ChunkCase[float32], pushHadamard2F32, pushHadamard2ChunkCase[float64], pushHadamard2F64)
}

func pushHadamard2ChunkCase[T Float](t *testing.T, rng *rand.Rand, r int, fam *family[pushHadamard2Func[T]]) {
	t.Helper()
	const nrows = 11
	for _, shape := range []string{"many nodes", "many leaves"} {
		var tr tree2
		if shape == "many nodes" {
			tr = randTree2(rng, 40000, 2, 1, nrows)
		} else {
			tr = randTree2(rng, 6, 2, 2, nrows)
			for i := int(tr.ptr[2]) + 1; i < len(tr.lptr); i++ {
				tr.lptr[i] += 50000 // the first child of node 2, if any, or a later one
			}
			tr.idx = randRows(rng, int(tr.lptr[len(tr.lptr)-1]), nrows)
		}
		pushHadamard2Exact(t, rng, tr, nrows, r, shape+" ", fam)
	}
}

// pushHadamard2Exact runs both modes of every path of fam on tree tr (rows of
// nrows) with small integers, so that every sum is exact, and checks the
// results equal ref's.
func pushHadamard2Exact[T Float](t *testing.T, rng *rand.Rand, tr tree2, nrows, r int, desc string, fam *family[pushHadamard2Func[T]]) {
	t.Helper()
	vals := fsmall[T](rng, len(tr.idx))
	f := fsmall[T](rng, nrows*r)
	y := fsmall[T](rng, nrows*r)
	above := fsmall[T](rng, r)
	forEachTier(t, fam, func(t *testing.T, impl, ref pushHadamard2Func[T]) {
		for mode := PushLeaves; mode <= PushChildren; mode++ {
			run := func(k pushHadamard2Func[T]) func(out []T) {
				return func(out []T) { k(out, above, y, tr.ncrd, tr.ptr, tr.crd, tr.lptr, vals, tr.idx, f, r, int(mode), 0) }
			}
			fdiff(t, nrows*r, 0, 0, run(impl), run(ref), "%smode=%d r=%d", desc, mode, r)
		}
	})
}

// TestPushHadamard2LargeRows: the rows the children name (f's when pushing
// to the leaves, out's when gathering into the children) and the rows the
// leaves name larger than L2, so that the AVX2 and AVX-512 paths prefetch
// both (pushHadamard2Prefetching), with small integers: results equal ref's.
func TestPushHadamard2LargeRows(t *testing.T) {
	forRanks(t, 77, []int{5, 16, 19}, pushHadamard2LargeCase[float32], pushHadamard2F32, pushHadamard2LargeCase[float64], pushHadamard2F64)
}

func pushHadamard2LargeCase[T Float](t *testing.T, rng *rand.Rand, r int, fam *family[pushHadamard2Func[T]]) {
	t.Helper()
	nrows := 2*Caches().L2/(r*4) + 1 // beyond L2 for float32 and float64
	pushHadamard2Exact(t, rng, randTree2(rng, 3000, 3, 2, nrows), nrows, r, "", fam)
}

// TestPushHadamard2Rejects: the exported wrapper panics, before reading out
// of bounds, on each malformed operand.
func TestPushHadamard2Rejects(t *testing.T) {
	const r, nrows = 3, 4
	type ops struct {
		tr                     tree2
		vals, f, y, above, out []float64
		r                      int
	}
	ok := func() ops {
		return ops{
			tr:   validTree2(),
			vals: make([]float64, 4), f: make([]float64, nrows*r), y: make([]float64, nrows*r),
			above: make([]float64, r), out: make([]float64, nrows*r), r: r,
		}
	}
	call := func(mode PushMode, o ops) (err any) {
		defer func() { err = recover() }()
		PushHadamard2(mode, o.out, o.above, o.y, o.tr.ncrd, o.tr.ptr, o.tr.crd, o.tr.lptr, o.vals, o.tr.idx, o.f, o.r)
		return nil
	}
	for mode := PushLeaves; mode <= PushChildren; mode++ {
		if err := call(mode, ok()); err != nil {
			t.Fatalf("mode %d: valid operands refused: %v", mode, err)
		}
	}
	cases := []struct {
		name string
		mod  func(*ops)
		mode PushMode
	}{
		{"r 0", func(o *ops) { o.r = 0 }, PushLeaves},
		{"above short", func(o *ops) { o.above = o.above[:r-1] }, PushLeaves},
		{"unknown mode", func(*ops) {}, PushChildren + 1},
		{"empty ptr", func(o *ops) { o.tr.ptr = nil }, PushLeaves},
		{"ptr decreases", func(o *ops) { o.tr.ptr = []uint64{0, 2, 1} }, PushLeaves},
		{"ptr past lptr", func(o *ops) { o.tr.lptr = o.tr.lptr[:3] }, PushLeaves},
		{"ptr past crd", func(o *ops) { o.tr.crd = o.tr.crd[:2] }, PushChildren},
		{"ycrd short", func(o *ops) { o.tr.ncrd = o.tr.ncrd[:1] }, PushLeaves},
		{"lptr decreases", func(o *ops) { o.tr.lptr = []uint64{0, 3, 1, 4} }, PushChildren},
		{"lptr past vals", func(o *ops) { o.vals = o.vals[:3] }, PushLeaves},
		{"lptr past idx", func(o *ops) { o.tr.idx = o.tr.idx[:3] }, PushChildren},
		{"ycrd past y", func(o *ops) { o.tr.ncrd = []uint64{2, 4} }, PushLeaves},
		{"crd past f", func(o *ops) { o.f = o.f[:3*r] }, PushLeaves},
		{"idx past out", func(o *ops) { o.out = o.out[:3*r] }, PushLeaves},
		{"idx past f", func(o *ops) { o.f = o.f[:3*r] }, PushChildren},
		{"crd past out", func(o *ops) { o.out = o.out[:3*r] }, PushChildren},
	}
	for _, c := range cases {
		o := ok()
		c.mod(&o)
		if call(c.mode, o) == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
}

// FuzzPushHadamard2: arbitrary bytes as operands of the exported wrapper.
// It must panic or compute ref's result exactly (small integer values).
func FuzzPushHadamard2(f *testing.F) {
	addTree2Seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fz, r, m, ptr, ycrd, crd, lptr, idx, vals := tree2FuzzArgs(data, 3)
		mode := PushMode(m)
		above := fz.floats(fz.near(r))
		fm := fz.floats(fz.rows() * r)
		y := fz.floats(fz.rows() * r)
		out := fz.floats(fz.rows() * r)
		want := append([]float64(nil), out...)
		accepted := returns(func() { PushHadamard2(mode, out, above, y, ycrd, ptr, crd, lptr, vals, idx, fm, r) })
		if !accepted {
			return
		}
		pushHadamard2Ref(want, above, y, ycrd, ptr, crd, lptr, vals, idx, fm, r, int(mode), 0)
		checkExact(t, fmt.Sprintf("r=%d mode=%d", r, mode), out, want)
	})
}
