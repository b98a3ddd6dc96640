package radix

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortSegments sorts segments of random lengths (empty ones too) by
// insertion and by radix, on one and three goroutines, against a stable
// sort of each segment, with equal keys whose payloads must keep their
// order.
func TestSortSegments(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	old := SegmentInsertionMax
	defer func() { SegmentInsertionMax = old }()
	for _, ins := range []int{0, 3, 32} {
		SegmentInsertionMax = ins
		for _, w := range []int{1, 3} {
			seg := []uint64{0}
			var keys []uint64
			for s := range 60 {
				n := rng.IntN(70)
				if s%7 == 0 {
					n = 0
				}
				for range n {
					keys = append(keys, uint64(s)<<20|rng.Uint64N(1<<6)) // prefix s above bit 20, few low values
				}
				seg = append(seg, uint64(len(keys)))
			}
			n := len(keys)
			src := make([]int, n)
			for i := range src {
				src[i] = i
			}
			type kv struct {
				k uint64
				v int
			}
			want := make([]kv, n)
			for i := range want {
				want[i] = kv{keys[i], i}
			}
			for s := 0; s+1 < len(seg); s++ {
				slices.SortStableFunc(want[seg[s]:seg[s+1]], func(a, b kv) int { return int(a.k&(1<<20-1)) - int(b.k&(1<<20-1)) })
			}
			pa, pb := make([]int, n), make([]int, n)
			SortSegments(keys, make([]uint64, n), src, pa, pb, seg, 20, w, make([]int, w<<MaxWidth))
			for i := range want {
				if keys[i] != want[i].k || pa[i] != want[i].v {
					t.Fatalf("insertion max %d, %d workers: entry %d = (%x, %d), want (%x, %d)", ins, w, i, keys[i], pa[i], want[i].k, want[i].v)
				}
			}
		}
	}
}
