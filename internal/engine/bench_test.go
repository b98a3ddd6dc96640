package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
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

// benchSorted returns n sorted distinct-ish keys and benchKeys probe keys,
// half present, from a fixed seed.
func benchSorted(n int) (s, keys []uint64) {
	if c, ok := sortedCache[n]; ok {
		return c[0], c[1]
	}
	defer func() { sortedCache[n] = [2][]uint64{s, keys} }()
	rng := rand.New(rand.NewPCG(42, uint64(n)))
	s = make([]uint64, n)
	var v uint64
	for i := range s {
		v += 1 + uint64(rng.IntN(8))
		s[i] = v
	}
	keys = make([]uint64, benchKeys)
	for i := range keys {
		if i%2 == 0 {
			keys[i] = s[rng.IntN(n)]
		} else {
			keys[i] = rng.Uint64N(v + 8)
		}
	}
	return s, keys
}

var sortedCache = map[int][2][]uint64{}

// benchKeys is the length of the probe-key stream (a power of two). It is
// long so that the branch predictor cannot learn it: a predictor that
// learns a short repeating stream of keys makes a branchy search look
// faster than it is on fresh keys, and its timing swing with whatever else
// the core is doing.
const benchKeys = 1 << 16

var sinkInt int

var lowerBoundSizes = []int{8, 64, 1 << 10, 1 << 16, 1 << 24}

func BenchmarkLowerBound(b *testing.B) {
	// One search per op over a stream of benchKeys keys (half present).
	run := func(b *testing.B, n int, search func([]uint64, uint64) int) {
		s, keys := benchSorted(n)
		b.ReportAllocs()
		b.ResetTimer()
		acc := 0
		for i := 0; b.Loop(); i++ {
			acc += search(s, keys[i&(benchKeys-1)])
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

// BenchmarkLowerBoundDependent is BenchmarkLowerBound with a chain of
// dependent searches: each key is chosen by the previous result, so the
// search latency is exposed (a branchy search can run ahead on its
// predictions; a branch-free one cannot).
func BenchmarkLowerBoundDependent(b *testing.B) {
	run := func(b *testing.B, n int, search func([]uint64, uint64) int) {
		s, keys := benchSorted(n)
		b.ReportAllocs()
		b.ResetTimer()
		r := 0
		for i := 0; b.Loop(); i++ {
			r = search(s, keys[(i+r)&(benchKeys-1)])
		}
		sinkInt = r
	}
	for tr := tierGeneric; tr < numTiers; tr++ {
		if !lowerBound.implements(tr) {
			continue
		}
		impl := lowerBound.impls[tr]
		for _, n := range lowerBoundSizes[:3] {
			b.Run(fmt.Sprintf("impl=%s/n=%d", tr, n), func(b *testing.B) { run(b, n, impl) })
		}
	}
	for _, n := range lowerBoundSizes[:3] {
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

// streamN is the element count of the streaming benchmarks: 16M uint64s,
// 128 MiB per array, far beyond the caches.
const streamN = 1 << 24

// streamData holds the shared inputs of the streaming benchmarks: a sorted
// array (strictly increasing, so it is also a valid crd for any pos), a pos
// over it with segments of 1..31 (mean 16), and a destination.
type streamData struct {
	sorted, pos, dst []uint64
	// shortPos: segments of 0 to 2 (mean 1.1; a CSF leaf level's fibers);
	// midPos: segments of 1 to 5 (mean 3).
	shortPos, midPos []uint64
}

var streamCache *streamData

func benchStream() *streamData {
	if streamCache != nil {
		return streamCache
	}
	rng := rand.New(rand.NewPCG(99, 100))
	d := &streamData{sorted: make([]uint64, streamN), dst: make([]uint64, streamN)}
	var v uint64
	for i := range d.sorted {
		v += 1 + uint64(rng.IntN(4))
		d.sorted[i] = v
	}
	d.pos = runsOver(streamN, func() uint64 { return 1 + uint64(rng.IntN(31)) })
	d.shortPos = runsOver(streamN, func() uint64 {
		switch r := rng.IntN(20); {
		case r == 0:
			return 0
		case r <= 3:
			return 2
		}
		return 1
	})
	d.midPos = runsOver(streamN, func() uint64 { return 1 + uint64(rng.IntN(5)) })
	clear(d.dst) // touch the pages before any timing
	streamCache = d
	return d
}

// runsOver returns a pos over n elements whose runs have the lengths next
// gives (the last cut short).
func runsOver(n uint64, next func() uint64) []uint64 {
	pos := []uint64{0}
	for last := uint64(0); last < n; {
		last = min(last+next(), n)
		pos = append(pos, last)
	}
	return pos
}

// streamBench runs f per tier of family fam with b.SetBytes(bytes).
func streamBench[F any](b *testing.B, fam *family[F], bytes int64, call func(F)) {
	benchTiers(b, fam, func(b *testing.B, impl F) {
		b.Run(fmt.Sprintf("n=%d", streamN), func(b *testing.B) {
			b.SetBytes(bytes)
			b.ReportAllocs()
			for b.Loop() {
				call(impl)
			}
		})
	})
}

func BenchmarkNonDecreasing(b *testing.B) {
	d := benchStream()
	// bytes = 8n: s is read once.
	streamBench(b, nonDecreasing, 8*streamN, func(f func([]uint64) int) { sinkInt = f(d.sorted) })
}

func BenchmarkStrictlyIncreasing(b *testing.B) {
	d := benchStream()
	// bytes = 8(len(crd) + len(pos)): both read once.
	streamBench(b, strictlyIncreasing, int64(8*(streamN+len(d.pos))), func(f siFunc) {
		_, sinkInt = f(d.pos, d.sorted, ^uint64(0))
	})
}

func BenchmarkFirstNotBelow(b *testing.B) {
	d := benchStream()
	one := []uint64{^uint64(0)}
	three := []uint64{^uint64(0), ^uint64(0) - 1, ^uint64(0) - 2}
	// bytes = 8n: s is read once; nothing is out of bounds.
	b.Run("rank=1", func(b *testing.B) {
		streamBench(b, firstNotBelow, 8*streamN, func(f func([]uint64, []uint64) int) { sinkInt = f(d.sorted, one) })
	})
	b.Run("rank=3", func(b *testing.B) {
		streamBench(b, firstNotBelow, 8*streamN, func(f func([]uint64, []uint64) int) { sinkInt = f(d.sorted, three) })
	})
}

var sinkU64 uint64

func BenchmarkMax(b *testing.B) {
	d := benchStream()
	// bytes = 8n: s is read once.
	streamBench(b, maxU64, 8*streamN, func(f func([]uint64) uint64) { sinkU64 = f(d.sorted) })
}

func BenchmarkExclusiveScan(b *testing.B) {
	d := benchStream()
	// bytes = 16n: src read, dst written (write-allocate traffic not counted).
	streamBench(b, exclusiveScan, 16*streamN, func(f func([]uint64, []uint64) uint64) { sinkU64 = f(d.dst, d.sorted) })
}

func BenchmarkExpandPos(b *testing.B) {
	d := benchStream()
	// bytes = 8(n + len(pos)): pos read, dst written.
	for _, c := range []struct {
		name string
		pos  []uint64
	}{{"runs=1-31", d.pos}, {"runs=1-5", d.midPos}, {"runs=0-2", d.shortPos}} {
		b.Run(c.name, func(b *testing.B) {
			streamBench(b, expandPos, int64(8*(streamN+len(c.pos))), func(f func([]uint64, []uint64)) { f(d.dst, c.pos) })
		})
	}
}

// BenchmarkTriad is the bandwidth reference: a STREAM-like triad
// a[i] = b[i] + s*c[i] over 16M float64s per array.
func BenchmarkTriad(b *testing.B) {
	x, y, z := make([]float64, streamN), make([]float64, streamN), make([]float64, streamN)
	for i := range y {
		x[i], y[i], z[i] = 0, float64(i), float64(2*i)
	}
	const s = 3.0
	// bytes = 24n: two arrays read, one written (STREAM's count).
	b.SetBytes(24 * streamN)
	b.ReportAllocs()
	for b.Loop() {
		for i := range x {
			x[i] = y[i] + s*z[i]
		}
	}
}

// startsBenchKeys is the key stream of the starts benchmarks: 32K sorted
// packed keys (256 KiB, in L2 with the nodes written) of a 131 x 20000 x
// 20000 tensor with uniform entries (15-bit fields at shifts 30, 15 and 0),
// so that, as in the T3u conversion, a level-0 node has about 250 entries
// and almost every entry starts a level-1 node.
var startsBenchKeys = sync.OnceValue(func() []uint64 {
	rng := rand.New(rand.NewPCG(81, 82))
	keys := make([]uint64, 1<<15)
	for i := range keys {
		keys[i] = rng.Uint64N(131)<<30 | rng.Uint64N(20000)<<15 | rng.Uint64N(20000)
	}
	slices.Sort(keys)
	return keys
})

// startsKeyBlock is the block package convert hands the starts kernels: 2048
// keys, L1-resident (levels.Block for a 48 KiB L1).
const startsKeyBlock = 2048

// benchStartsLevels runs fn per tier of f and level (0: few starts, 1:
// almost all keys start), with b.SetBytes(bytes(level)), reporting ns/key.
func benchStartsLevels[F any](b *testing.B, f *family[F], bytes func(level int) int64, fn func(impl F, keys []uint64, level int)) {
	keys := startsBenchKeys()
	benchTiers(b, f, func(b *testing.B, impl F) {
		for level := range 2 {
			b.Run(fmt.Sprintf("level=%d/n=%d", level, len(keys)), func(b *testing.B) {
				b.SetBytes(bytes(level))
				b.ReportAllocs()
				for b.Loop() {
					fn(impl, keys, level)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(keys)), "ns/key")
			})
		}
	})
}

func BenchmarkCountStarts(b *testing.B) {
	shifts := []uint{30, 15}
	// bytes = 8n: the keys are read once (the blocks overlap by one key).
	bytes := func(int) int64 { return int64(8 * len(startsBenchKeys())) }
	benchStartsLevels(b, countStarts, bytes, func(f countStartsFunc, keys []uint64, level int) {
		n := 0
		for s := 1; s < len(keys); s += startsKeyBlock {
			n += f(keys[s-1:min(s+startsKeyBlock, len(keys))], shifts[level])
		}
		sinkInt = n
	})
}

func BenchmarkCompressStarts(b *testing.B) {
	shifts := []uint{30, 15, 0}
	crd, pos := make([]uint64, 1<<15), make([]uint64, 1<<15)
	// bytes = 8n + 16 nodes: the keys read, crd and pos written.
	bytes := func(level int) int64 {
		keys := startsBenchKeys()
		return int64(8*len(keys) + 16*countStartsRef(keys, shifts[level]))
	}
	benchStartsLevels(b, compressStarts, bytes, func(f compressStartsFunc, keys []uint64, level int) {
		o, c := 0, uint64(0)
		for s := 1; s < len(keys); s += startsKeyBlock {
			n, next, _ := f(crd[o:], pos[o:], keys[s-1:min(s+startsKeyBlock, len(keys))], shifts[level], shifts[level+1], 1<<15-1, c)
			o, c = o+n, next
		}
		sinkInt = o
	})
}
