package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// Edge cases for the vector paths: lengths around the chunk size the glue
// splits long inputs at (chunk on arm64), hits placed just before, at and
// after chunk and block boundaries, runs longer than a chunk, and malformed
// pos for the expansion kernels. Every tier is compared with ref.

// chunkEdge is the chunk length used by the glue; the tests are written so
// that they exercise it on every tier.
const chunkEdge = 1 << 16

// edgeLens are lengths around one and two chunks.
var edgeLens = []int{chunkEdge - 5, chunkEdge - 1, chunkEdge, chunkEdge + 1, chunkEdge + 3, 2*chunkEdge + 7}

// edgeHits are positions around block and chunk boundaries for a slice of n.
func edgeHits(n int) []int {
	var h []int
	for _, c := range []int{0, 1, 2, 3, 4, 5, 7, 8, 9, chunkEdge - 4, chunkEdge - 1, chunkEdge, chunkEdge + 1, chunkEdge + 4, 2 * chunkEdge, n - 4, n - 3, n - 2, n - 1} {
		if c >= 0 && c < n {
			h = append(h, c)
		}
	}
	return h
}

func TestScansChunkEdges(t *testing.T) {
	lens := edgeLens
	if testing.Short() {
		lens = []int{chunkEdge, chunkEdge + 1, 2*chunkEdge + 7} // the race run: a sample
	}
	for _, n := range lens {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) { scansChunkEdges(t, n) })
	}
}

func scansChunkEdges(t *testing.T, n int) {
	inc := make([]uint64, n) // strictly increasing, below 2^63
	for i := range inc {
		inc[i] = uint64(i)*3 + 1
	}
	t.Run("maxU64", func(t *testing.T) {
		forEachTier(t, maxU64, func(t *testing.T, impl, ref func([]uint64) uint64) {
			for _, h := range edgeHits(n) {
				s := slices.Clone(inc)
				s[h] = ^uint64(0) - uint64(h&1)
				if got, want := impl(s), ref(s); got != want {
					t.Fatalf("n=%d max at %d: got %#x, want %#x", n, h, got, want)
				}
			}
		})
	})
	t.Run("nonDecreasing", func(t *testing.T) {
		forEachTier(t, nonDecreasing, func(t *testing.T, impl, ref func([]uint64) int) {
			if got, want := impl(inc), ref(inc); got != want {
				t.Fatalf("n=%d sorted: got %d, want %d", n, got, want)
			}
			for _, h := range edgeHits(n) {
				if h == 0 {
					continue
				}
				s := slices.Clone(inc)
				s[h] = s[h-1] - 1
				if got, want := impl(s), ref(s); got != want {
					t.Fatalf("n=%d drop at %d: got %d, want %d", n, h, got, want)
				}
			}
		})
	})
	t.Run("strictlyIncreasing", func(t *testing.T) {
		forEachTier(t, strictlyIncreasing, func(t *testing.T, impl, ref siFunc) {
			// Segments of 3, so segment starts (allowed descents) are dense.
			pos := []uint64{0}
			for p := 3; p < n; p += 3 {
				pos = append(pos, uint64(p))
			}
			pos = append(pos, uint64(n))
			crd := make([]uint64, n)
			for i := range crd {
				crd[i] = uint64(i % 3)
			}
			siAgrees(t, impl, ref, pos, crd, fmt.Sprintf("n=%d valid", n))
			for _, h := range edgeHits(n) {
				if h == 0 {
					continue
				}
				c := slices.Clone(crd)
				c[h] = c[h-1]
				siAgrees(t, impl, ref, pos, c, fmt.Sprintf("n=%d duplicate at %d", n, h))
				siAgrees(t, impl, ref, []uint64{0, uint64(n)}, c, fmt.Sprintf("n=%d one segment, duplicate at %d", n, h))
			}
			// More empty segments than a chunk before each segment start,
			// so that merging in pos runs long.
			var many []uint64
			for p := 0; p < n; p += 3 {
				for range 2*chunkEdge/(n/3) + 1 {
					many = append(many, uint64(p))
				}
			}
			many = append(many, uint64(n))
			for _, h := range []int{-1, 3, n / 2, n - 1} {
				c := slices.Clone(crd)
				if h > 0 {
					c[h] = c[h-1]
				}
				siAgrees(t, impl, ref, many, c, fmt.Sprintf("n=%d empty segments, duplicate at %d", n, h))
			}
		})
	})
	t.Run("firstNotBelow", func(t *testing.T) {
		forEachTier(t, firstNotBelow, func(t *testing.T, impl, ref func([]uint64, []uint64) int) {
			for _, rank := range []int{1, 2, 3, 5, 8, 63, 67} {
				bounds := make([]uint64, rank)
				for j := range bounds {
					bounds[j] = 1<<63 + uint64(j)
				}
				s := make([]uint64, n)
				for i := range s {
					s[i] = bounds[i%rank] - 1 - uint64(i%7)
				}
				if got, want := impl(s, bounds), ref(s, bounds); got != want {
					t.Fatalf("n=%d rank=%d in range: got %d, want %d", n, rank, got, want)
				}
				for _, h := range edgeHits(n) {
					c := slices.Clone(s)
					c[h] = bounds[h%rank]
					if got, want := impl(c, bounds), ref(c, bounds); got != want {
						t.Fatalf("n=%d rank=%d hit at %d: got %d, want %d", n, rank, h, got, want)
					}
				}
			}
		})
	})
	t.Run("exclusiveScan", func(t *testing.T) {
		forEachTier(t, exclusiveScan, func(t *testing.T, impl, ref func([]uint64, []uint64) uint64) {
			src := make([]uint64, n)
			for i := range src {
				src[i] = uint64(i) * 0x9E3779B97F4A7C15
			}
			got, want := guarded(n, 1), guarded(n, 0)
			if a, b := impl(got, src), ref(want, src); a != b || !slices.Equal(got[:n+8], want[:n+8]) {
				t.Fatalf("n=%d: total got %#x, want %#x (or elements differ)", n, a, b)
			}
		})
	})
}

func TestLowerBoundEdges(t *testing.T) {
	forEachTier(t, lowerBound, func(t *testing.T, impl, ref func([]uint64, uint64) int) {
		for n := 0; n <= 40; n++ {
			// All equal, and a run of equal keys at every position.
			for _, v := range []uint64{0, 7, ^uint64(0)} {
				s := make([]uint64, n)
				for i := range s {
					s[i] = v
				}
				for _, k := range []uint64{0, v - 1, v, v + 1, ^uint64(0)} {
					if got, want := impl(s, k), ref(s, k); got != want {
						t.Fatalf("n=%d all %#x key=%#x: got %d, want %d", n, v, k, got, want)
					}
				}
			}
		}
	})
}

func TestDescendLevelEdges(t *testing.T) {
	forEachTier(t, descendLevel, func(t *testing.T, impl, ref func([]int, []uint64, []uint64, []uint64, int, int)) {
		rng := rand.New(rand.NewPCG(21, 22))
		// Segments of every length 0..40 (the window is 8 wide), one
		// segment near 2^64, query batches around the glue's 4096.
		pos := []uint64{0}
		for seg := 0; seg <= 40; seg++ {
			pos = append(pos, pos[len(pos)-1]+uint64(seg))
		}
		crd := randLevel(rng, pos, 0)
		big := randLevel(rng, pos, 2)
		for _, nq := range []int{1, 7, 4095, 4096, 4097, 9000} {
			const stride, off = 2, 1
			coords := make([]uint64, nq*stride)
			node := make([]int, nq)
			for _, level := range [][]uint64{crd, big} {
				for q := range node {
					p := rng.IntN(len(pos)+1) - 1
					node[q] = p
					key := rng.Uint64()
					if p >= 0 && p+1 < len(pos) && pos[p+1] > pos[p] {
						i := pos[p] + uint64(rng.IntN(int(pos[p+1]-pos[p])))
						key = level[i] + uint64(rng.IntN(3)) - 1
					}
					coords[q*stride+off] = key
				}
				got, want := slices.Clone(node), slices.Clone(node)
				impl(got, pos, level, coords, stride, off)
				ref(want, pos, level, coords, stride, off)
				for q := range got {
					if got[q] != want[q] {
						t.Fatalf("nq=%d query %d (parent %d key %#x): got %d, want %d", nq, q, node[q], coords[q*stride+off], got[q], want[q])
					}
				}
			}
		}
	})
}

func TestExpandEdges(t *testing.T) {
	// One run longer than a chunk between short ones, and malformed pos
	// (not monotone, past the end) that must stay memory-safe and match ref.
	long := []uint64{0, 3, 3, 3 + chunkEdge + 5, 3 + chunkEdge + 6, 3 + 2*chunkEdge + 20}
	bad := []uint64{0, 50, 3, ^uint64(0), 2, 7, 7, 1 << 40, 0, 30}
	t.Run("expandPos", func(t *testing.T) {
		forEachTier(t, expandPos, func(t *testing.T, impl, ref func([]uint64, []uint64)) {
			for _, pos := range [][]uint64{long, bad} {
				n := int(pos[len(pos)-1])
				got, want := guarded(n, 1), guarded(n, 1)
				impl(got, pos)
				ref(want, pos)
				if !slices.Equal(got[:n+8], want[:n+8]) {
					t.Fatalf("pos %v: mismatch", pos[:min(len(pos), 10)])
				}
			}
		})
	})
	t.Run("expandRuns", func(t *testing.T) {
		forEachTier(t, expandRuns, func(t *testing.T, impl, ref func([]uint64, int, int, []uint64, []uint64)) {
			for _, ptr := range [][]uint64{long, bad} {
				vals := make([]uint64, len(ptr)-1)
				for i := range vals {
					vals[i] = ^uint64(0) - uint64(i)
				}
				rows := int(ptr[len(ptr)-1])
				for _, stride := range []int{1, 2, 3} {
					off := stride - 1
					got, want := guarded(rows*stride, 1), guarded(rows*stride, 1)
					impl(got, stride, off, ptr, vals)
					ref(want, stride, off, ptr, vals)
					if !slices.Equal(got[:rows*stride+8], want[:rows*stride+8]) {
						t.Fatalf("ptr %v stride=%d: mismatch", ptr, stride)
					}
				}
			}
		})
	})
}

func TestStartsChunkEdges(t *testing.T) {
	for _, n := range edgeLens {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) { startsChunkEdges(t, n) })
	}
}

// startsChunkEdges tries keys that start nodes at bit 40 only at the edge
// hits (and at bit 8 at every other key), and keys that all start nodes at
// bit 20; destinations of exactly the nodes needed, and one short.
func startsChunkEdges(t *testing.T, n int) {
	sparse := make([]uint64, n+1)
	for i := range sparse {
		sparse[i] = uint64(i/2) << 8
	}
	for _, h := range edgeHits(n) {
		for i := h + 1; i <= n; i++ {
			sparse[i] += 1 << 40
		}
	}
	dense := make([]uint64, n+1)
	for i := range dense {
		dense[i] = uint64(i) << 20
	}
	for _, keys := range [][]uint64{sparse, dense} {
		forEachTier(t, countStarts, func(t *testing.T, impl, ref countStartsFunc) {
			for _, sh := range []uint{8, 20, 40} {
				if got, want := impl(keys, sh), ref(keys, sh); got != want {
					t.Fatalf("n=%d shift=%d: got %d, want %d", n, sh, got, want)
				}
			}
		})
		forEachTier(t, compressStarts, func(t *testing.T, impl, ref compressStartsFunc) {
			for _, sh := range []uint{20, 40} {
				need := countStartsRef(keys, sh)
				for _, room := range []int{need, max(need-1, 0)} {
					compressStartsCase(t, impl, ref, room, room, keys, sh, 8, 0xffff, 3, fmt.Sprintf("n=%d", n))
				}
			}
		})
	}
}
