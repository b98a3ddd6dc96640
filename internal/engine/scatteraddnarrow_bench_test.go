package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkScatterAddNarrow times y += alpha * Aᵀ x on a prepared matrix's
// compute form: the M4 shape (4096 x 11008, about 10% dense) with 16- and
// 32-bit indices, every path this CPU has.
func BenchmarkScatterAddNarrow(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	m := randCSR(rng, 4096, 11008, []int{1000, 1100, 1200}, 0, 0)
	benchScatterAddNarrow(b, "m4", m, scatterAddNarrowF32U16, scatterAddNarrowF32U32)
	benchScatterAddNarrow(b, "m4", m, scatterAddNarrowF64U16, scatterAddNarrowF64U32)
}

func benchScatterAddNarrow[T Float](b *testing.B, name string, m csrCase, n16 *family[scatterAddNarrowFunc[T, uint16]], n32 *family[scatterAddNarrowFunc[T, uint32]]) {
	rng := rand.New(rand.NewPCG(4, 4))
	ptr, c16, _ := narrowOf[uint16](rng0(), m)
	_, c32, _ := narrowOf[uint32](rng0(), m)
	vals := randVals[T](rng, len(c16), 0, 0)
	x := randVals[T](rng, m.rows, 0, 0)
	y := randVals[T](rng, m.cols, 0, 0)
	es := 8
	if is32[T]() {
		es = 4
	}
	nb := func(iw int) int64 { return int64(len(c16)*(es+iw) + len(ptr)*4 + (m.rows+m.cols)*es) }
	for tr := tierGeneric; tr < numTiers; tr++ {
		pre := fmt.Sprintf("matrix=%s/type=f%d/impl=%s", name, 8*es, tr)
		for _, c := range []struct {
			index string
			f     func()
			iw    int
			ok    bool
		}{
			{"u16", func() { n16.impls[tr](y, x, ptr, c16, vals, 1e-3) }, 2, n16.implements(tr)},
			{"u32", func() { n32.impls[tr](y, x, ptr, c32, vals, 1e-3) }, 4, n32.implements(tr)},
		} {
			if c.ok {
				b.Run(pre+"/index="+c.index, func(b *testing.B) { loopThreadCPU(b, nb(c.iw), c.f) })
			}
		}
	}
}
