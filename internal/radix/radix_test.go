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

// TestSortParallel checks SortParallel like TestSort, for bucket sizes that
// do and do not split on the top digit and for 1 to 3 goroutines; the low
// bits below from carry the input position, so a key's position and its
// payload must agree.
func TestSortParallel(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	old := MSDBucket
	defer func() { MSDBucket = old }()
	for _, bucket := range []int{4, 64, 16 << 10} {
		MSDBucket = bucket
		for _, n := range []int{1, 2, 100, 5000} {
			for _, nb := range []struct{ from, nbits int }{{0, 3}, {0, 20}, {0, 40}, {32, 25}, {10, 54}, {0, 64}} {
				for _, w := range []int{1, 2, 3} {
					keys := make([]uint64, n)
					for i := range keys {
						keys[i] = rng.Uint64()
						if nb.nbits < 64 {
							keys[i] &^= (^uint64(0)) << uint(nb.from+nb.nbits) // bits above are zero
						}
						keys[i] = keys[i]&^(1<<uint(nb.from)-1) | uint64(i)&(1<<uint(nb.from)-1)
					}
					payload := make([]uint32, n)
					for i := range payload {
						payload[i] = uint32(i)
					}
					want := slices.Clone(payload)
					digit := func(i uint32) uint64 { return keys[i] >> uint(nb.from) }
					slices.SortStableFunc(want, func(a, b uint32) int { return cmp.Compare(digit(a), digit(b)) })
					k, p := SortParallel(slices.Clone(keys), make([]uint64, n), payload, make([]uint32, n), make([]uint32, n), nb.from, nb.nbits, w, make([]int, w<<MaxWidth))
					if !slices.Equal(p, want) {
						t.Fatalf("bucket %d n %d bits %v workers %d: permutation differs", bucket, n, nb, w)
					}
					for i, q := range p {
						if k[i] != keys[q] {
							t.Fatalf("bucket %d n %d bits %v workers %d: key %d does not follow", bucket, n, nb, w, i)
						}
					}
				}
			}
		}
	}
}
