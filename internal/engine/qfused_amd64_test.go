//go:build !purego && !noasm && gc

package engine

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/kernels/amd64"
	"github.com/hurray-format/hurray-go/quant"
)

// TestQFusedBlockAVX2MatchesAVX512: the AVX2 SpMV kernels by block give
// the AVX-512 ones' results bit for bit. Both round each value as one
// product, keep lane j of a step's 16 entries in the same partial sum
// (lanes j and j+8 meet in the same order when the AVX-512 sum folds to
// 8 lanes) and end rows one entry at a time, so any difference in a
// value's rounding, a scale or a skipped entry shows.
func TestQFusedBlockAVX2MatchesAVX512(t *testing.T) {
	if !amd64.HasAVX512 {
		t.Skip("no AVX-512 to compare with")
	}
	a2, a5 := qspmv.impls[tierAVX2], qspmv.impls[tierAVX512]
	rng := rand.New(rand.NewPCG(61, 62))
	for si, ptr := range qFusedStructures(rng) {
		n := int(ptr[len(ptr)-1])
		for _, spelling := range []string{"int8:block=16", "int8:block=17", "int8:block=24", "int8:block=64",
			"int4:block=16", "int4:block=24", "nf4:block=17", "nf4:block=64", "mxfp4"} {
			for trial := range 2 {
				rows := len(ptr) - 1
				nx := 1 + rng.IntN(300)
				var idx []uint64
				p := ptr
				if trial == 1 {
					p, idx = qJunk(rng, n, 40, nx)
					rows = len(p) - 1
				} else {
					idx, nx = qIdx(rng, ptr, nx)
				}
				v := randQValues(rng, quant.MustParse(spelling), n, 1)
				x := frand[float32](rng, nx, 1, false)
				y0 := frand[float32](rng, rows, 2, false)
				for _, ab := range [][2]float32{{1, 0}, {-1.5, 0.5}} {
					got := append([]float32(nil), y0...)
					want := append([]float32(nil), y0...)
					qspmvWith(a2, got, x, p, idx, &v, Channels{}, ab[0], ab[1])
					qspmvWith(a5, want, x, p, idx, &v, Channels{}, ab[0], ab[1])
					for i := range got {
						if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
							t.Fatalf("structure %d, %s, trial %d, alpha %v beta %v: y[%d] = %v (AVX2), %v (AVX-512)",
								si, spelling, trial, ab[0], ab[1], i, got[i], want[i])
						}
					}
				}
			}
		}
	}
}
