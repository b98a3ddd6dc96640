package bench

import (
	"fmt"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csr"
)

// BenchmarkCOOSpMV: y = A x and y = Aᵀ x on the rank-2 COO form of M2 and
// M4 (row-major sorted), one thread, with the CSR product on the same
// matrix in the same run (impl=csr) for the ratio.
func BenchmarkCOOSpMV(b *testing.B) {
	for _, gen := range []func() *Pattern{M2, M4} {
		benchCOOSpMV[float32](b, gen)
		benchCOOSpMV[float64](b, gen)
	}
}

func benchCOOSpMV[T csr.Float](b *testing.B, gen func() *Pattern) {
	var p *Pattern
	var a *csr.Matrix[T]
	var t *coo.Tensor[T]
	for _, trans := range []bool{false, true} {
		for _, impl := range []string{"coo", "csr"} {
			name := fmt.Sprintf("m=%s/type=%s/trans=%v/impl=%s", nameOf(gen), typeName[T](), trans, impl)
			b.Run(name, func(b *testing.B) {
				if p == nil {
					p = gen()
					a = CSR[T](p)
					t = patternCOO(p, a.Values())
				}
				defer coo.SetWorkers(coo.SetWorkers(1))
				defer csr.SetWorkers(csr.SetWorkers(1))
				nx, ny := p.Cols, p.Rows
				if trans {
					nx, ny = ny, nx
				}
				x, y := randVec[T](nx, 1), make([]T, ny)
				b.ReportAllocs()
				for b.Loop() {
					switch {
					case impl == "coo" && !trans:
						t.MulVec(y, x)
					case impl == "coo":
						t.MulVecTrans(y, x)
					case !trans:
						a.MulVec(y, x)
					default:
						a.MulVecTrans(y, x)
					}
				}
				b.ReportMetric(2*float64(p.NNZ())*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}
