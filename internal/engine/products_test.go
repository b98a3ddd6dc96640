package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// productRanks: every row width up to four 16-lane vectors plus three.
func productRanks() []int {
	var s []int
	for r := 1; r <= 67; r++ {
		s = append(s, r)
	}
	return append(s, 100, 129)
}

// fguard returns n floats starting off elements into an allocation whose
// capacity holds 8 sentinels past the end.
func fguard[T Float](n, off int, fill T) []T {
	b := make([]T, off+n+8)
	for i := range b {
		b[i] = fill
	}
	return b[off : off+n]
}

func frand[T Float](rng *rand.Rand, n, off int, special bool) []T {
	s := fguard[T](n, off, 0)
	for i := range s {
		s[i] = T(rng.Float64()*4 - 2)
		if special && rng.IntN(50) == 0 {
			s[i] = T([]float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1)}[rng.IntN(4)])
		}
	}
	return s
}

// fclose compares got with want, whole capacity (sentinels included): NaN
// where want is NaN, equal infinities, else within rtol of scale.
func fclose[T Float](got, want []T, rtol float64) error {
	got, want = got[:cap(got)], want[:cap(want)]
	for i := range got {
		g, w := float64(got[i]), float64(want[i])
		switch {
		case math.IsNaN(w) || math.IsNaN(g):
			if math.IsNaN(w) != math.IsNaN(g) {
				return fmt.Errorf("[%d] = %v, want %v", i, g, w)
			}
		case math.IsInf(w, 0) || math.IsInf(g, 0):
			if g != w {
				return fmt.Errorf("[%d] = %v, want %v", i, g, w)
			}
		case math.Abs(g-w) > rtol*(1+math.Abs(w)):
			return fmt.Errorf("[%d] = %v, want %v", i, g, w)
		}
	}
	return nil
}

func rtolOf[T Float]() float64 {
	if is32[T]() {
		return 1e-4
	}
	return 1e-12
}

// randFiberLevel returns ptr (starting at an offset), crd and idx for nc
// nodes with up to maxSeg leaves each; rows are below nrows.
func randFiberLevel(rng *rand.Rand, nc, maxSeg, nrows int) (ptr, crd, idx []uint64) {
	start := rng.IntN(3)
	ptr = make([]uint64, nc+1)
	ptr[0] = uint64(start)
	for c := 1; c <= nc; c++ {
		ptr[c] = ptr[c-1] + uint64(rng.IntN(maxSeg+1))
	}
	crd = randRows(rng, nc, nrows)
	idx = randRows(rng, int(ptr[nc])+rng.IntN(3), nrows)
	return ptr, crd, idx
}

// fcheck fails t, naming the case by format and args, when got and want
// differ by more than rtol (fclose).
func fcheck[T Float](t *testing.T, got, want []T, rtol float64, format string, args ...any) {
	t.Helper()
	if err := fclose(got, want, rtol); err != nil {
		t.Fatalf(format+": %v", append(args, err)...)
	}
}

// fdiff runs impl and ref, each a call of a path or the reference on its
// output, on two outputs of n elements at offset off, filled with 7 and
// guarded (fguard), checks them with fcheck and returns them.
func fdiff[T Float](t *testing.T, n, off int, rtol float64, impl, ref func(out []T), format string, args ...any) (got, want []T) {
	t.Helper()
	got, want = fguard[T](n, off, 7), fguard[T](n, off, 7)
	impl(got)
	ref(want)
	fcheck(t, got, want, rtol, format, args...)
	return got, want
}

// productCase is one point of the product tests' grid: a rank r, a size n
// (nodes or indices), a mode, whether values may be special, and the
// element offset of the operands.
type productCase struct {
	r, n, mode int
	special    bool
	off        int
}

// forEachProductCase calls fn for every rank of productRanks, size of sizes
// and mode below nmodes, drawing special (one case in four) and then the
// offset from rng. Under -short (the race and qemu runs) every rank, so
// every tail of every kernel, still runs in every mode, on one size in
// turn, and the ranks of each residue mod 8 take every size.
func forEachProductCase(rng *rand.Rand, sizes []int, nmodes int, fn func(c productCase)) {
	for ri, r := range productRanks() {
		for ni, n := range sizes {
			for mode := range nmodes {
				if testing.Short() && ni != (ri+mode)%len(sizes) {
					continue
				}
				special := rng.IntN(4) == 0
				fn(productCase{r: r, n: n, mode: mode, special: special, off: rng.IntN(4)})
			}
		}
	}
}

func testGather[T Float](t *testing.T, impl, ref gatherHadamardFunc[T]) {
	rng := rand.New(rand.NewPCG(21, 22))
	const nrows = 7
	forEachProductCase(rng, []int{0, 1, 2, 5, 9, 40}, int(GatherRows)+1, func(c productCase) {
		r, nc, off := c.r, c.n, c.off
		ptr, crd, idx := randFiberLevel(rng, nc, 4, nrows)
		vals := frand[T](rng, len(idx), off, c.special)
		x := frand[T](rng, nrows*r, off, c.special)
		y := frand[T](rng, nrows*r, 1, false)
		outRows := nrows
		var sO, cO, sU int
		switch GatherMode(c.mode) {
		case GatherPull:
			sU = r
			outRows = 1
		case GatherScatter:
			sO = r
			y = y[:r]
		case GatherRows:
			cO = r
			y = y[:r]
			crd = ptr
			outRows = max(nrows, nc)
		}
		run := func(k gatherHadamardFunc[T]) func(out []T) {
			return func(out []T) { k(out, y, crd, crd, ptr, vals, idx, x, r, sO, cO, sU) }
		}
		fdiff(t, outRows*r, off, rtolOf[T](), run(impl), run(ref), "r=%d nc=%d mode=%d off=%d", r, nc, c.mode, off)
	})
}

// testGatherIndexed: out and y rows from two different arrays.
func testGatherIndexed[T Float](t *testing.T, impl, ref gatherHadamardFunc[T]) {
	rng := rand.New(rand.NewPCG(27, 28))
	const nrows = 7
	for _, r := range productRanks() {
		for _, nc := range []int{0, 1, 3, 9, 40} {
			off := rng.IntN(4)
			ptr, ycrd, idx := randFiberLevel(rng, nc, 3, nrows)
			ocrd := randRows(rng, nc, nrows)
			vals := frand[T](rng, len(idx), off, false)
			x := frand[T](rng, nrows*r, off, false)
			y := frand[T](rng, nrows*r, 1, false)
			run := func(k gatherHadamardFunc[T]) func(out []T) {
				return func(out []T) { k(out, y, ocrd, ycrd, ptr, vals, idx, x, r, r, 0, r) }
			}
			fdiff(t, nrows*r, off, rtolOf[T](), run(impl), run(ref), "indexed r=%d nc=%d off=%d", r, nc, off)
		}
	}
}

func TestGatherHadamardIndexed(t *testing.T) {
	forEachTier(t, gatherHadamardF32, testGatherIndexed[float32])
	forEachTier(t, gatherHadamardF64, testGatherIndexed[float64])
}

func TestGatherHadamard(t *testing.T) {
	forEachTier(t, gatherHadamardF32, testGather[float32])
	forEachTier(t, gatherHadamardF64, testGather[float64])
}

func testAxpy[T Float](t *testing.T, impl, ref scatterHadamardFunc[T]) {
	rng := rand.New(rand.NewPCG(23, 24))
	const nrows = 7
	forEachProductCase(rng, []int{0, 1, 2, 5, 40}, 1, func(c productCase) {
		r, nc, off := c.r, c.n, c.off
		ptr, crd, idx := randFiberLevel(rng, nc, 4, nrows)
		vals := frand[T](rng, len(idx), off, c.special)
		y := frand[T](rng, nrows*r, off, c.special)
		base := frand[T](rng, r, 2, false)
		got, want := fdiff(t, nrows*r, off, rtolOf[T](),
			func(out []T) { impl(out, base, y, crd, crd, ptr, vals, idx, r, 0) },
			func(out []T) { ref(out, base, y, crd, crd, ptr, vals, idx, r, 0) },
			"r=%d nc=%d off=%d", r, nc, off)
		// A base row per node, over the outputs of the first call.
		bases := frand[T](rng, 3*r, 1, false)
		brow := randRows(rng, nc, 3)
		impl(got, bases, y, brow, crd, ptr, vals, idx, r, r)
		ref(want, bases, y, brow, crd, ptr, vals, idx, r, r)
		fcheck(t, got, want, rtolOf[T](), "indexed r=%d nc=%d off=%d", r, nc, off)
	})
}

func TestScatterHadamard(t *testing.T) {
	forEachTier(t, scatterHadamardF32, testAxpy[float32])
	forEachTier(t, scatterHadamardF64, testAxpy[float64])
}

func testDot[T Float](t *testing.T, impl, ref dotRowsFunc[T]) {
	rng := rand.New(rand.NewPCG(25, 26))
	const nrows = 9
	forEachProductCase(rng, []int{0, 1, 2, 3, 5, 8, 13}, 1, func(c productCase) {
		d, n, off := c.r, c.n, c.off
		q := frand[T](rng, d, off, c.special)
		k := frand[T](rng, nrows*d, off, c.special)
		idx := randRows(rng, n, nrows)
		scale := T(rng.Float64() + 0.5)
		// Partial sums reorder the dot: the bound grows with d.
		fdiff(t, n, off, rtolOf[T]()*float64(d),
			func(out []T) { impl(out, q, k, idx, scale) },
			func(out []T) { ref(out, q, k, idx, scale) },
			"d=%d n=%d off=%d", d, n, off)
	})
}

func TestDotRows(t *testing.T) {
	forEachTier(t, dotRowsF32, testDot[float32])
	forEachTier(t, dotRowsF64, testDot[float64])
}

func TestProductKernelPanics(t *testing.T) {
	x := make([]float64, 8)
	mustPanicK := func(want string, fn func()) {
		t.Helper()
		defer func() {
			if r := recover(); r != want {
				t.Fatalf("panic %v, want %q", r, want)
			}
		}()
		fn()
	}
	mustPanicK("kernels: GatherHadamard: idx out of range of x", func() {
		GatherHadamard(GatherPull, x[:2], x, []uint64{0}, []uint64{0, 1}, x, []uint64{4}, x, 2)
	})
	mustPanicK("kernels: GatherHadamard: ptr decreases or exceeds vals/idx", func() {
		GatherHadamard(GatherPull, x[:2], x, []uint64{0}, []uint64{0, 9}, x, []uint64{0}, x, 2)
	})
	mustPanicK("kernels: GatherHadamard: crd out of range of y, or out shorter than r", func() {
		GatherHadamard(GatherPull, x[:2], x, []uint64{4}, []uint64{0, 1}, x, []uint64{0}, x, 2)
	})
	mustPanicK("kernels: ScatterHadamard: idx or crd out of range", func() {
		ScatterHadamard(x, x, x, []uint64{0}, []uint64{0, 1}, x, []uint64{4}, 2)
	})
	mustPanicK("kernels: DotRows: idx out of range of k", func() {
		DotRows(x[:1], x[:4], x, []uint64{2}, 1)
	})
}

// refGatherArgs returns what the reference gathers take for mode besides
// the operands: the strides (gatherStrides) and the rows of the nodes,
// which are ptr for GatherRows and crd otherwise.
func refGatherArgs(mode GatherMode, r int, crd, ptr []uint64) (sO, cO, sU int, rows []uint64) {
	sO, cO, sU = gatherStrides(mode, r)
	if mode == GatherRows {
		return sO, cO, sU, ptr
	}
	return sO, cO, sU, crd
}
