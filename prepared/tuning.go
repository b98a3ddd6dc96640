package prepared

import "math"

// DefaultParallelThreshold is the default of SetParallelThreshold: the
// product size (entries times k, plus rows) below which a product runs on
// the calling goroutine alone, the same as csr.DefaultParallelThreshold.
const DefaultParallelThreshold = 1 << 17

// maxParts caps the parts of one product (and so the goroutines it uses).
const maxParts = 64

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
