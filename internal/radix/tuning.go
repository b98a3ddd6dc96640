package radix

import "github.com/hurray-format/hurray-go/internal/engine"

// MaxWidth is the widest digit in bits: 2^MaxWidth buckets, each of them a
// write stream into two arrays (keys and payload), must stay within L1 for
// the scatter to stream.
const MaxWidth = 11

// upfrontLen is the size of Sort's own histogram scratch (on the stack, 32
// KiB) for counting every pass up front when hist is too short: enough for
// three passes of 10 bits (30-bit keys, SortParallel's buckets of 40-bit
// keys) or four of 10 (40 bits). upfrontMin is the size below which
// clearing it costs more than the reads it saves.
const (
	upfrontLen = 4 << 10
	upfrontMin = 2 << 10
)

// Tuning is the sizes that choose the sorts' paths. Callers pass
// DefaultTuning, or, in their tests, smaller sizes that take every path on
// small inputs; the result of a sort does not depend on them.
type Tuning struct {
	// BucketMax is the largest bucket SortParallel aims at when it splits
	// on the top digit first (the buckets come out between half of it and
	// it): a bucket and its scratch, keys and an 8-byte payload, fill L2
	// (32K entries for 1 MiB). It also bounds a worker's in-cache scratch
	// in Segments.Sort. Smaller buckets take a wider top digit, whose
	// scatter has more write streams than L1 holds; larger ones spill the
	// bucket's LSD passes out of L2.
	BucketMax int
	// StagingMin is the input size (entries) from which the passes of
	// SortParallel and ScatterRows scatter through staging buffers with
	// non-temporal stores (Stages; stagingMinFor).
	StagingMin int
	// InsertionMax is the longest segment or run that Segments sorts by
	// insertion: a radix pass clears and scans a histogram of up to
	// 2^MaxWidth entries, more than a short segment's whole sort costs.
	InsertionMax int
	// SegmentAverageMax is the longest average segment for which sorting
	// segment by segment pays over one sort of everything (SegmentsPay):
	// with longer segments, their runs' histograms cost about what
	// SortParallel does.
	SegmentAverageMax int
	// RunMin is the fewest keys Segments sorts together as a run of
	// several segments: below it the run's histograms (up to 2^MaxWidth
	// entries a pass) cost more than sorting its segments one by one.
	RunMin int
	// RunSegmentMin is the shortest segment that Segments takes into a
	// run: shorter ones are sorted by insertion, a stretch of them at a
	// time, which beats runs of whole subtrees where most segments hold a
	// leaf or two. At least 1: empty segments go with the short ones.
	RunSegmentMin int
}

// defaults is the tuning on this machine; no code changes it.
var defaults = TuningFor(engine.Caches())

// DefaultTuning returns the tuning for this machine's caches.
func DefaultTuning() Tuning { return defaults }

// TuningFor returns the tuning for a machine with the caches c.
func TuningFor(c engine.CacheSizes) Tuning {
	return Tuning{
		BucketMax:         c.L2 / 32,
		StagingMin:        stagingMinFor(c),
		InsertionMax:      32,
		SegmentAverageMax: 32,
		RunMin:            1 << MaxWidth,
		RunSegmentMin:     8,
	}
}

// stagingMinFor is StagingMin for the caches c: inputs that do not fit in
// L3 anyway (2M entries for 32 MiB; below that the non-temporal stores
// would push to memory data that the next pass finds in cache). Where the
// L3 is slow (c.SlowL3), at most 3M: past that, a scatter into such an L3
// costs more than streaming whole lines to memory.
func stagingMinFor(c engine.CacheSizes) int {
	if c.SlowL3 {
		return min(c.L3/16, 3<<20)
	}
	return c.L3 / 16
}

// Stages reports whether a pass over n entries scatters through staging
// buffers: from StagingMin entries on, where the non-temporal line stores
// exist.
func (t Tuning) Stages(n int) bool {
	return haveStoreLines && n >= t.StagingMin
}

// SegmentsPay reports whether n keys in nseg segments are better sorted
// segment by segment (Segments.Sort) than all together (SortParallel).
func (t Tuning) SegmentsPay(n, nseg int) bool {
	return nseg > 0 && n <= t.SegmentAverageMax*nseg
}
