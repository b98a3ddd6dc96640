package radix

import (
	"math/bits"

	"github.com/hurray-format/hurray-go/internal/parallel"
)

var (
	// SegmentInsertionMax is the longest segment SortSegments sorts by
	// insertion: a radix pass clears and scans a histogram of up to
	// 2^MaxWidth entries, more than a short segment's whole sort costs.
	// Tests lower it.
	SegmentInsertionMax = 32
	// SegmentMaxAverage is the longest average segment for which TTV
	// (package csf) sorts segment by segment rather than everything
	// together. It was set when SortSegments sorted every segment on its
	// own: segments of a few hundred keys then cost about what SortParallel
	// does (a CSF reorder of T3u with its last two levels swapped, 250 keys
	// a segment: 1.6x slower). Tests raise it.
	SegmentMaxAverage = 32
	// RunMin is the fewest keys SortSegmentsIn sorts together as a run of
	// several segments: below it the run's histograms (up to 2^MaxWidth
	// entries a pass) cost more than sorting its segments one by one.
	// Tests lower it.
	RunMin = 1 << MaxWidth
	// RunSegmentMin is the shortest segment that SortSegmentsIn takes into
	// a run: shorter ones are sorted by insertion, a stretch of them at a
	// time (a CSF reorder of T4p with its two lowest levels swapped: a
	// leaf or two under each node of level 1, 35% slower in runs of whole
	// roots sorted one segment at a time after all). At least 1: empty
	// segments go with the short ones. Tests change it.
	RunSegmentMin = 8
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
		a, z := int(seg[lo]), int(seg[hi])
		sc := min(z-a, MSDBucket)
		SortSegmentsIn(keys, keys2, src, pa, pb, seg[lo:hi+1], from, nbits, hist[k<<MaxWidth:][:1<<MaxWidth], keys2[a:a+sc:a+sc], pb[a:a+sc:a+sc])
	})
}

// SortSegmentsIn is SortSegments on the calling goroutine, with the keys of
// every segment above the same bits from nbits up and, across segments, in
// order on those bits (so the whole keys are ordered as one sort would
// order them). The segments are sorted in runs of consecutive ones, each
// run by one LSD sort (Sort) on the bits from from up to the highest in
// which its first and last keys differ, as long as that takes no more
// passes than the bits from..nbits-1 alone (and at least two) and the run
// fits the scratch sk and sp: a segment of a few hundred keys, or of a few
// dozen, is then not charged histograms of 2^MaxWidth entries a pass on its
// own (a CSF reorder of T3u with its two lowest levels swapped: roots of
// 250 leaves, sorted 64 at a time, by 21 bits; T3p: roots of 20 to 80).
// Segments of fewer than RunSegmentMin keys join no run: a stretch of them
// is sorted by one insertion sort; a run of fewer than RunMin keys is
// sorted segment by segment, by insertion those of at most
// SegmentInsertionMax keys. Runs that fit sk and sp ping-pong with them,
// which stay in cache; a segment longer than they are uses keys2 and pb at
// its own positions. h has 1<<MaxWidth entries.
func SortSegmentsIn[P any](keys, keys2 []uint64, src, pa, pb []P, seg []uint64, from, nbits int, h []int, sk []uint64, sp []P) {
	passes, _ := Digits(nbits - from)
	maxBits := max(passes, 2) * MaxWidth
	ns := len(seg) - 1
	for i := 0; i < ns; {
		a, e := int(seg[i]), int(seg[i+1])
		if e-a < RunSegmentMin {
			// A stretch of short segments: one insertion sort over them
			// all. Their keys are in order across segments already, so
			// no key crosses a segment's edge, and the sort costs a pass
			// plus the few moves inside each segment, with no branch on
			// each segment's length (T4p reordered with its two lowest
			// levels swapped: 2.8M segments of one to three keys).
			j := i + 1
			for j < ns && int(seg[j+1]-seg[j]) < RunSegmentMin {
				j++
			}
			e = int(seg[j])
			insertion(keys[a:e], pa[a:e], src[a:e])
			i = j
			continue
		}
		// The run: the segments from i on while they are not that short
		// and fit the scratch and the bits.
		j := i + 1
		for ; j < ns; j++ {
			b, f := int(seg[j]), int(seg[j+1])
			if f-b < RunSegmentMin || f-a > len(sk) || bits.Len64(keys[a]^keys[f-1])-from > maxBits {
				break
			}
		}
		e = int(seg[j])
		if j > i+1 && e-a < RunMin {
			// Too short a run for its histograms: segment by segment.
			for s := i; s < j; s++ {
				sortRun(keys, keys2, src, pa, pb, int(seg[s]), int(seg[s+1]), from, nbits, h, sk, sp)
			}
		} else {
			sortRun(keys, keys2, src, pa, pb, a, e, from, max(nbits, bits.Len64(keys[a]^keys[e-1])), h, sk, sp)
		}
		i = j
	}
}

// sortRun sorts keys[a:e] by bits from..top-1 with the payload from src
// into keys and pa: by insertion when it has at most SegmentInsertionMax
// keys, else by Sort, ping-ponging with sk and sp when it fits them and
// with keys2 and pb at its own positions when it does not.
func sortRun[P any](keys, keys2 []uint64, src, pa, pb []P, a, e, from, top int, h []int, sk []uint64, sp []P) {
	if e-a <= SegmentInsertionMax {
		insertion(keys[a:e], pa[a:e], src[a:e])
		return
	}
	ks, ps := sk, sp
	if e-a > len(sk) {
		ks, ps = keys2[a:e], pb[a:e]
	}
	sortTo(keys[a:e], ks[:e-a], src[a:e], ps[:e-a], pa[a:e], from, top-from, h)
}

// insertion sorts ks stably, with the payload from src, into ks and vs
// (src may be vs). The payload is read as the sort goes, not copied first:
// a copy is a call to memmove, which costs more than the sort of a
// segment of one to three keys (a CSF reorder of T4p with its two lowest
// levels swapped: a million such segments).
func insertion[P any](ks []uint64, vs, src []P) {
	if len(ks) == 0 {
		return
	}
	vs, src = vs[:len(ks)], src[:len(ks)]
	vs[0] = src[0]
	for i := 1; i < len(ks); i++ {
		key, v := ks[i], src[i]
		j := i
		for ; j > 0 && ks[j-1] > key; j-- {
			ks[j], vs[j] = ks[j-1], vs[j-1]
		}
		ks[j], vs[j] = key, v
	}
}
