//go:build linux

package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// floatsAt returns n elements of T against the low edge (atEnd false) or the
// high edge of g, filled with a copy of src when src is not nil.
func floatsAt[T Float](g *guardRegion, n int, atEnd bool, src []T) []T {
	total := len(g.rw) * 8 / int(unsafe.Sizeof(T(0)))
	all := unsafe.Slice((*T)(unsafe.Pointer(&g.rw[0])), total)
	var s []T
	if atEnd {
		s = all[total-n:]
	} else {
		s = all[:n:n]
	}
	if src != nil {
		copy(s, src)
	}
	return s
}

// forEachTierGuarded runs, for every path of f, run(impl, out) with out a
// copy of init against the edge of g, and run(ref, want) with want another
// copy, and checks that they agree within rtol.
func forEachTierGuarded[T Float, F any](t *testing.T, f *family[F], g *guardRegion, atEnd bool, init []T, rtol float64, desc string, run func(k F, out []T)) {
	t.Helper()
	forEachTier(t, f, func(t *testing.T, impl, ref F) {
		out := floatsAt(g, len(init), atEnd, init)
		want := append([]T(nil), init...)
		run(impl, out)
		run(ref, want)
		if err := fclose(out, want, rtol); err != nil {
			t.Fatalf("%s: %v", desc, err)
		}
	})
}

// TestProductGuardPages runs every product kernel with each operand exactly
// as long as the kernel may touch and placed against a PROT_NONE page, on
// either side: a read or write one element out of bounds faults. Results are
// compared with ref.
func TestProductGuardPages(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	guardSweep(t, 8, func(g []*guardRegion, r int, atEnd bool) {
		productGuardCase(t, rng, g, r, atEnd, gatherHadamardF32, scatterHadamardF32, dotRowsF32)
		productGuardCase(t, rng, g, r, atEnd, gatherHadamardF64, scatterHadamardF64, dotRowsF64)
	})
}

// guardSweep makes n guard regions of a page each and calls fn with them
// for every column count r the guard tests try, with the operands against
// the start of their region and against its end.
func guardSweep(t *testing.T, n int, fn func(g []*guardRegion, r int, atEnd bool)) {
	g := make([]*guardRegion, n)
	for i := range g {
		g[i] = newGuardRegion(t, 1<<12)
	}
	for _, r := range []int{1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 67} {
		for _, atEnd := range []bool{false, true} {
			fn(g, r, atEnd)
		}
	}
}

// guardCase is a guard-page case of one element type on family f: the
// regions g, r columns, operands against the end of their regions or not.
type guardCase[F any] func(t *testing.T, rng *rand.Rand, g []*guardRegion, r int, atEnd bool, f F)

// guardSweepTypes runs guardSweep over n regions with case32 on f32 and
// then case64 on f64 at every point, both drawing from one generator
// seeded (seed, seed+1).
func guardSweepTypes[F32, F64 any](t *testing.T, seed uint64, n int, case32 guardCase[F32], f32 F32, case64 guardCase[F64], f64 F64) {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	guardSweep(t, n, func(g []*guardRegion, r int, atEnd bool) {
		case32(t, rng, g, r, atEnd, f32)
		case64(t, rng, g, r, atEnd, f64)
	})
}

func productGuardCase[T Float](t *testing.T, rng *rand.Rand, g []*guardRegion, r int, atEnd bool,
	gf *family[gatherHadamardFunc[T]], sf *family[scatterHadamardFunc[T]], df *family[dotRowsFunc[T]]) {
	t.Helper()
	const nrows, nc = 3, 5
	ptr, crd, idx := randFiberLevel(rng, nc, 4, nrows)
	lo, hi := ptr[0], ptr[nc]
	for j := lo; j < hi; j += 2 {
		idx[j] = nrows - 1 // the last row of x, y or out, against the edge
	}
	crd[nc-1] = nrows - 1
	ocrd := randRows(rng, nc, nrows)
	ocrd[0] = nrows - 1
	gptr := g[0].at(nc+1, atEnd, ptr)
	gcrd := g[1].at(nc, atEnd, crd)
	gidx := g[2].at(int(hi), atEnd, idx[:hi])
	gocrd := g[7].at(nc, atEnd, ocrd)
	vals := floatsAt(g[3], int(hi), atEnd, frand[T](rng, int(hi), 0, false))
	x := floatsAt(g[4], nrows*r, atEnd, frand[T](rng, nrows*r, 0, false))
	name := func(what string) string {
		return fmt.Sprintf("%s r=%d atEnd=%v", what, r, atEnd)
	}
	rtol := rtolOf[T]() * float64(r)

	// GatherHadamard in every mode, and indexed.
	type gcase struct {
		what           string
		outRows, yRows int
		ocrd, ycrd     []uint64
		sO, cO, sU     int
	}
	for _, gc := range []gcase{
		{"gather pull", 1, nrows, gcrd, gcrd, 0, 0, r},
		{"gather scatter", nrows, 1, gcrd, gcrd, r, 0, 0},
		{"gather rows", nc, 1, gptr, gptr, 0, r, 0},
		{"gather indexed", nrows, nrows, gocrd, gcrd, r, 0, r},
	} {
		y := floatsAt(g[5], gc.yRows*r, atEnd, frand[T](rng, gc.yRows*r, 0, false))
		init := frand[T](rng, gc.outRows*r, 0, false)
		forEachTierGuarded(t, gf, g[6], atEnd, init, rtol, name(gc.what), func(k gatherHadamardFunc[T], out []T) {
			k(out, y, gc.ocrd, gc.ycrd, gptr, vals, gidx, x, r, gc.sO, gc.cO, gc.sU)
		})
	}

	// ScatterHadamard with one base row, and with a base row per node.
	for _, sB := range []int{0, r} {
		baseRows := 1
		if sB != 0 {
			baseRows = nrows
		}
		base := floatsAt(g[5], baseRows*r, atEnd, frand[T](rng, baseRows*r, 0, false))
		init := frand[T](rng, nrows*r, 0, false)
		forEachTierGuarded(t, sf, g[6], atEnd, init, rtol, name(fmt.Sprintf("scatter sB=%d", sB)), func(k scatterHadamardFunc[T], out []T) {
			k(out, base, x, gocrd, gcrd, gptr, vals, gidx, r, sB)
		})
	}

	// DotRows: d = r, one dot product per leaf index.
	q := floatsAt(g[5], r, atEnd, frand[T](rng, r, 0, false))
	forEachTier(t, df, func(t *testing.T, impl, ref dotRowsFunc[T]) {
		dst := floatsAt[T](g[6], int(hi), atEnd, nil)
		want := make([]T, hi)
		impl(dst, q, x, gidx, 0.75)
		ref(want, q, x, gidx, 0.75)
		if err := fclose(dst, want, rtol); err != nil {
			t.Fatalf("%s: %v", name("dot"), err)
		}
	})
}
