package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
)

// ranTiers records every tier the differential harness ran, for
// HURRAY_TEST_REQUIRE.
var ranTiers sync.Map

// forEachTier runs fn as a subtest for every non-reference tier that family f
// implements and the CPU runs, handing it that implementation and the oracle.
func forEachTier[F any](t *testing.T, f *family[F], fn func(t *testing.T, impl, ref F)) {
	t.Helper()
	for tr := tierGeneric; tr < numTiers; tr++ {
		if !f.has[tr] {
			continue
		}
		t.Run("impl="+tr.String(), func(t *testing.T) {
			if !cpuSupports[tr] {
				t.Skipf("CPU lacks %s", tr)
			}
			ranTiers.Store(tr.String(), true)
			fn(t, f.impls[tr], f.impls[tierRef])
		})
	}
}

// TestMain fails the run when HURRAY_TEST_REQUIRE names a tier (comma
// separated) that no differential test ran, so that CI notices a path that was
// silently skipped.
func TestMain(m *testing.M) {
	code := m.Run()
	if req := os.Getenv("HURRAY_TEST_REQUIRE"); req != "" && code == 0 {
		for _, name := range strings.Split(req, ",") {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			if _, ok := ranTiers.Load(name); !ok {
				fmt.Fprintf(os.Stderr, "HURRAY_TEST_REQUIRE: tier %q did not run (available: %v)\n", name, Available())
				code = 1
			}
		}
	}
	os.Exit(code)
}

// Sizes every kernel is tried on: every length up to four 8-lane vectors
// plus three, then larger odd sizes.
func testSizes() []int {
	var s []int
	for n := 0; n <= 4*8+3; n++ {
		s = append(s, n)
	}
	return append(s, 63, 64, 65, 127, 255, 1000, 4099)
}

// offsets: sub-slices starting at these element offsets test unaligned data.
var testOffsets = []int{0, 1, 3}

// unaligned returns a slice of n elements that starts off elements into a
// larger allocation.
func unaligned(n, off int) []uint64 {
	return make([]uint64, n+off)[off:]
}

// sortedKeys returns n sorted values drawn from a distribution chosen by
// kind: small with duplicates, spread, or near 2^64.
func sortedKeys(rng *rand.Rand, n, off, kind int) []uint64 {
	s := unaligned(n, off)
	var v uint64
	switch kind {
	case 0: // small steps with duplicates
		for i := range s {
			v += uint64(rng.IntN(3))
			s[i] = v
		}
	case 1: // spread
		for i := range s {
			v += 1 + uint64(rng.IntN(1000))
			s[i] = v
		}
	default: // near 2^64-1 (catches signed compares)
		v = ^uint64(0) - uint64(3*n) - 5
		for i := range s {
			v += uint64(rng.IntN(3))
			s[i] = v
		}
	}
	return s
}

// probeKeys returns keys below, inside, between and above s, plus 0 and
// 2^64-1.
func probeKeys(rng *rand.Rand, s []uint64) []uint64 {
	keys := []uint64{0, 1, ^uint64(0), ^uint64(0) - 1, 1 << 63, 1<<63 - 1}
	for _, v := range s {
		keys = append(keys, v, v-1, v+1)
	}
	for range 8 {
		keys = append(keys, rng.Uint64())
	}
	return keys
}

// randPos returns a random non-decreasing pos of nparent+1 entries starting
// at 0, with empty segments, and the total.
func randPos(rng *rand.Rand, nparent, maxSeg int) []uint64 {
	pos := make([]uint64, nparent+1)
	for p := 1; p <= nparent; p++ {
		step := 0
		if rng.IntN(4) != 0 {
			step = rng.IntN(maxSeg + 1)
		}
		pos[p] = pos[p-1] + uint64(step)
	}
	return pos
}

// randLevel returns crd for pos with strictly increasing values per segment;
// kind selects small values, spread values or values near 2^64.
func randLevel(rng *rand.Rand, pos []uint64, kind int) []uint64 {
	crd := make([]uint64, pos[len(pos)-1])
	for p := 0; p+1 < len(pos); p++ {
		var v uint64
		switch kind {
		case 0:
			v = uint64(rng.IntN(4))
		case 1:
			v = uint64(rng.IntN(1 << 20))
		default:
			v = ^uint64(0) - uint64(3*(pos[p+1]-pos[p])) - 10
		}
		for j := pos[p]; j < pos[p+1]; j++ {
			crd[j] = v
			v += 1 + uint64(rng.IntN(3))
		}
	}
	return crd
}

// forEachSpMV is forEachTier over both SpMV families of one element type,
// the long-row one (spmv) and the short-row one (spmv1), which must each
// agree with ref on any matrix.
func forEachSpMV[T Float](t *testing.T, long, short *family[spmvFunc[T]], fn func(t *testing.T, impl, ref spmvFunc[T])) {
	t.Helper()
	for _, f := range []*family[spmvFunc[T]]{long, short} {
		t.Run("family="+f.name, func(t *testing.T) { forEachTier(t, f, fn) })
	}
}

// forEachSpMMTier is forEachTier for the SpMM families, handing fn each
// implementation as a kernel on whole matrices: the rows of ptr are the
// whole matrix the path chooses its kernel for.
func forEachSpMMTier[T Float](t *testing.T, f *family[spmmFunc[T]], fn func(t *testing.T, impl, ref spmmRowsFunc[T])) {
	t.Helper()
	forEachSpMMTierWith(t, f, &spmmTune, fn)
}

// rowLens is one way of drawing a matrix's row lengths (randCSR): from lens,
// or, when lens is nil, from 0 to maxLen.
type rowLens struct {
	lens   []int
	maxLen int
}

// csrRowLens returns the row-length draws of the CSR tests: lengths 0 to 3,
// then each of fixed, then up to four vectors of vec lanes and a tail, then
// up to 200.
func csrRowLens(vec int, fixed ...[]int) []rowLens {
	s := []rowLens{{lens: []int{0, 1, 2, 3}}}
	for _, f := range fixed {
		s = append(s, rowLens{lens: f})
	}
	return append(s, rowLens{maxLen: 4*vec + 3}, rowLens{maxLen: 200})
}

// csrSweep is one point of the CSR tests' grid: a shape, a row-length draw
// (kind indexes the draws), how often an index is out of range (bad), how
// often a value is special (special) and the element offset of the operands.
type csrSweep struct {
	rows, cols int
	kind       int
	rowLens
	bad, special, off int
}

// String names the point as the tests' failure messages do.
func (c csrSweep) String() string {
	return fmt.Sprintf("rows=%d cols=%d lens=%d bad=%d special=%d off=%d", c.rows, c.cols, c.kind, c.bad, c.special, c.off)
}

// matrix draws the point's random matrix.
func (c csrSweep) matrix(rng *rand.Rand) csrCase {
	return randCSR(rng, c.rows, c.cols, c.lens, c.maxLen, c.bad)
}

// forEachCSRSweep calls fn on every point of the grid of shapes, row-length
// draws, bad in {0, 7}, special in {0, 13} and testOffsets, in that nesting.
// Under -short (the race and qemu runs) each point but the offset runs, at
// one of testOffsets in turn, the first of each shape at offset 0.
func forEachCSRSweep(shapes [][2]int, lens []rowLens, fn func(c csrSweep)) {
	for _, sh := range shapes {
		for kind, l := range lens {
			for bi, bad := range []int{0, 7} {
				for si, special := range []int{0, 13} {
					for oi, off := range testOffsets {
						if testing.Short() && oi != (4*kind+2*bi+si)%len(testOffsets) {
							continue
						}
						fn(csrSweep{rows: sh[0], cols: sh[1], kind: kind, rowLens: l, bad: bad, special: special, off: off})
					}
				}
			}
		}
	}
}

// csrShapes are the (rows, cols) of the 64-bit-index CSR tests.
var csrShapes = [][2]int{{0, 0}, {1, 1}, {3, 5}, {7, 40}, {40, 7}, {50, 100}, {200, 300}, {30, 5000}}

// checkGuarded runs run on a copy of y0 with a sentinel tail and checks that
// it wrote nothing past the end and agrees with want within scale.
func checkGuarded[T Float](t *testing.T, name string, y0, want, scale []T, run func(got []T)) {
	t.Helper()
	got := withSentinel(y0, 5)
	run(got)
	checkSentinel(t, name, got)
	checkClose(t, name, got, want, scale)
}

// nans returns n NaNs.
func nans[T Float](n int) []T { return filled(n, T(math.NaN())) }

// absT is |v|.
func absT[T Float](v T) T { return T(math.Abs(float64(v))) }

// spmvOn is an SpMV kernel bound to one matrix: y = alpha*A*x + beta*y.
type spmvOn[T Float] func(y, x, vals []T, alpha, beta T)

// checkSpMVOn is checkAlphaBetas and a check with beta 0 on a y of NaN,
// which must not be read.
func checkSpMVOn[T Float](t *testing.T, desc string, impl, ref spmvOn[T], x, vals, y0 []T) {
	t.Helper()
	checkAlphaBetas(t, desc, impl, ref, x, vals, y0)
	nanY := nans[T](len(y0))
	want := make([]T, len(y0))
	ref(want, x, vals, 1, 0)
	impl(nanY, x, vals, 1, 0)
	scale := make([]T, len(y0))
	ref(scale, absAll(x), absAll(vals), 1, 0)
	checkClose(t, "beta=0 with NaN y", nanY, want, scale)
}

// checkAlphaBetas compares impl with ref on one matrix for several (alpha,
// beta), within the bound the absolute operands give.
func checkAlphaBetas[T Float](t *testing.T, desc string, impl, ref spmvOn[T], x, vals, y0 []T) {
	t.Helper()
	for _, ab := range spmvAlphaBetas[T]() {
		name := fmt.Sprintf("%s alpha=%v beta=%v", desc, ab[0], ab[1])
		want := append([]T(nil), y0...)
		ref(want, x, vals, ab[0], ab[1])
		scale := absAll(y0)
		ref(scale, absAll(x), absAll(vals), absT(ab[0]), absT(ab[1]))
		checkGuarded(t, name, y0, want, scale, func(got []T) { impl(got, x, vals, ab[0], ab[1]) })
	}
}

// spmvAlphaBetas are the (alpha, beta) the SpMV tests try.
func spmvAlphaBetas[T Float]() [][2]T { return [][2]T{{1, 0}, {-2, 0.5}, {0.5, 1}} }

// scatterOn is a ScatterAdd kernel bound to one matrix: y += alpha*A'*x.
type scatterOn[T Float] func(y, x, vals []T, alpha T)

// checkScatterOn compares impl with ref on one matrix for alpha 1 and -0.5,
// within the bound the absolute operands give.
func checkScatterOn[T Float](t *testing.T, desc string, impl, ref scatterOn[T], x, vals, y0 []T) {
	t.Helper()
	for _, alpha := range scatterAlphas[T]() {
		name := fmt.Sprintf("%s alpha=%v", desc, alpha)
		want := append([]T(nil), y0...)
		ref(want, x, vals, alpha)
		scale := absAll(y0)
		ref(scale, absAll(x), absAll(vals), absT(alpha))
		checkGuarded(t, name, y0, want, scale, func(got []T) { impl(got, x, vals, alpha) })
	}
}

// scatterAlphas are the alpha the ScatterAdd tests try.
func scatterAlphas[T Float]() []T { return []T{1, -0.5} }

// checkSameBits runs a and b on copies of y0 and checks that they agree bit
// for bit: a narrow-index reference against the 64-bit one it mirrors.
func checkSameBits[T Float](t *testing.T, what string, y0 []T, a, b func(y []T)) {
	t.Helper()
	ya := append([]T(nil), y0...)
	a(ya)
	yb := append([]T(nil), y0...)
	b(yb)
	if !sameBits(ya, yb) {
		t.Fatalf("%s", what)
	}
}

// checkFromZero runs ref and impl (bound to one matrix and its coefficients)
// on zeroed outputs of n elements and checks that they agree within the
// bound the absolute operands give.
func checkFromZero[T Float](t *testing.T, name string, n int, impl, ref func(y, x, vals []T), x, vals []T) {
	t.Helper()
	want := make([]T, n)
	ref(want, x, vals)
	scale := make([]T, n)
	ref(scale, absAll(x), absAll(vals))
	got := make([]T, n)
	impl(got, x, vals)
	checkClose(t, name, got, want, scale)
}

// repeatSegments returns two segments over n entries whose indices are
// drawn below span, so that they repeat, with small integer values: sums of
// them are exact, and every path must accumulate the repeats as the loop
// does.
func repeatSegments[T Float](rng *rand.Rand, n, span int) (ptr, idx []uint64, vals []T) {
	idx = make([]uint64, n)
	vals = make([]T, n)
	for k := range idx {
		idx[k] = uint64(rng.IntN(span))
		vals[k] = T(rng.IntN(9) - 4)
	}
	return []uint64{0, uint64(n / 2), uint64(n)}, idx, vals
}

// testCSRKernel runs, for every path of f and every point of the 64-bit CSR
// sweep, check on the path and the reference bound to a random matrix (by
// bind), with random values, x and y0: x has a value per column and y0 one
// per row, or the other way round when transposed (a scatter reads the
// matrix as its transpose).
func testCSRKernel[T Float, F, B any](t *testing.T, f *family[F], seed uint64, transposed bool, bind func(k F, m csrCase) B,
	check func(t *testing.T, desc string, impl, ref B, x, vals, y0 []T)) {
	forEachTier(t, f, func(t *testing.T, impl, ref F) {
		rng := rand.New(rand.NewPCG(seed, seed+1))
		forEachCSRSweep(csrShapes, csrRowLens(8), func(c csrSweep) {
			m := c.matrix(rng)
			nx, ny := c.cols, c.rows
			if transposed {
				nx, ny = ny, nx
			}
			vals := randVals[T](rng, len(m.idx), c.off, c.special)
			x := randVals[T](rng, nx, c.off, c.special/2)
			y0 := randVals[T](rng, ny, c.off, 0)
			check(t, c.String(), bind(impl, m), bind(ref, m), x, vals, y0)
		})
	})
}

// badPtrEntries returns the entries the bad-ptr tests run their corrupt
// segments over: indices 0 to 9 then 0 to 2, with values 1 to 13.
func badPtrEntries[T Float, I ~uint16 | ~uint32 | ~uint64]() ([]I, []T) {
	idx := []I{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2}
	vals := make([]T, len(idx))
	for i := range vals {
		vals[i] = T(i + 1)
	}
	return idx, vals
}

// runFromZero runs impl and ref on zeroed outputs of n elements and returns
// the two.
func runFromZero[T Float](n int, impl, ref func(y []T)) (got, want []T) {
	got, want = make([]T, n), make([]T, n)
	impl(got)
	ref(want)
	return got, want
}

// filled returns n copies of v.
func filled[T Float](n int, v T) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// forRanks runs case32 on f32 and then case64 on f64 for every r of ranks
// (under -short, the race run, the last one only), all drawing from one
// generator seeded (seed, seed+1).
func forRanks[F32, F64 any](t *testing.T, seed uint64, ranks []int,
	case32 func(*testing.T, *rand.Rand, int, F32), f32 F32, case64 func(*testing.T, *rand.Rand, int, F64), f64 F64) {
	t.Helper()
	if testing.Short() {
		ranks = ranks[len(ranks)-1:]
	}
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for _, r := range ranks {
		case32(t, rng, r, f32)
		case64(t, rng, r, f64)
	}
}

// randRows returns n row numbers below nrows.
func randRows(rng *rand.Rand, n, nrows int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		s[i] = uint64(rng.IntN(nrows))
	}
	return s
}

// returns reports whether fn returns rather than panics.
func returns(fn func()) (ok bool) {
	defer func() { ok = recover() == nil }()
	fn()
	return
}

// checkExact fails t at the first element where got and want differ, NaN
// matching NaN, naming the case by desc.
func checkExact(t *testing.T, desc string, got, want []float64) {
	t.Helper()
	for i := range want {
		if got[i] != want[i] && !(math.IsNaN(got[i]) && math.IsNaN(want[i])) {
			t.Fatalf("%s [%d] = %v, want %v", desc, i, got[i], want[i])
		}
	}
}

// addTree2Seeds adds the seed inputs of the two-level fuzz tests: a small
// tree, and one with 16 columns and more children.
func addTree2Seeds(f *testing.F) {
	f.Add([]byte{3, 0, 2, 0, 1, 2, 0, 1, 5, 1, 2, 3, 4, 0, 5, 5, 5, 1, 2, 3, 4, 5, 6})
	f.Add([]byte{16, 1, 3, 1, 2, 3, 3, 4, 1, 0, 8, 1, 2, 3, 0, 1, 2, 3, 4, 4, 4, 4, 9, 9, 9, 9})
}

// checkRepeats runs ref on n zeros and impl on n zeros with a sentinel tail,
// and checks that impl wrote nothing past them and that same holds for the
// two results, naming the case by format and args.
func checkRepeats[T Float](t *testing.T, n int, impl, ref func(y []T), same func(got, want []T) bool, format string, args ...any) {
	t.Helper()
	want := make([]T, n)
	ref(want)
	got := withSentinel(make([]T, n), 3)
	impl(got)
	checkSentinel(t, "repeats", got)
	if !same(got, want) {
		t.Fatalf(format+": got %v, want %v", append(args, got, want)...)
	}
}
