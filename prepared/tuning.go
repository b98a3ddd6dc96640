package prepared

import "math"

// DefaultParallelThreshold is the default of SetParallelThreshold: the
// product size (entries times k, plus rows) below which a product runs on
// the calling goroutine alone, the same as csr.DefaultParallelThreshold.
const DefaultParallelThreshold = 1 << 17

// maxParts caps the parts of one product (and so the goroutines it uses).
const maxParts = 64

// gatherShares is the number of row ranges a goroutine of a gather
// product takes on average: the goroutines take the next range as they
// finish one, so a core running slower takes fewer. Each range reads the
// x strips of its panels again, so a few ranges a goroutine, not many.
const gatherShares = 4

// scatterScratch is the most bytes of private accumulators one scatter
// product holds (unless one copy of its output is larger: then one copy).
const scatterScratch = 64 << 20

const (
	panel16 = 1 << 16 // panel width of the 16-bit forms
	panel32 = 1 << 31 // panel width of Cols32 when the indexed dimension is larger
	// segmentCost is the cost of one row segment of one panel, in bytes a
	// value: its 4-byte pointer and the kernel's fixed work per segment
	// (loading two pointers and closing a sum), which costs about as much
	// as reading four more bytes.
	segmentCost = 8
	// markStep is the number of compressed rows between two split marks.
	markStep = 64
)

// maxBlockEntries is the most entries one block holds: its pointers are
// uint32 (and the count an int). Tests pass a smaller limit to the
// unexported builders to exercise row blocks.
const maxBlockEntries = min(math.MaxUint32, math.MaxInt)

const (
	// tileValues is the most values one decode tile of a quantized form
	// holds: 16 KiB of float32 that stay in L1 with the indices the kernel
	// reads beside them.
	tileValues = 4096
	// tileRows is the most rows one decode tile holds.
	tileRows = 512
)

// Short rows. A row of a few entries costs the narrow kernel more in its
// fixed work (the segment, the choice of path, alpha and beta in the
// store) than in its entries, and on rows of tens of entries its vector
// gathers do not beat scalar loads with a few partial sums. So a block
// takes the short-row kernel (engine.SpMVShort) when it writes y and its
// rows average at most shortMean entries: one sum when no row holds more
// than one entry, two partial sums (their FMA chains overlap, and a row
// of two or three takes one pass and no loop) up to shortTwoSums entries
// a row on average, four beyond. Longer rows take the narrow kernel.
const (
	shortTwoSums = 12
	shortMean    = 128
)

// shortSums returns the partial sums of the short-row kernel for a block
// of rows holding entries in all, the longest longest, or 0 for the
// narrow kernel.
func shortSums(rows, entries, longest int) uint8 {
	switch {
	case rows == 0 || entries > shortMean*rows:
		return 0
	case longest <= 1:
		return 1
	case entries <= shortTwoSums*rows:
		return 2
	}
	return 4
}

// Strips. The AVX-512 float32 kernels (float values and int8 codes with a
// scale a row) load x's elements of a pass one at a time when all its
// indices are in range, which issues faster than a gather while the x they
// read stays in the first-level cache, and slower when x does not fit
// there (the loads that miss wait). So a form with 4-byte (or narrower)
// values whose indexed dimension holds more float32 than stripBytes takes
// Strips16, x read a strip of stripBytes or less at a time, when its rows
// still average stripMean entries a strip (each row segment costs its
// pointer and the kernel's fixed work). Wider values (float64) gather
// and keep the byte count's choice.
const (
	stripBytes = 16 << 10
	stripMean  = 128
)

// stripWidth returns the width of the strips of Strips16 over an indexed
// dimension of n: the fewest strips of at most stripBytes of float32, of
// equal width.
func stripWidth(n uint64) uint64 {
	s := panelsOf(n, stripBytes/4)
	return max(1, n/s+min(1, n%s))
}

// useStrips reports whether the cost model takes Strips16 for s with
// values of vsize bytes.
func useStrips(s *source, vsize int) bool {
	n := s.minor()
	if vsize > 4 || n <= stripBytes/4 {
		return false
	}
	rows := float64(len(s.ptr) - 1)
	strips := float64(panelsOf(n, stripWidth(n)))
	return len(s.idx) > 0 && float64(len(s.idx)) >= stripMean*rows*strips
}
