package radix

import "github.com/hurray-format/hurray-go/internal/parallel"

var (
	// SegmentInsertionMax is the longest segment SortSegments sorts by
	// insertion: a radix pass clears and scans a histogram of up to
	// 2^MaxWidth entries, more than a short segment's whole sort costs.
	// Tests lower it.
	SegmentInsertionMax = 32
	// SegmentMaxAverage is the longest average segment for which sorting
	// segment by segment beats one sort of everything: segments of a few
	// hundred keys sorted one by one cost about what SortParallel does
	// (a CSF reorder of T3u with its last two levels swapped, 250 keys a
	// segment: 1.6x slower). Tests raise it.
	SegmentMaxAverage = 32
)

// SegmentsPay reports whether n keys in nseg segments are better sorted
// segment by segment (SortSegments) than all together.
func SegmentsPay(n, nseg int) bool {
	return nseg > 0 && n <= SegmentMaxAverage*nseg
}

// SortSegments sorts every segment keys[seg[s]:seg[s+1]] stably by bits
// from..nbits-1, for keys whose bits from nbits up are equal within a
// segment and whose bits below from are non-decreasing within it already
// (so the whole keys are ordered as one sort would order them), with the
// payload from src, into keys and pa: in cache, segment by segment, the
// segments split over w goroutines by size. keys2 and pb are scratch; src
// may be pa. hist has w<<MaxWidth entries. seg must be non-decreasing and
// end at most at len(keys).
func SortSegments[P any](keys, keys2 []uint64, src, pa, pb []P, seg []uint64, from, nbits, w int, hist []int) {
	parallel.Run(parallel.SplitPtr(seg, w, 1), func(k, lo, hi int) {
		h := hist[k<<MaxWidth:][:1<<MaxWidth]
		for s := lo; s < hi; s++ {
			a, e := int(seg[s]), int(seg[s+1])
			ks, vs := keys[a:e], pa[a:e]
			if e-a <= SegmentInsertionMax {
				copy(vs, src[a:e])
				for i := 1; i < len(ks); i++ {
					key, v := ks[i], vs[i]
					j := i
					for ; j > 0 && ks[j-1] > key; j-- {
						ks[j], vs[j] = ks[j-1], vs[j-1]
					}
					ks[j], vs[j] = key, v
				}
				continue
			}
			k2, v2 := Sort(ks, keys2[a:e], src[a:e], vs, pb[a:e], from, nbits-from, h)
			if &k2[0] != &ks[0] {
				copy(ks, k2)
			}
			if &v2[0] != &vs[0] {
				copy(vs, v2)
			}
		}
	})
}
