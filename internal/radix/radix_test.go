package radix

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/kernels"
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
	for _, bucket := range []int{4, 64, 16 << 10} {
		tu := DefaultTuning()
		tu.BucketMax = bucket
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
					k, p := SortParallel(tu, slices.Clone(keys), make([]uint64, n), payload, make([]uint32, n), make([]uint32, n), nb.from, nb.nbits, w, make([]int, w<<MaxWidth))
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

// sortCase is one sort to check: keys (bits outside the range may be set),
// the bit range, the worker count (0: Sort) and SortParallel's tuning, and
// the scratch layout.
type sortCase struct {
	keys        []uint64
	from, nbits int
	w           int
	tu          Tuning
	misalign    bool // destinations at an odd offset: not 16-byte aligned
	histLen     int  // 0: the documented minimum
}

// checkSorted sorts c with payload type P (enc and dec map an input
// position to a payload and back), checking the result against a stable
// comparison sort, that the keys follow their payload, and that the
// read-only source is left as it was.
func checkSorted[P comparable](t *testing.T, c sortCase, enc func(int) P, dec func(P) int) {
	t.Helper()
	n := len(c.keys)
	field := func(k uint64) uint64 {
		if c.nbits == 0 {
			return 0
		}
		return k >> c.from & (^uint64(0) >> (64 - c.nbits))
	}
	want := make([]int, n)
	for i := range want {
		want[i] = i
	}
	slices.SortStableFunc(want, func(a, b int) int { return cmp.Compare(field(c.keys[a]), field(c.keys[b])) })
	src := make([]P, n)
	for i := range src {
		src[i] = enc(i)
	}
	src0 := slices.Clone(src)
	off := 0
	if c.misalign {
		off = 1
	}
	keys := slices.Clone(c.keys)
	keys2 := make([]uint64, n+off)[off:]
	pa, pb := make([]P, n+off)[off:], make([]P, n+off)[off:]
	var gotK []uint64
	var gotP []P
	if c.w == 0 {
		hist := make([]int, max(c.histLen, 1<<MaxWidth))
		gotK, gotP = Sort(keys, keys2, src, pa, pb, c.from, c.nbits, hist)
	} else {
		hist := make([]int, max(c.histLen, c.w<<MaxWidth))
		gotK, gotP = SortParallel(c.tu, keys, keys2, src, pa, pb, c.from, c.nbits, c.w, hist)
	}
	name := fmt.Sprintf("%T n=%d bits %d+%d w=%d misalign=%v", *new(P), n, c.from, c.nbits, c.w, c.misalign)
	if len(gotK) != n || len(gotP) != n {
		t.Fatalf("%s: result lengths %d, %d", name, len(gotK), len(gotP))
	}
	for i, p := range gotP {
		if q := dec(p); q != want[i] {
			t.Fatalf("%s: payload %d is input %d, want %d", name, i, q, want[i])
		}
		if gotK[i] != c.keys[want[i]] {
			t.Fatalf("%s: key %d does not follow its payload", name, i)
		}
	}
	if !slices.Equal(src, src0) {
		t.Fatalf("%s: the read-only source was written", name)
	}
}

// checkAllPayloads runs checkSorted with payloads of 8 bytes (a
// permutation), 4 bytes, 12 bytes (not a power of two), 3 bytes (lines of
// 24 bytes, which the non-temporal stores cannot take) and no payload.
func checkAllPayloads(t *testing.T, c sortCase) {
	t.Helper()
	checkSorted(t, c, func(i int) int { return i }, func(p int) int { return p })
	checkSorted(t, c, func(i int) uint32 { return uint32(i) }, func(p uint32) int { return int(p) })
	checkSorted(t, c, func(i int) [3]uint32 { return [3]uint32{uint32(i), 7, uint32(^i)} },
		func(p [3]uint32) int {
			if p[1] != 7 || p[2] != ^p[0] {
				return -1
			}
			return int(p[0])
		})
	checkSorted(t, c, func(i int) [3]byte { return [3]byte{byte(i), byte(i >> 8), byte(i >> 16)} },
		func(p [3]byte) int { return int(p[0]) | int(p[1])<<8 | int(p[2])<<16 })
	// Keys alone: the order of equal keys cannot be checked.
	n := len(c.keys)
	none := make([]struct{}, n)
	var k []uint64
	if c.w == 0 {
		k, _ = Sort(slices.Clone(c.keys), make([]uint64, n), none, none, none, c.from, c.nbits, make([]int, 1<<MaxWidth))
	} else {
		k, _ = SortParallel(c.tu, slices.Clone(c.keys), make([]uint64, n), none, none, none, c.from, c.nbits, c.w, make([]int, c.w<<MaxWidth))
	}
	want := slices.Clone(c.keys)
	sh, m := uint(c.from), ^uint64(0)>>(64-max(c.nbits, 1))
	if c.nbits == 0 {
		m = 0
	}
	slices.SortStableFunc(want, func(a, b uint64) int { return cmp.Compare(a>>sh&m, b>>sh&m) })
	for i := range k {
		if k[i]>>sh&m != want[i]>>sh&m {
			t.Fatalf("keys alone n=%d bits %d+%d w=%d: out of order at %d", n, c.from, c.nbits, c.w, i)
		}
	}
	if n > 0 && !slices.Equal(slices.Sorted(slices.Values(k)), slices.Sorted(slices.Values(c.keys))) {
		t.Fatalf("keys alone n=%d bits %d+%d w=%d: not a permutation of the input", n, c.from, c.nbits, c.w)
	}
}

// randKeys returns n random keys; with few > 0 the bits from..from+nbits-1
// take only that many values (equal keys, trivial passes); with few = -1
// the upper half of the range is zero (a trivial top pass, one large
// bucket); with few = -2 the 12 bits below the top one are zero (two large
// buckets); with few = -3 the keys are in order on the upper half of the
// range (entries sorted on their leading levels: SortParallel skips its
// top pass), and with few = -4 too, but for the first and last keys
// swapped (an inversion that only the end of the check finds); the bits
// outside the range are random.
func randKeys(rng *rand.Rand, n, from, nbits, few int) []uint64 {
	keys := make([]uint64, n)
	m := ^uint64(0) >> (64 - max(nbits, 1)) << from
	for i := range keys {
		keys[i] = rng.Uint64()
		switch {
		case nbits == 0:
		case few > 0:
			keys[i] = keys[i]&^m | uint64(rng.IntN(few))*0x9e3779b97f4a7c15<<from&m
		case few == -1:
			keys[i] &^= m &^ (m >> (nbits / 2))
		case few == -2 && nbits > 13:
			keys[i] &^= m &^ (m >> 13) &^ (m &^ (m >> 1))
		}
	}
	if few <= -3 && nbits > 0 {
		top := func(k uint64) uint64 { return k & m >> (from + nbits/2) }
		slices.SortStableFunc(keys, func(a, b uint64) int { return cmp.Compare(top(a), top(b)) })
		if few == -4 && n > 1 {
			keys[0], keys[n-1] = keys[n-1], keys[0]
		}
	}
	return keys
}

// TestSortParallelStaging runs the write-combined scatter (StagingMin
// lowered) and the top-digit split (BucketMax lowered) on small inputs: sizes around
// the staging line (8 entries) and the bucket sizes, 1 to 5 goroutines,
// destinations aligned and not, payloads of several sizes, and key sets
// whose digits are all equal (skipped passes) or take few values (many
// buckets empty, others sharing a line).
func TestSortParallelStaging(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for _, wc := range []int{0, 1 << 30} {
		for _, bucket := range []int{16, 100, 1 << 30} {
			tu := DefaultTuning()
			tu.StagingMin, tu.BucketMax = wc, bucket
			sizes := []int{0, 1, 7, 8, 9, 63, 64, 65, 1000}
			if bucket < 1<<20 {
				sizes = append(sizes, bucket-1, bucket, bucket+1)
			}
			if bucket == 16 && !testing.Short() {
				// The top digit at its widest (MaxWidth bits).
				sizes = append(sizes, bucket<<MaxWidth-1, bucket<<MaxWidth+1)
			}
			for ni, n := range sizes {
				for ri, r := range [][2]int{{0, 12}, {0, 23}, {3, 40}, {20, 44}, {0, 64}} {
					for fi, few := range []int{0, 1, 3, -1, -2, -3, -4} {
						if n > 1000 && few != 0 {
							continue
						}
						keys := randKeys(rng, n, r[0], r[1], few)
						for wi, w := range []int{1, 2, 3, 5} {
							if testing.Short() && (ni+ri+fi+wi)%4 != 0 {
								continue // -short: each key set on one worker count, in turn
							}
							checkAllPayloads(t, sortCase{keys: keys, from: r[0], nbits: r[1], w: w, tu: tu, misalign: w == 3})
						}
					}
				}
			}
		}
	}
}

// TestSortSizes checks Sort at the sizes around a staging line and with
// the histograms of all passes counted up front or pass by pass.
func TestSortSizes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 7, 8, 9, 63, 64, 65, 2047, 2048, 2049} {
		for _, r := range [][2]int{{0, 0}, {0, 11}, {0, 29}, {5, 33}, {0, 64}} {
			for _, few := range []int{0, 1, 5} {
				keys := randKeys(rng, n, r[0], r[1], few)
				for _, hl := range []int{0, 6 << MaxWidth} {
					checkAllPayloads(t, sortCase{keys: keys, from: r[0], nbits: r[1], histLen: hl, misalign: hl > 0})
				}
			}
		}
	}
}

// TestStagingMinFor checks the staging threshold: L3 in 16-byte entries,
// at most 3M where the L3 is slow.
func TestStagingMinFor(t *testing.T) {
	for _, c := range []struct {
		c    kernels.CacheSizes
		want int
	}{
		{kernels.CacheSizes{L3: 32 << 20}, 2 << 20},
		{kernels.CacheSizes{L3: 105 << 20}, 105 << 16},
		{kernels.CacheSizes{L3: 105 << 20, SlowL3: true}, 3 << 20},
		{kernels.CacheSizes{L3: 16 << 20, SlowL3: true}, 1 << 20},
	} {
		if got := stagingMinFor(c.c); got != c.want {
			t.Errorf("stagingMinFor(%+v) = %d, want %d", c.c, got, c.want)
		}
	}
}
