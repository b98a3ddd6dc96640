package kernels

import (
	"fmt"
	"math"
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

// descendData is one synthetic level: nparent parents with power-law
// (Pareto, alpha 1.2, capped at 64K) segment lengths, strictly increasing crd
// per segment, and nq queries over uniformly chosen parents, half of them
// for a stored key.
type descendData struct {
	pos, crd, coords []uint64
	node             []int
}

var descendCache = map[int]*descendData{}

func benchDescendData(nparent, nq int) *descendData {
	if d := descendCache[nparent]; d != nil {
		return d
	}
	rng := rand.New(rand.NewPCG(7, uint64(nparent)))
	pos := make([]uint64, nparent+1)
	for p := 1; p <= nparent; p++ {
		u := 1 - rng.Float64()
		l := min(int(math.Pow(u, -1/1.2)), 1<<16)
		pos[p] = pos[p-1] + uint64(l)
	}
	crd := make([]uint64, pos[nparent])
	for p := range nparent {
		v := uint64(rng.IntN(1 << 20))
		for j := pos[p]; j < pos[p+1]; j++ {
			crd[j] = v
			v += 1 + uint64(rng.IntN(16))
		}
	}
	coords := make([]uint64, nq)
	node := make([]int, nq)
	for q := range node {
		p := rng.IntN(nparent)
		node[q] = p
		if n := pos[p+1] - pos[p]; q%2 == 0 && n > 0 {
			coords[q] = crd[pos[p]+rng.Uint64N(n)]
		} else {
			coords[q] = rng.Uint64N(1 << 21)
		}
	}
	d := &descendData{pos, crd, coords, node}
	descendCache[nparent] = d
	return d
}

func BenchmarkDescendLevel(b *testing.B) {
	const nparent, nq = 1 << 20, 1 << 20
	d := benchDescendData(nparent, nq)
	node := make([]int, nq)
	run := func(b *testing.B, f func(node []int)) {
		b.ReportAllocs()
		b.SetBytes(nq * 8) // node read and written; probes are random accesses
		for b.Loop() {
			b.StopTimer()
			copy(node, d.node)
			b.StartTimer()
			f(node)
		}
	}
	for tr := tierGeneric; tr < numTiers; tr++ {
		if !descendLevel.implements(tr) {
			continue
		}
		impl := descendLevel.impls[tr]
		b.Run(fmt.Sprintf("impl=%s/nq=%d", tr, nq), func(b *testing.B) {
			run(b, func(node []int) { impl(node, d.pos, d.crd, d.coords, 1, 0) })
		})
	}
	b.Run(fmt.Sprintf("impl=slices/nq=%d", nq), func(b *testing.B) {
		run(b, func(node []int) {
			for q, p := range node {
				lo, hi := d.pos[p], d.pos[p+1]
				i, ok := slices.BinarySearch(d.crd[lo:hi], d.coords[q])
				if ok {
					node[q] = int(lo) + i
				} else {
					node[q] = -1
				}
			}
		})
	})
}
