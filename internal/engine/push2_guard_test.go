//go:build linux

package engine

import (
	"math/rand/v2"
	"testing"
)

// TestPushHadamard2GuardPages runs PushHadamard2 in both modes with each
// operand exactly as long as the kernel may touch, against a PROT_NONE page
// on either side, and compares with ref.
func TestPushHadamard2GuardPages(t *testing.T) {
	rng := rand.New(rand.NewPCG(75, 76))
	var g [11]*guardRegion
	for i := range g {
		g[i] = newGuardRegion(t, 1<<12)
	}
	for _, r := range []int{1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 67} {
		for _, atEnd := range []bool{false, true} {
			pushHadamard2GuardCase[float32](t, rng, g, r, atEnd, pushHadamard2F32)
			pushHadamard2GuardCase[float64](t, rng, g, r, atEnd, pushHadamard2F64)
		}
	}
}

func pushHadamard2GuardCase[T Float](t *testing.T, rng *rand.Rand, g [11]*guardRegion, r int, atEnd bool, fam *family[pushHadamard2Func[T]]) {
	t.Helper()
	const nrows, nc = 3, 5
	tr := randTree2(rng, nc, 3, 3, nrows)
	e0, e1 := tr.ptr[0], tr.ptr[nc]
	l0, l1 := tr.lptr[e0], tr.lptr[e1]
	for j := l0; j < l1; j += 2 {
		tr.idx[j] = nrows - 1 // the last row, against the edge
	}
	for e := e0; e < e1; e += 2 {
		tr.crd[e] = nrows - 1
	}
	tr.ncrd[nc-1] = nrows - 1
	ptr := g[0].at(nc+1, atEnd, tr.ptr)
	crd := g[1].at(int(e1), atEnd, tr.crd[:e1])
	lptr := g[2].at(int(e1)+1, atEnd, tr.lptr[:e1+1])
	idx := g[3].at(int(l1), atEnd, tr.idx[:l1])
	ycrd := g[4].at(nc, atEnd, tr.ncrd)
	vals := floatsAt(g[5], int(l1), atEnd, frand[T](rng, int(l1), 0, false))
	f := floatsAt(g[6], nrows*r, atEnd, frand[T](rng, nrows*r, 0, false))
	y := floatsAt(g[7], nrows*r, atEnd, frand[T](rng, nrows*r, 0, false))
	above := floatsAt(g[8], r, atEnd, frand[T](rng, r, 0, false))
	for mode := PushLeaves; mode <= PushChildren; mode++ {
		init := frand[T](rng, nrows*r, 0, false)
		forEachTier(t, fam, func(t *testing.T, impl, ref pushHadamard2Func[T]) {
			out := floatsAt(g[9], len(init), atEnd, init)
			want := append([]T(nil), init...)
			impl(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, int(mode))
			ref(want, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, int(mode))
			if err := fclose(out, want, rtolOf[T]()*float64(4*r)); err != nil {
				t.Fatalf("mode=%d r=%d atEnd=%v: %v", mode, r, atEnd, err)
			}
		})
	}
}
