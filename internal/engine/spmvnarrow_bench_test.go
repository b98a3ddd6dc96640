package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSpMVNarrow times the narrow-index SpMV beside the uint64 SpMV on
// the same matrix, every path: an M4-like matrix (4096 x 11008, about 1100
// entries a row, 18 MB of float32 values and uint64 indices, beyond L2)
// and a short-row one (65536 x 65536, 4 entries a row). SetBytes is what
// each form moves: values + indices + row pointers + x + y, so MB/s
// compares bandwidth and ns/op the products.
func BenchmarkSpMVNarrow(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, mc := range []struct {
		name string
		m    csrCase
	}{
		{"m4", randCSR(rng, 4096, 11008, []int{1000, 1100, 1200}, 0, 0)},
		{"short", randCSR(rng, 65536, 65536, []int{4}, 0, 0)},
	} {
		benchSpMVNarrow(b, mc.name, mc.m, spmvF32, spmvNarrowF32U16, spmvNarrowF32U32)
		benchSpMVNarrow(b, mc.name, mc.m, spmvF64, spmvNarrowF64U16, spmvNarrowF64U32)
	}
}

func benchSpMVNarrow[T Float](b *testing.B, name string, m csrCase, wide *family[spmvFunc[T]], n16 *family[spmvNarrowFunc[T, uint16]], n32 *family[spmvNarrowFunc[T, uint32]]) {
	vals, x, y, es, bytes := spmvOperands[T](m)
	ptr, c16, _ := narrowOf[uint16](rng0(), m)
	_, c32, _ := narrowOf[uint32](rng0(), m)
	nb := func(iw int) int64 { return int64(len(m.idx)*(es+iw) + len(ptr)*4 + (m.rows+m.cols)*es) }
	for tr := tierGeneric; tr < numTiers; tr++ {
		pre := fmt.Sprintf("matrix=%s/type=f%d/impl=%s", name, 8*es, tr)
		if wide.implements(tr) {
			b.Run(pre+"/index=u64", func(b *testing.B) {
				fn := wide.impls[tr]
				loopThreadCPU(b, bytes, func() { fn(y, x, m.ptr, m.idx, vals, 1, 0) })
			})
		}
		if n16.implements(tr) {
			b.Run(pre+"/index=u16", func(b *testing.B) {
				fn := n16.impls[tr]
				loopThreadCPU(b, nb(2), func() { fn(y, x, ptr, c16, vals, 1, 0) })
			})
		}
		if n32.implements(tr) {
			b.Run(pre+"/index=u32", func(b *testing.B) {
				fn := n32.impls[tr]
				loopThreadCPU(b, nb(4), func() { fn(y, x, ptr, c32, vals, 1, 0) })
			})
		}
	}
}

// rng0 is the generator of narrowOf's choices in the benchmarks (the
// matrices there have no index out of range, so it is never drawn).
func rng0() *rand.Rand { return rand.New(rand.NewPCG(0, 0)) }
