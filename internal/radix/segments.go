package radix

import (
	"math/bits"

	"github.com/hurray-format/hurray-go/internal/parallel"
)

// Segments is a sort of the segments of one key array, each stably by a
// range of bits, with a payload: the arrays it reads and writes, the
// scratch it ping-pongs with, and the sizes that choose its paths. The keys
// of a segment are equal above the sorted bits, and across segments in
// order on those bits; below them they are non-decreasing within a segment
// already. So the whole keys come out ordered as one sort would order them
// (a CSF reorder that keeps the upper levels; TTV along a level above the
// leaf, whose walk leaves the keys in order on the levels above).
type Segments[P any] struct {
	Keys []uint64 // the keys, sorted in place
	Src  []P      // the payload in input order; may be Dst
	Dst  []P      // the payload in sorted order
	// Scratch of len(Keys): a segment longer than a worker's window
	// ping-pongs with its own part of them, and the windows are parts of
	// them too (Worker).
	ScratchKeys []uint64
	ScratchPay  []P
	Tuning      Tuning
}

// Sort sorts every segment seg[i]:seg[i+1] of the keys by bits
// from..nbits-1, on w goroutines: the segments are split among them by
// size, and each sorts its share in runs (SegmentWorker.Sort) with a window
// of up to Tuning.BucketMax entries of the scratch at its first key. hist
// has w<<MaxWidth entries. seg must be non-decreasing and end at most at
// len(Keys).
func (s *Segments[P]) Sort(seg []uint64, from, nbits, w int, hist []int) {
	parallel.Run(parallel.SplitPtr(seg, w, 1), func(k, lo, hi int) {
		a, z := int(seg[lo]), int(seg[hi])
		sw := s.Worker(hist[k<<MaxWidth:][:1<<MaxWidth], a, min(z-a, s.Tuning.BucketMax))
		sw.Sort(seg[lo:hi+1], from, nbits)
	})
}

// Worker returns the sort's state on one goroutine: h (1<<MaxWidth
// entries) for its histograms, and as its window the n entries of the
// scratch from index at on, which stay in cache from one run to the next.
// The window must lie within the keys that the goroutine sorts, or in
// scratch no other goroutine uses.
func (s *Segments[P]) Worker(h []int, at, n int) SegmentWorker[P] {
	return SegmentWorker[P]{
		s:    s,
		hist: h,
		sk:   s.ScratchKeys[at : at+n : at+n],
		sp:   s.ScratchPay[at : at+n : at+n],
	}
}

// SegmentWorker is one goroutine's part of a Segments sort (Worker).
type SegmentWorker[P any] struct {
	s    *Segments[P]
	hist []int
	sk   []uint64 // the window: in-cache scratch
	sp   []P
}

// Sort sorts every segment seg[i]:seg[i+1] by bits from..nbits-1 on the
// calling goroutine. The segments are sorted in runs of consecutive ones,
// each run by one LSD sort (Sort) on the bits from from up to the highest
// in which its first and last keys differ, as long as that takes no more
// passes than the bits from..nbits-1 alone (and at least two) and the run
// fits the window: a segment of a few hundred keys, or of a few dozen, is
// then not charged histograms of 2^MaxWidth entries a pass on its own.
// Segments of fewer than Tuning.RunSegmentMin keys join no run: a stretch
// of them is sorted by one insertion sort; a run of fewer than
// Tuning.RunMin keys is sorted segment by segment, by insertion those of
// at most Tuning.InsertionMax keys. Runs that fit the window ping-pong with
// it; a segment longer than the window uses the scratch at its own
// positions.
func (sw *SegmentWorker[P]) Sort(seg []uint64, from, nbits int) {
	s, tu := sw.s, &sw.s.Tuning
	keys, src, dst := s.Keys, s.Src, s.Dst
	passes, _ := Digits(nbits - from)
	maxBits := max(passes, 2) * MaxWidth
	ns := len(seg) - 1
	for i := 0; i < ns; {
		a, e := int(seg[i]), int(seg[i+1])
		if e-a < tu.RunSegmentMin {
			// A stretch of short segments: one insertion sort over them
			// all. Their keys are in order across segments already, so
			// no key crosses a segment's edge, and the sort costs a pass
			// plus the few moves inside each segment, with no branch on
			// each segment's length (a tree whose lowest levels hold a
			// leaf or two under each node).
			j := i + 1
			for j < ns && int(seg[j+1]-seg[j]) < tu.RunSegmentMin {
				j++
			}
			e = int(seg[j])
			insertion(keys[a:e], dst[a:e], src[a:e])
			i = j
			continue
		}
		// The run: the segments from i on while they are not that short
		// and fit the window and the bits.
		j := i + 1
		for ; j < ns; j++ {
			b, f := int(seg[j]), int(seg[j+1])
			if f-b < tu.RunSegmentMin || f-a > len(sw.sk) || bits.Len64(keys[a]^keys[f-1])-from > maxBits {
				break
			}
		}
		e = int(seg[j])
		if j > i+1 && e-a < tu.RunMin {
			// Too short a run for its histograms: segment by segment.
			for k := i; k < j; k++ {
				sw.sortRun(int(seg[k]), int(seg[k+1]), from, nbits)
			}
		} else {
			sw.sortRun(a, e, from, max(nbits, bits.Len64(keys[a]^keys[e-1])))
		}
		i = j
	}
}

// sortRun sorts keys[a:e] by bits from..top-1 with the payload from Src
// into the keys and Dst: by insertion when it has at most
// Tuning.InsertionMax keys, else by Sort, ping-ponging with the window
// when it fits and with the scratch at its own positions when it does not.
func (sw *SegmentWorker[P]) sortRun(a, e, from, top int) {
	s := sw.s
	if e-a <= s.Tuning.InsertionMax {
		insertion(s.Keys[a:e], s.Dst[a:e], s.Src[a:e])
		return
	}
	ks, ps := sw.sk, sw.sp
	if e-a > len(ks) {
		ks, ps = s.ScratchKeys[a:e], s.ScratchPay[a:e]
	}
	sortTo(s.Keys[a:e], ks[:e-a], s.Src[a:e], ps[:e-a], s.Dst[a:e], from, top-from, sw.hist)
}

// insertion sorts ks stably, with the payload from src, into ks and vs
// (src may be vs). The payload is read as the sort goes, not copied first:
// a copy is a call to memmove, which costs more than the sort of a
// segment of one to three keys, and trees whose lowest levels hold a leaf
// or two under each node have millions of such segments.
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
