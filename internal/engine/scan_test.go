package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestNonDecreasing(t *testing.T) {
	forEachTier(t, nonDecreasing, func(t *testing.T, impl, ref func([]uint64) int) {
		rng := rand.New(rand.NewPCG(7, 8))
		for _, n := range testSizes() {
			for _, off := range testOffsets {
				for kind := range 3 {
					s := sortedKeys(rng, n, off, kind)
					if got, want := impl(s), ref(s); got != want {
						t.Fatalf("sorted n=%d off=%d kind=%d: got %d, want %d", n, off, kind, got, want)
					}
					// Break it at every position in turn (small n) or a few.
					for b := 1; b < n; b += 1 + n/37 {
						c := slices.Clone(s)
						if c[b-1] == 0 {
							c[b-1] = 1
						}
						c[b] = c[b-1] - 1
						if kind == 2 {
							c[b] = 0 // a huge drop: signed compares get this wrong
						}
						if got, want := impl(c), ref(c); got != want {
							t.Fatalf("broken at %d n=%d off=%d kind=%d: got %d, want %d", b, n, off, kind, got, want)
						}
					}
				}
			}
		}
	})
}

func TestStrictlyIncreasing(t *testing.T) {
	forEachTier(t, strictlyIncreasing, func(t *testing.T, impl, ref siFunc) {
		rng := rand.New(rand.NewPCG(9, 10))
		for _, nparent := range []int{0, 1, 2, 3, 5, 8, 13, 40, 300} {
			for _, maxSeg := range []int{1, 3, 9, 40} {
				for kind := range 3 {
					pos := randPos(rng, nparent, maxSeg)
					crd := randLevel(rng, pos, kind)
					siAgrees(t, impl, ref, pos, crd, fmt.Sprintf("valid nparent=%d seg=%d kind=%d", nparent, maxSeg, kind))
					for b := 1; b < len(crd); b += 1 + len(crd)/29 {
						c := slices.Clone(crd)
						switch rng.IntN(3) {
						case 0:
							c[b] = c[b-1] // duplicate sibling
						case 1:
							c[b] = 0
						default:
							c[b-1] = ^uint64(0)
						}
						siAgrees(t, impl, ref, pos, c, fmt.Sprintf("broken at %d nparent=%d seg=%d kind=%d", b, nparent, maxSeg, kind))
					}
				}
			}
		}
	})
}

func TestFirstNotBelow(t *testing.T) {
	forEachTier(t, firstNotBelow, func(t *testing.T, impl, ref func([]uint64, []uint64) int) {
		rng := rand.New(rand.NewPCG(11, 12))
		for _, rank := range []int{1, 2, 3, 4, 5, 7, 8, 9, 64} {
			bounds := make([]uint64, rank)
			for i := range bounds {
				switch rng.IntN(3) {
				case 0:
					bounds[i] = 1 + uint64(rng.IntN(100))
				case 1:
					bounds[i] = ^uint64(0)
				default:
					bounds[i] = 1<<63 + uint64(rng.IntN(100))
				}
			}
			for _, n := range testSizes() {
				for _, off := range testOffsets {
					s := unaligned(n, off)
					for i := range s {
						b := bounds[i%rank]
						s[i] = b - 1 - uint64(rng.Int64N(int64(min(b, 1<<62))))
					}
					if got, want := impl(s, bounds), ref(s, bounds); got != want {
						t.Fatalf("in range rank=%d n=%d off=%d: got %d, want %d", rank, n, off, got, want)
					}
					for b := 0; b < n; b += 1 + n/23 {
						c := slices.Clone(s)
						c[b] = bounds[b%rank] + uint64(rng.IntN(2))
						if c[b] < bounds[b%rank] { // wrapped at 2^64-1
							c[b] = bounds[b%rank]
						}
						if got, want := impl(c, bounds), ref(c, bounds); got != want {
							t.Fatalf("out at %d rank=%d n=%d off=%d: got %d, want %d", b, rank, n, off, got, want)
						}
					}
				}
			}
		}
	})
}

func TestMax(t *testing.T) {
	forEachTier(t, maxU64, func(t *testing.T, impl, ref func([]uint64) uint64) {
		rng := rand.New(rand.NewPCG(13, 14))
		for _, n := range testSizes() {
			for _, off := range testOffsets {
				for kind := range 3 {
					s := unaligned(n, off)
					for i := range s {
						switch kind {
						case 0:
							s[i] = uint64(rng.IntN(100))
						case 1:
							s[i] = rng.Uint64()
						default:
							s[i] = ^uint64(0) - uint64(rng.IntN(5))
						}
					}
					if got, want := impl(s), ref(s); got != want {
						t.Fatalf("n=%d off=%d kind=%d: got %#x, want %#x", n, off, kind, got, want)
					}
				}
			}
		}
	})
}

// siMaxes returns the limits a strictlyIncreasing test tries on crd: none
// (2^64-1), the largest entry (nothing above it), one below it, and the
// entries at a quarter, half and the end (limits that cut inside crd).
func siMaxes(crd []uint64) []uint64 {
	m := []uint64{^uint64(0)}
	if len(crd) == 0 {
		return append(m, 0)
	}
	mx := slices.Max(crd)
	m = append(m, mx, crd[len(crd)/4], crd[len(crd)/2], crd[len(crd)-1])
	if mx > 0 {
		m = append(m, mx-1)
	}
	return m
}

// TestStrictlyIncreasingBelow checks the exported fused form against its two
// halves, StrictlyIncreasing and FirstNotBelow, bound 0 included.
func TestStrictlyIncreasingBelow(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, nparent := range []int{0, 1, 7, 300, 5000} {
		pos := randPos(rng, nparent, 9)
		crd := randLevel(rng, pos, 1)
		bounds := []uint64{0, 1, ^uint64(0)}
		for range 8 {
			bounds = append(bounds, rng.Uint64N(1<<21))
		}
		for _, c := range [][]uint64{crd, breakAt(crd, len(crd)/3)} {
			for _, b := range bounds {
				want := StrictlyIncreasing(pos, c)
				if j := FirstNotBelow(c, []uint64{b}); j >= 0 && (want < 0 || j < want) {
					want = j
				}
				if got := StrictlyIncreasingBelow(pos, c, b); got != want {
					t.Fatalf("nparent=%d bound=%d: got %d, want %d", nparent, b, got, want)
				}
			}
		}
	}
	mustPanic(t, "kernels: StrictlyIncreasingBelow: pos must start at 0 and end at len(crd)", func() { StrictlyIncreasingBelow([]uint64{0, 1}, nil, 5) })
}

// breakAt returns a copy of crd with entry i set to its predecessor (a
// duplicate sibling unless i starts a segment); crd is returned when i is 0.
func breakAt(crd []uint64, i int) []uint64 {
	if i == 0 {
		return crd
	}
	c := slices.Clone(crd)
	c[i] = c[i-1]
	return c
}

// siFunc is an implementation of the strictlyIncreasing family.
type siFunc = func(pos, crd []uint64, max uint64) (int, int)

// pair makes a family result comparable and printable.
func pair(posBad, crdBad int) [2]int { return [2]int{posBad, crdBad} }

// siAgrees checks that impl and ref of StrictlyIncreasing report the same
// first breaks on pos and crd at every max of siMaxes(crd); what prefixes
// the failure.
func siAgrees(t *testing.T, impl, ref siFunc, pos, crd []uint64, what string) {
	t.Helper()
	for _, mx := range siMaxes(crd) {
		if got, want := pair(impl(pos, crd, mx)), pair(ref(pos, crd, mx)); got != want {
			t.Fatalf("%s max=%d: got %d, want %d", what, mx, got, want)
		}
	}
}

// TestCheckCompressedPosDown: pos going down somewhere (early, late, near the
// 16K-entry blocks the amd64 paths mark starts in, by one or by a lot, and
// wrapping below the block start) is reported at its exact index by every
// path, with no crd answer; the exported form agrees with NonDecreasing and
// StrictlyIncreasingBelow composed.
func TestCheckCompressedPosDown(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, nparent := range []int{3, 50, 5000, 40000} {
		for _, maxSeg := range []int{2, 9} {
			pos := randPos(rng, nparent, maxSeg)
			crd := randLevel(rng, pos, 1)
			breaks := []int{1, 2, len(pos) / 2, len(pos) - 2}
			for p := 1; p+1 < len(pos); p++ {
				if pos[p] > 1<<14-3 && pos[p] < 1<<14+3 || pos[p] > 1<<15-3 && pos[p] < 1<<15+3 {
					breaks = append(breaks, p)
				}
			}
			for _, b := range breaks {
				if b < 1 || b+1 >= len(pos) {
					continue
				}
				for _, drop := range []uint64{1, 1 << 20} {
					bad := slices.Clone(pos)
					if bad[b-1] == 0 {
						continue // no room to go down
					}
					bad[b] = bad[b-1] - min(drop, bad[b-1]) // 0 at worst
					want := nonDecreasingRef(bad)
					if want < 0 {
						t.Fatalf("test setup: pos does not go down")
					}
					forEachTier(t, strictlyIncreasing, func(t *testing.T, impl, ref siFunc) {
						for _, mx := range siMaxes(crd) {
							if got, w := pair(impl(bad, crd, mx)), pair(ref(bad, crd, mx)); got != w || got != [2]int{want, -1} {
								t.Fatalf("nparent=%d down at %d by %d max=%d: got %v, ref %v, want [%d -1]", nparent, b, drop, mx, got, w, want)
							}
						}
					})
					if pb, cb := CheckCompressed(bad, crd, 1<<62); pb != want || cb != -1 {
						t.Fatalf("CheckCompressed: got %d, %d, want %d, -1", pb, cb, want)
					}
				}
			}
			// Sorted pos: the exported form is the two checks composed.
			for _, bound := range append(siMaxes(crd), 0) {
				pb, cb := CheckCompressed(pos, crd, bound)
				if pb != -1 || cb != StrictlyIncreasingBelow(pos, crd, bound) {
					t.Fatalf("CheckCompressed(sorted, %d) = %d, %d", bound, pb, cb)
				}
			}
		}
	}
}
