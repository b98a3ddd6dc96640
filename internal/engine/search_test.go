package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestLowerBound(t *testing.T) {
	forEachTier(t, lowerBound, func(t *testing.T, impl, ref func([]uint64, uint64) int) {
		rng := rand.New(rand.NewPCG(1, 2))
		for _, n := range testSizes() {
			for _, off := range testOffsets {
				for kind := range 3 {
					s := sortedKeys(rng, n, off, kind)
					before := slices.Clone(s)
					for _, k := range probeKeys(rng, s) {
						if got, want := impl(s, k), ref(s, k); got != want {
							t.Fatalf("n=%d off=%d kind=%d key=%#x: got %d, want %d", n, off, kind, k, got, want)
						}
					}
					if !slices.Equal(s, before) {
						t.Fatalf("n=%d: input modified", n)
					}
				}
			}
		}
	})
}

func TestLowerBoundUnsorted(t *testing.T) {
	// Unsorted input: any index 0..len(s) is allowed, but no fault.
	forEachTier(t, lowerBound, func(t *testing.T, impl, _ func([]uint64, uint64) int) {
		rng := rand.New(rand.NewPCG(3, 4))
		for _, n := range testSizes() {
			s := make([]uint64, n)
			for i := range s {
				s[i] = rng.Uint64()
			}
			for range 10 {
				if got := impl(s, rng.Uint64()); got < 0 || got > n {
					t.Fatalf("n=%d: got %d outside 0..%d", n, got, n)
				}
			}
		}
	})
}

// descendCase builds a two-level structure (root pos [0,n0] over crd0, then
// pos1/crd1) and queries with coords of stride 3.
func TestDescendLevel(t *testing.T) {
	forEachTier(t, descendLevel, func(t *testing.T, impl, ref func([]int, []uint64, []uint64, []uint64, int, int)) {
		rng := rand.New(rand.NewPCG(5, 6))
		for _, nparent := range []int{0, 1, 2, 3, 7, 8, 9, 17, 100, 1000} {
			for kind := range 3 {
				pos := randPos(rng, nparent, 40)
				crd := randLevel(rng, pos, kind)
				// queries: each picks a parent (or a bad one, or -1) and a key.
				nq := 3*nparent + 37
				const stride, off = 3, 1
				coords := make([]uint64, nq*stride)
				node := make([]int, nq)
				for q := range node {
					p := -1
					switch r := rng.IntN(10); {
					case r == 0:
						p = -1
					case r == 1:
						p = nparent + rng.IntN(3) // out of range: must miss
					case nparent > 0:
						p = rng.IntN(nparent)
					}
					node[q] = p
					var key uint64
					if p >= 0 && p < nparent && pos[p+1] > pos[p] && rng.IntN(2) == 0 {
						key = crd[pos[p]+uint64(rng.IntN(int(pos[p+1]-pos[p])))]
					} else if len(crd) > 0 && rng.IntN(2) == 0 {
						key = crd[rng.IntN(len(crd))] + uint64(rng.IntN(3)) - 1
					} else {
						key = rng.Uint64()
					}
					coords[q*stride+off] = key
				}
				got, want := slices.Clone(node), slices.Clone(node)
				impl(got, pos, crd, coords, stride, off)
				ref(want, pos, crd, coords, stride, off)
				if !slices.Equal(got, want) {
					for q := range got {
						if got[q] != want[q] {
							t.Fatalf("nparent=%d kind=%d query %d (parent %d key %#x): got %d, want %d", nparent, kind, q, node[q], coords[q*stride+off], got[q], want[q])
						}
					}
				}
			}
		}
	})
}

func TestDescendLevelMalformedPos(t *testing.T) {
	// pos that is not monotone and points past crd: no fault.
	forEachTier(t, descendLevel, func(t *testing.T, impl, ref func([]int, []uint64, []uint64, []uint64, int, int)) {
		pos := []uint64{0, 50, 3, ^uint64(0), 2}
		crd := []uint64{1, 2, 3, 4}
		node := []int{0, 1, 2, 3, 4, -1, 0, 1}
		coords := []uint64{1, 2, 3, 4, 5, 6, 7, 8}
		got, want := slices.Clone(node), slices.Clone(node)
		impl(got, pos, crd, coords, 1, 0)
		ref(want, pos, crd, coords, 1, 0)
		if !slices.Equal(got, want) {
			t.Fatalf("got %v, want %v", got, want)
		}
	})
}

func TestDescendLevelPanics(t *testing.T) {
	mustPanic(t, "kernels: DescendLevel: bad stride or offset", func() { DescendLevel(nil, []uint64{0, 0}, nil, nil, 0, 0) })
	mustPanic(t, "kernels: DescendLevel: bad stride or offset", func() { DescendLevel(nil, []uint64{0, 0}, nil, nil, 2, 2) })
	mustPanic(t, "kernels: DescendLevel: empty pos", func() { DescendLevel(nil, nil, nil, nil, 1, 0) })
	mustPanic(t, "kernels: DescendLevel: coords shorter than len(node)*stride", func() {
		DescendLevel(make([]int, 3), []uint64{0, 0}, nil, make([]uint64, 5), 2, 0)
	})
}

func mustPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Fatalf("no panic, want %q", want)
		}
		if s, _ := r.(string); s != want {
			t.Fatalf("panic %v, want %q", r, want)
		}
	}()
	f()
}
