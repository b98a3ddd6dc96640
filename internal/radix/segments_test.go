package radix

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSegments sorts segments of random lengths (empty ones too) by
// insertion and by radix, on one and three goroutines, against a stable
// sort of each segment, with equal keys whose payloads must keep their
// order; with from = 6 the bits below 6 come in order within each segment
// and only those above are sorted. Runs of segments are sorted together
// (their prefixes differ in bits 20 and 21 only, within the two passes'
// bits), in a worker's window or, with BucketMax lowered below a segment's
// length, in the scratch at the segment's own positions.
func TestSegments(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	def := DefaultTuning()
	oldB, oldR := def.BucketMax, def.RunMin
	for _, b := range []struct{ ins, bucket, run int }{{0, oldB, 0}, {3, oldB, 0}, {32, oldB, 0}, {3, 50, 0}, {0, 120, 0}, {3, oldB, 100}, {32, oldB, oldR}} {
		ins := b.ins
		tu := def
		tu.InsertionMax, tu.BucketMax, tu.RunMin = ins, b.bucket, b.run
		for _, c := range []struct{ w, from int }{{1, 0}, {3, 0}, {1, 6}, {3, 6}} {
			w, from := c.w, c.from
			seg := []uint64{0}
			var keys []uint64
			for s := range 60 {
				n := rng.IntN(70)
				if s%7 == 0 {
					n = 0
				}
				a := len(keys)
				for range n {
					keys = append(keys, uint64(s)<<20|rng.Uint64N(1<<6)<<from|rng.Uint64N(1<<6)) // prefix s above bit 20, few values above from
				}
				if from > 0 {
					lo := func(k uint64) uint64 { return k & (1<<from - 1) }
					slices.SortStableFunc(keys[a:], func(x, y uint64) int { return int(lo(x)) - int(lo(y)) })
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
				slices.SortStableFunc(want[seg[s]:seg[s+1]], func(a, b kv) int { return int(a.k>>from&(1<<(20-from)-1)) - int(b.k>>from&(1<<(20-from)-1)) })
			}
			pa, pb := make([]int, n), make([]int, n)
			segs := Segments[int]{Keys: keys, Src: src, Dst: pa, ScratchKeys: make([]uint64, n), ScratchPay: pb, Tuning: tu}
			segs.Sort(seg, from, 20, w, make([]int, w<<MaxWidth))
			for i := range want {
				if keys[i] != want[i].k || pa[i] != want[i].v {
					t.Fatalf("insertion max %d, bucket %d, %d workers, from %d: entry %d = (%x, %d), want (%x, %d)", ins, b.bucket, w, from, i, keys[i], pa[i], want[i].k, want[i].v)
				}
			}
			if !slices.IsSorted(keys) {
				t.Fatalf("insertion max %d, %d workers, from %d: keys out of order", ins, w, from)
			}
		}
	}
}
