package engine

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// qsFuzzSchemes are the schemes FuzzQScatterAdd takes past fuzzQSchemes:
// uint8 by block, blocks of a vector and of an odd size.
var qsFuzzSchemes = []string{"uint8:block=16", "uint8:block=7"}

// FuzzQScatterAdd: on any index data every path of the fused scatter
// (QScatterAdd's family) stays in bounds (the sentinels would see a stray
// write) and gives the same bits as ref, or, on the tiled fallback,
// panics naming the pointer. The scheme is fuzzQValues' or, past
// fuzzQSchemes, one of qsFuzzSchemes.
func FuzzQScatterAdd(f *testing.F) {
	seedQFuzz(f)
	for si := range qsFuzzSchemes {
		si += len(fuzzQSchemes)
		f.Add(fuzzQSeed(uint64(si), 300, 40, 45), uint64(si)<<7|37<<1)
	}
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		ptr, idx, _, x64 := fuzzCSR(b, seed)
		// x has a row per pointer pair; y the length fuzzCSR gave x.
		x := make([]float32, len(ptr)-1)
		for i := range x {
			x[i] = float32(i%7) - 2.5
		}
		ny := len(x64)
		v := fuzzQValues(seed, len(fuzzQSchemes), len(idx))
		if si := int(seed >> 7 % uint64(len(fuzzQSchemes)+len(qsFuzzSchemes))); si >= len(fuzzQSchemes) {
			s := quant.MustParse(qsFuzzSchemes[si-len(fuzzQSchemes)])
			v = randQValues(rand.New(rand.NewPCG(seed, 65)), s, len(idx), 1)
		}
		forEachTier(t, qscatter, func(t *testing.T, impl, ref qscatterFunc) {
			q := newQOperand(&v, Channels{}, ptr, idx)
			defer putQOperand(q)
			want := make([]float32, ny)
			ref(want, x, ptr, idx, q, 0.5)
			got := withSentinel(make([]float32, ny), 4)
			ok := func() (ok bool) {
				defer func() {
					if r := recover(); r != nil {
						msg, _ := r.(string)
						if !strings.HasPrefix(msg, "kernels: ") {
							t.Fatalf("panic %v, want a kernels message", r)
						}
					}
				}()
				impl(got, x, ptr, idx, q, 0.5)
				return true
			}()
			checkSentinel(t, "qscatter", got)
			if ok {
				if err := qsBits(append([]float32(nil), got...), append([]float32(nil), want...)); err != nil {
					t.Fatalf("%v ptr=%v idx=%v: %v", v.Scheme, ptr, idx, err)
				}
			}
		})
	})
}
