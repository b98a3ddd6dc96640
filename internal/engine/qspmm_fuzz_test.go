package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// qspmmExactSchemes are the block schemes of TestQSpMMBlocksExact: uint8
// by block at the sizes the fused kernels tell apart (blocks under a
// group of 16, down to one value; one group; from odd offsets; two, two
// and a half and four groups), and the other block kinds at small sizes.
var qspmmExactSchemes = []string{
	"uint8:block=1", "uint8:block=2", "uint8:block=3", "uint8:block=5", "uint8:block=17", "uint8:block=8",
	"uint8:block=16", "uint8:block=15", "uint8:block=32", "uint8:block=40", "uint8:block=64",
	"int8:block=1", "int8:block=3", "int8:block=8", "int4:block=7", "int8:block=16", "int4:block=2", "int4:block=1",
	"mxfp8", "mxfp4",
}

// FuzzQSpMMBlockExact: on any index data every path of the fused SpMM by
// block (at every width and block size: qspmmTuned) stays in bounds and
// agrees with ref exactly, on the schemes of qspmmExactSchemes with values
// whose products with x sum exactly (qLaneValues, qLaneX; at most 1000
// entries), at a width of 1 to 67 columns, both from the seed.
func FuzzQSpMMBlockExact(f *testing.F) {
	seedWords(f, 0, 2, 3, 5, 0, 1, 2, 9, 1<<63)
	seedWords(f, 7, 1, 40, 2, 3, 4, ^uint64(0), 0)
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		ptr, idx, _, xf := fuzzCSR(b, seed)
		idx = idx[:min(len(idx), 1000)]
		rng := rand.New(rand.NewPCG(seed, 69))
		spelling := qspmmExactSchemes[seed>>8%uint64(len(qspmmExactSchemes))]
		v := qLaneValues(rng, spelling, max(len(idx), 1), 1)
		w := 1 + int(seed>>16%67)
		ldx, ldy := w+int(seed>>24%3), w+int(seed>>26%3)
		rows := len(ptr) - 1
		x := qLaneX(len(xf) * ldx)
		y0 := qLaneX(rows * ldy)
		forEachQSpMMTier(t, &spmmTune, func(t *testing.T, impl, ref qspmmFunc) {
			for _, beta := range []float32{0, 0.5} {
				got, want := withSentinel(y0, 4), slices.Clone(y0)
				qspmmWith(impl, got, ldy, x, ldx, w, ptr, idx, &v, Channels{}, 2, beta)
				qspmmWith(ref, want, ldy, x, ldx, w, ptr, idx, &v, Channels{}, 2, beta)
				checkSentinel(t, "qspmm", got)
				if !slices.Equal(got, want) {
					t.Fatalf("%s w=%d ldx=%d ldy=%d beta=%v ptr=%v idx=%v: got %v, want %v", spelling, w, ldx, ldy, beta, ptr, idx, got, want)
				}
			}
		})
	})
}
