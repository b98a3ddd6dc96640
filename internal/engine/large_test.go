package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// The assembly paths work in chunks of 64K elements (and 1024 queries,
// and runs of at most 64K) returned to Go between calls; these tests put
// sizes and faults on and around those boundaries.

// boundaryIndexes are indexes around every chunk boundary below n (all
// within 17, under -short, the race run, those at a vector width's ends),
// and around block and vector widths at the start and end.
func boundaryIndexes(n int) []int {
	var out []int
	add := func(i int) {
		if i >= 0 && i < n {
			out = append(out, i)
		}
	}
	ends := []int{0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33}
	for _, d := range ends {
		add(d)
		add(n - 1 - d)
	}
	for c := chunk; c < n+chunk; c += chunk {
		for d := -17; d <= 17; d++ {
			if testing.Short() && !slices.Contains(ends, max(d, -d)) {
				continue
			}
			add(c + d)
		}
	}
	return out
}

const largeN = 2*chunk + 37

func TestLargeScans(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	s := sortedKeys(rng, largeN, 1, 1)
	forEachTier(t, nonDecreasing, func(t *testing.T, impl, ref func([]uint64) int) {
		if got, want := impl(s), ref(s); got != want {
			t.Fatalf("sorted n=%d: got %d, want %d", len(s), got, want)
		}
		for _, b := range boundaryIndexes(len(s)) {
			if b == 0 {
				continue
			}
			c := slices.Clone(s)
			c[b] = c[b-1] - 1
			if got, want := impl(c), ref(c); got != want {
				t.Fatalf("broken at %d n=%d: got %d, want %d", b, len(c), got, want)
			}
		}
	})
	forEachTier(t, maxU64, func(t *testing.T, impl, ref func([]uint64) uint64) {
		for _, b := range boundaryIndexes(len(s)) {
			c := slices.Clone(s)
			c[b] = ^uint64(0) - uint64(b&1)
			if got, want := impl(c), ref(c); got != want {
				t.Fatalf("max at %d n=%d: got %#x, want %#x", b, len(c), got, want)
			}
		}
	})
	forEachTier(t, exclusiveScan, func(t *testing.T, impl, ref func([]uint64, []uint64) uint64) {
		src := unaligned(largeN, 3)
		for i := range src {
			src[i] = rng.Uint64() >> uint(rng.IntN(64))
		}
		got, want := make([]uint64, len(src)), make([]uint64, len(src))
		a, b := impl(got, src), ref(want, src)
		if a != b || !slices.Equal(got, want) {
			t.Fatalf("n=%d: sums %#x %#x, equal %v", len(src), a, b, slices.Equal(got, want))
		}
		// In place (dst == src).
		inPlace := slices.Clone(src)
		if a := impl(inPlace, inPlace); a != b || !slices.Equal(inPlace, want) {
			t.Fatalf("in place n=%d: mismatch", len(src))
		}
	})
	forEachTier(t, firstNotBelow, func(t *testing.T, impl, ref func([]uint64, []uint64) int) {
		for _, rank := range []int{1, 2, 3, 5, 8, 24, 64} {
			bounds := make([]uint64, rank)
			for j := range bounds {
				bounds[j] = 1<<63 + uint64(rng.IntN(1000)) + 10
			}
			c := make([]uint64, largeN)
			for i := range c {
				c[i] = bounds[i%rank] - 1 - uint64(rng.IntN(5))
			}
			if got, want := impl(c, bounds), ref(c, bounds); got != want {
				t.Fatalf("in range rank=%d: got %d, want %d", rank, got, want)
			}
			for _, b := range boundaryIndexes(len(c)) {
				old := c[b]
				c[b] = bounds[b%rank] + uint64(b&1)
				if got, want := impl(c, bounds), ref(c, bounds); got != want {
					t.Fatalf("out at %d rank=%d: got %d, want %d", b, rank, got, want)
				}
				c[b] = old
			}
		}
	})
}

func TestLargeStrictlyIncreasing(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for _, maxSeg := range []int{3, 40, 5000} {
		pos := randPos(rng, largeN/(maxSeg/2+1)+3, maxSeg)
		crd := randLevel(rng, pos, 2)
		forEachTier(t, strictlyIncreasing, func(t *testing.T, impl, ref siFunc) {
			siAgrees(t, impl, ref, pos, crd, fmt.Sprintf("valid seg=%d n=%d", maxSeg, len(crd)))
			for _, b := range boundaryIndexes(len(crd)) {
				if b == 0 {
					continue
				}
				c := slices.Clone(crd)
				c[b] = c[b-1]
				siAgrees(t, impl, ref, pos, c, fmt.Sprintf("broken at %d seg=%d", b, maxSeg))
			}
		})
	}
}

func TestLargeExpand(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	// Many short runs (more than chunk of them), one run longer than the
	// 64K the assembly fills, empty runs around it.
	var pos []uint64
	pos = append(pos, 0)
	for range chunk + 100 {
		pos = append(pos, pos[len(pos)-1]+uint64(rng.IntN(4)))
	}
	pos = append(pos, pos[len(pos)-1], pos[len(pos)-1]+1<<16+3, pos[len(pos)-1]+1<<16+3)
	for range 1000 {
		pos = append(pos, pos[len(pos)-1]+uint64(rng.IntN(20)))
	}
	n := int(pos[len(pos)-1])
	forEachTier(t, expandPos, func(t *testing.T, impl, ref func([]uint64, []uint64)) {
		got, want := guarded(n, 1), guarded(n, 1)
		impl(got, pos)
		ref(want, pos)
		if !slices.Equal(got[:n+8], want[:n+8]) {
			t.Fatalf("n=%d runs=%d: mismatch", n, len(pos)-1)
		}
	})
	vals := make([]uint64, len(pos)-1)
	for i := range vals {
		vals[i] = rng.Uint64()
	}
	forEachTier(t, expandRuns, func(t *testing.T, impl, ref func([]uint64, int, int, []uint64, []uint64)) {
		for _, stride := range []int{1, 2} {
			got, want := guarded(n*stride, 1), guarded(n*stride, 1)
			impl(got, stride, stride-1, pos, vals)
			ref(want, stride, stride-1, pos, vals)
			if !slices.Equal(got[:n*stride+8], want[:n*stride+8]) {
				t.Fatalf("stride=%d n=%d: mismatch", stride, n)
			}
		}
	})
}

func TestExpandMalformedPos(t *testing.T) {
	// pos is checked only at its ends; the middle may go backwards and past
	// the end. Every path must write exactly what ref writes, inside dst.
	rng := rand.New(rand.NewPCG(27, 28))
	for iter := range 200 {
		n := rng.IntN(70)
		pos := make([]uint64, 2+rng.IntN(20))
		for i := range pos {
			switch rng.IntN(4) {
			case 0:
				pos[i] = ^uint64(0) - uint64(rng.IntN(3))
			default:
				pos[i] = uint64(rng.IntN(n + 10))
			}
		}
		pos[0], pos[len(pos)-1] = 0, uint64(n)
		forEachTier(t, expandPos, func(t *testing.T, impl, ref func([]uint64, []uint64)) {
			got, want := guarded(n, 1), guarded(n, 1)
			impl(got, pos)
			ref(want, pos)
			if !slices.Equal(got[:n+8], want[:n+8]) {
				t.Fatalf("iter %d pos %v:\ngot  %v\nwant %v", iter, pos, got[:n+8], want[:n+8])
			}
		})
	}
}

func TestLargeDescendLevel(t *testing.T) {
	// More queries than one assembly call takes, so the look-ahead crosses
	// call boundaries; stride 2, offset 1; a tail that is not a whole vector.
	rng := rand.New(rand.NewPCG(29, 30))
	nparent := 5000
	pos := randPos(rng, nparent, 300)
	crd := randLevel(rng, pos, 1)
	nq := 3*descendChunk + 13
	const stride, off = 2, 1
	coords := make([]uint64, nq*stride)
	node := make([]int, nq)
	for q := range node {
		p := rng.IntN(nparent+3) - 1
		node[q] = p
		if p >= 0 && p < nparent && pos[p+1] > pos[p] && rng.IntN(2) == 0 {
			coords[q*stride+off] = crd[pos[p]+uint64(rng.IntN(int(pos[p+1]-pos[p])))]
		} else {
			coords[q*stride+off] = uint64(rng.IntN(1 << 20))
		}
	}
	forEachTier(t, descendLevel, func(t *testing.T, impl, ref func([]int, []uint64, []uint64, []uint64, int, int)) {
		got, want := slices.Clone(node), slices.Clone(node)
		impl(got, pos, crd, coords, stride, off)
		ref(want, pos, crd, coords, stride, off)
		for q := range got {
			if got[q] != want[q] {
				t.Fatalf("query %d (parent %d key %#x): got %d, want %d", q, node[q], coords[q*stride+off], got[q], want[q])
			}
		}
	})
}

func TestLargeLowerBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, kind := range []int{0, 2} {
		s := sortedKeys(rng, largeN, 2, kind)
		keys := probeKeys(rng, s[:100])
		for range 2000 {
			keys = append(keys, s[rng.IntN(len(s))]+uint64(rng.IntN(3))-1)
		}
		forEachTier(t, lowerBound, func(t *testing.T, impl, ref func([]uint64, uint64) int) {
			for _, k := range keys {
				if got, want := impl(s, k), lowerBoundGeneric(s, k); got != want {
					t.Fatalf("kind=%d n=%d key=%#x: got %d, want %d", kind, len(s), k, got, want)
				}
			}
		})
	}
}
