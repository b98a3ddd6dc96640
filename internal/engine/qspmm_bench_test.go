package engine

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// qspmmBenchMatrix is a matrix of M4's shape (bench.M4: 4096 x 11008, each
// entry present with probability 0.1), built once.
var qspmmBenchMatrix = sync.OnceValues(func() ([]uint64, []uint64) {
	rng := rand.New(rand.NewPCG(61, 62))
	const rows, cols = 4096, 11008
	ptr := []uint64{0}
	var idx []uint64
	for range rows {
		for j := range cols {
			if rng.IntN(10) == 0 {
				idx = append(idx, uint64(j))
			}
		}
		ptr = append(ptr, uint64(len(idx)))
	}
	return ptr, idx
})

// BenchmarkQSpMMPaths compares, on the active tier, the float32 SpMM and
// the quantized SpMM's fused kernels (at every width: qspmmTuned) and
// tiled path (decoded blocks run on the float32 SpMM), at k = 1, 2, 4, 8,
// 12, 16 and 64, the paths innermost so that a run alternates them.
func BenchmarkQSpMMPaths(b *testing.B) {
	ptr, idx := qspmmBenchMatrix()
	rows, cols := len(ptr)-1, 11008
	rng := rand.New(rand.NewPCG(63, 64))
	vals := make([]float32, len(idx))
	for i := range vals {
		vals[i] = float32(rng.NormFloat64())
	}
	for _, k := range []int{1, 2, 4, 8, 12, 16, 64} {
		x := make([]float32, cols*k)
		for i := range x {
			x[i] = float32(rng.NormFloat64())
		}
		y := make([]float32, rows*k)
		for _, scheme := range []string{"int8:channel:axis=0", "int8:channel:axis=1", "uint8:channel:axis=1", "int8:block=64", "int4:block=32", "nf4:block=64", "mxfp4", "mxfp8"} {
			s := quant.MustParse(scheme)
			var ch Channels
			var qch quant.Channels
			switch s.Axis() {
			case 0:
				ch, qch = PerRun(ptr, nil), quant.PerRun(ptr, nil)
			case 1:
				ch, qch = PerValue(idx, 1), quant.PerValue(idx, 1)
			}
			v, _, err := quant.Quantize(s, []uint64{uint64(rows), uint64(cols)}, vals, qch)
			if err != nil {
				b.Fatal(err)
			}
			for _, path := range []string{"float32", "fused", "tiled"} {
				b.Run(fmt.Sprintf("k=%d/scheme=%s/path=%s", k, scheme, path), func(b *testing.B) {
					fused := qspmm.fn
					if f, ok := qspmmTuned(qspmm.activeTier(), &spmmTune, true); ok {
						fused = f
					}
					op := func() { qspmmWith(fused, y, k, x, k, k, ptr, idx, &v, ch, 1, 0) }
					switch path {
					case "float32":
						op = func() { SpMMPartUnchecked(rows, len(idx), y, k, x, k, k, ptr, idx, vals, 1, 0) }
					case "tiled":
						tiled := func(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
							qspmmTiled(&spmmTune, y, ldy, x, ldx, w, ptr, idx, q, alpha, beta)
						}
						op = func() { qspmmWith(tiled, y, k, x, k, k, ptr, idx, &v, ch, 1, 0) }
					}
					op()
					b.ResetTimer()
					loopThreadCPU(b, 0, op)
				})
			}
		}
	}
}
