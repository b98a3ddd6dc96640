//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// TestQSpMMScatterTiles runs each tier's fused QSpMMScatter kernels with
// tunings that tile Y's rows (tiles of one row and of a few), against the
// tier's SpMMScatter with the same tuning on the dequantized values, on
// rows sorted and reversed (a tile's walk then stops a row at its first
// entry).
func TestQSpMMScatterTiles(t *testing.T) {
	for tr := range numTiers {
		ks := qspmmScatterKernelsOf(tr)
		if !cpuSupports[tr] || ks.k[qsI8Row] == nil {
			continue // every tier with fused kernels has this one
		}
		for _, tb := range []int{1, 3 * 4 * 19} {
			c := spmmForcedTiles(tb)
			fused := qspmmScatterFusedAsm(ks, c)
			t.Run(fmt.Sprintf("path=%s/tilebytes=%d", tier(tr), tb), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(39, 4))
				forEachQsCase(4, 200, qProductSchemes(), func(qc *qsCase) {
					q := newQOperand(&qc.v, qc.l.ch, qc.ptr, qc.idx)
					kind := qsKindOf(q, len(qc.idx), func(k qsKind) bool { return ks.k[k] != nil })
					putQOperand(q)
					if kind == qsNone {
						return // decoded tiles, on SpMMScatter's own tuning
					}
					rev := append([]uint64(nil), qc.idx...)
					for i := 0; i < qc.rows; i++ {
						slices.Reverse(rev[qc.ptr[i]:qc.ptr[i+1]])
					}
					for ri, idx := range [][]uint64{qc.idx, rev} {
						ch, deq := qc.l.ch, qc.deq
						if qc.l.name == "indices" {
							// channels by index follow the indices
							ch, deq = PerValue(idx, 1), make([]float32, len(idx))
							qc.v.Dequantize(deq, quant.PerValue(idx, 1))
						}
						for _, w := range []int{1, 8, 19, 64} {
							x := frand[float32](rng, qc.rows*w, 0, false)
							y0 := frand[float32](rng, qc.cols*w, 0, false)
							want := append([]float32(nil), y0...)
							spmmScatterF32.impls[tr](c, want, w, x, w, w, qc.ptr, idx, deq, 1.25)
							got := append([]float32(nil), y0...)
							q := newQOperand(&qc.v, ch, qc.ptr, idx)
							fused(got, w, x, w, w, qc.ptr, idx, q, 1.25)
							putQOperand(q)
							if err := qsBits(got, want); err != nil {
								t.Fatalf("%s, w=%d, reversed %v: %v", qc.name, w, ri == 1, err)
							}
						}
					}
				})
			})
		}
	}
}
