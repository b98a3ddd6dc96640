package radix

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSort checks Sort against a stable comparison sort on the same bit
// range, with a permutation as payload (so stability is checked), for bit
// ranges of one and several passes, keys sharing digits (skipped passes),
// a separate read-only source, and the empty and one-element cases.
func TestSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 7, 1000, 5000} {
		for _, r := range [][2]int{{0, 0}, {0, 5}, {0, 11}, {0, 12}, {3, 30}, {0, 64}, {40, 24}} {
			from, nbits := r[0], r[1]
			for _, spread := range []uint64{3, ^uint64(0)} {
				keys := make([]uint64, n)
				for i := range keys {
					keys[i] = rng.Uint64() % spread << from
					if spread != 3 {
						keys[i] = rng.Uint64()
					}
				}
				field := func(k uint64) uint64 {
					if nbits == 0 {
						return 0
					}
					return k >> from & (^uint64(0) >> (64 - nbits))
				}
				perm := make([]int, n)
				for i := range perm {
					perm[i] = i
				}
				want := slices.Clone(perm)
				slices.SortStableFunc(want, func(a, b int) int { return cmp.Compare(field(keys[a]), field(keys[b])) })
				src := slices.Clone(perm)
				gotK, gotP := Sort(slices.Clone(keys), make([]uint64, n), src, make([]int, n), make([]int, n), from, nbits, make([]int, 1<<MaxWidth))
				if !slices.Equal(gotP, want) {
					t.Fatalf("n=%d bits %d+%d spread %d: payload order differs", n, from, nbits, spread)
				}
				for i, p := range gotP {
					if gotK[i] != keys[p] {
						t.Fatalf("n=%d bits %d+%d: key %d does not follow its payload", n, from, nbits, i)
					}
				}
				if !slices.Equal(src, perm) {
					t.Fatal("the read-only source was written")
				}
				// Keys alone.
				k2, _ := Sort(slices.Clone(keys), make([]uint64, n), make([]struct{}, n), make([]struct{}, n), make([]struct{}, n), from, nbits, make([]int, 1<<MaxWidth))
				for i, p := range want {
					if field(k2[i]) != field(keys[p]) {
						t.Fatalf("n=%d bits %d+%d: keys-only sort out of order at %d", n, from, nbits, i)
					}
				}
			}
		}
	}
}

func TestDigits(t *testing.T) {
	for _, c := range [][3]int{{0, 0, 0}, {1, 1, 1}, {11, 1, 11}, {12, 2, 6}, {30, 3, 10}, {64, 6, 11}} {
		if p, w := Digits(c[0]); p != c[1] || w != c[2] {
			t.Fatalf("Digits(%d) = %d, %d; want %d, %d", c[0], p, w, c[1], c[2])
		}
	}
}
