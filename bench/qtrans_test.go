package bench

import (
	"fmt"
	"testing"

	"github.com/hurray-format/hurray-go/internal/engine"
)

// qTransSchemes are the schemes of the transposed quantized benchmarks,
// float32 the unquantized baseline.
var qTransSchemes = []string{"float32", "int8:channel:axis=0", "int8:block=64", "nf4:block=64", "mxfp4"}

// qTransVecSchemes are qTransSchemes and the channel schemes whose fused
// scatters (vector and matrix) have kernels of their own: uint8 by row,
// and int8 by column (channels by index); and uint8 by block.
var qTransVecSchemes = append(qTransSchemes[:len(qTransSchemes):len(qTransSchemes)], "uint8:channel:axis=0", "int8:channel:axis=1", "uint8:block=32")

// BenchmarkQSpMVTrans: y = Aᵀ x on M4, one thread, float32 (engine's
// ScatterAdd, the loop of csr's MulVecTrans) and each scheme
// (engine.QScatterAdd, csr.Quantized's MulVecTrans), on the selected path,
// with the CPU time. SetBytes counts as BenchmarkQSpMV, x and y exchanged.
func BenchmarkQSpMVTrans(b *testing.B) {
	p := M4()
	x := randVec[float32](p.Rows, 1)
	y := make([]float32, p.Cols)
	vals := p.Vals32()
	for _, scheme := range qTransVecSchemes {
		b.Run(fmt.Sprintf("scheme=%s/M4", scheme), func(b *testing.B) {
			var op func()
			var bytes int64
			if scheme == "float32" {
				bytes = int64(12*p.NNZ() + 8*(p.Rows+1) + 4*p.Cols + 4*p.Rows)
				op = func() { engine.ScatterAdd(y, x, p.Ptr, p.Idx, vals, 1) }
			} else {
				m := quantized(b, p, scheme)
				bytes = qBytes(&m.v, p, p.Rows, p.Cols)
				op = func() { engine.QScatterAdd(y, x, p.Ptr, p.Idx, &m.v, m.ch, 1) }
			}
			b.SetBytes(bytes)
			timeLoop(b, 1, op)
		})
	}
}

// BenchmarkQSpMMTrans: Y = Aᵀ X with k = 16 and 64 columns on M4, one
// thread, float32 (engine's SpMMScatter) and each scheme
// (engine.QSpMMScatter), with the CPU time and GFLOP/s (2*nnz*k).
func BenchmarkQSpMMTrans(b *testing.B) {
	p := M4()
	vals := p.Vals32()
	for _, k := range []int{16, 64} {
		x := randVec[float32](p.Rows*k, 2)
		y := make([]float32, p.Cols*k)
		for _, scheme := range qTransVecSchemes {
			b.Run(fmt.Sprintf("scheme=%s/M4/k=%d", scheme, k), func(b *testing.B) {
				var op func()
				if scheme == "float32" {
					op = func() { engine.SpMMScatterUnchecked(y, k, x, k, k, p.Ptr, p.Idx, vals, 1) }
				} else {
					m := quantized(b, p, scheme)
					op = func() { engine.QSpMMScatter(y, k, x, k, k, p.Ptr, p.Idx, &m.v, m.ch, 1) }
				}
				timeLoop(b, 1, op)
				b.ReportMetric(2*float64(p.NNZ())*float64(k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}
