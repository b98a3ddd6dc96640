package kernels

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// benchTiers calls fn once per tier family f implements on this CPU (ref
// excluded: it is the oracle, not a contender).
func benchTiers[F any](b *testing.B, f *family[F], fn func(b *testing.B, impl F)) {
	for tr := tierGeneric; tr < numTiers; tr++ {
		if !f.implements(tr) {
			continue
		}
		b.Run("impl="+tr.String(), func(b *testing.B) { fn(b, f.impls[tr]) })
	}
}

// benchSorted returns n sorted distinct-ish keys and 4096 probe keys, half
// present, from a fixed seed.
func benchSorted(n int) (s, keys []uint64) {
	rng := rand.New(rand.NewPCG(42, uint64(n)))
	s = make([]uint64, n)
	var v uint64
	for i := range s {
		v += 1 + uint64(rng.IntN(8))
		s[i] = v
	}
	keys = make([]uint64, 4096)
	for i := range keys {
		if i%2 == 0 {
			keys[i] = s[rng.IntN(n)]
		} else {
			keys[i] = rng.Uint64N(v + 8)
		}
	}
	return s, keys
}

var sinkInt int

var lowerBoundSizes = []int{8, 64, 1 << 10, 1 << 16, 1 << 24}

func BenchmarkLowerBound(b *testing.B) {
	// One search per op; a stream of 4096 keys (half present) so the branch
	// predictor cannot learn the answer.
	run := func(b *testing.B, n int, search func([]uint64, uint64) int) {
		s, keys := benchSorted(n)
		b.ReportAllocs()
		b.ResetTimer()
		acc := 0
		for i := 0; b.Loop(); i++ {
			acc += search(s, keys[i&4095])
		}
		sinkInt = acc
	}
	for tr := tierGeneric; tr < numTiers; tr++ {
		if !lowerBound.implements(tr) {
			continue
		}
		impl := lowerBound.impls[tr]
		for _, n := range lowerBoundSizes {
			b.Run(fmt.Sprintf("impl=%s/n=%d", tr, n), func(b *testing.B) { run(b, n, impl) })
		}
	}
	for _, n := range lowerBoundSizes {
		b.Run(fmt.Sprintf("impl=slices/n=%d", n), func(b *testing.B) {
			run(b, n, func(s []uint64, k uint64) int { i, _ := slices.BinarySearch(s, k); return i })
		})
	}
}
