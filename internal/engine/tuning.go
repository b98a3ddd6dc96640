package engine

// Assembly is not preemptible (golang/go#73787), so the arch wrappers call it
// on bounded pieces of a long input and return to Go in between.
const (
	// chunk is how many elements one assembly call handles at most.
	chunk = 1 << 16

	// descendChunk is how many queries one DescendLevel assembly call
	// advances: with cache misses a query can cost a microsecond.
	descendChunk = 1024

	// productChunk bounds the leaves (or, for DotRows, row elements) one
	// product assembly call visits, together with the nodes.
	productChunk = 1 << 14

	// spmvRowsPerCall bounds the rows one SpMV or ScatterAdd assembly call
	// handles: a preemption point every few microseconds on ordinary rows.
	spmvRowsPerCall = 1024

	// spmmWorkPerCall bounds the multiply-adds (entries x w) of one SpMM
	// assembly call, about 100 µs.
	spmmWorkPerCall = 1 << 20
)

// NEON glue for the expansion families. The assembly writes whole runs and
// is not preemptible, so each call gets at most runsPerCallNEON runs covering
// at most chunk elements (assuming a non-decreasing pos; on a malformed
// pos the result is unspecified as documented, and a call may only take
// longer), and one longer run is written in chunk pieces.

const runsPerCallNEON = 4096

// maxPattern bounds the tiled pattern of cyclic bounds (lcm(rank, block)
// elements, on the stack); ranks whose pattern is longer run generic.
const maxPattern = 512

// maxPatternNEON bounds the tiled bounds pattern kept on the stack: lcm(r, 4)
// for every rank r <= 64.
const maxPatternNEON = 256

// spmmTileWideRow is the row size, in bytes, from which minXWide applies:
// four lines.
const spmmTileWideRow = 256

// spmmTileBlock is how many rows of A one pass over the tiles covers. Their
// entries stay in cache from one tile to the next (the line a tile ends in
// starts the next); 64-128 rows measured 20% faster than 512-4096 on M4.
const spmmTileBlock = 128

// spmv1RowsPerCall bounds the rows of one SpMV1 call (its rows are short: a
// call of 32K rows of about one entry takes some tens of microseconds).
const spmv1RowsPerCall = 1 << 15

// startsBlock is how many pairs strictlyIncreasingStarts covers with one
// bitmap (2 KiB on the stack).
const startsBlock = 1 << 14

// The shortest mean run length, in quarters, that the vector fills of
// ExpandPos and ExpandRuns take.
const (
	minRunAVX512 = 7
	minRunAVX2   = 18
)

// minScanNEON: below this length the NEON scan, search and expansion glue
// runs the generic path.
const minScanNEON = 8
