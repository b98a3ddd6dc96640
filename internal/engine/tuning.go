package engine

// The sizes that bound one assembly call (asmPieces cuts long inputs into
// pieces of them: assembly is not preemptible) and the thresholds at which
// the glue picks between kernels. A size changes where the calls fall, never
// a result: no piece splits a row's or a node's sum.

const (
	// chunk is how many elements (or pairs, or runs) one call of a scan,
	// expansion or start kernel takes at most. It is a multiple of every
	// block width, so that every piece but the last holds whole blocks.
	chunk = 1 << 16

	// descendChunk is how many queries one DescendLevel call advances:
	// with cache misses a query costs far more than an element of a scan.
	descendChunk = 1024

	// productChunk bounds the leaves (or, for DotRows, row elements) one
	// product call visits, together with the nodes.
	productChunk = 1 << 14

	// spmvRowsPerCall bounds the rows one SpMV or ScatterAdd call handles:
	// a preemption point every few microseconds on ordinary rows.
	spmvRowsPerCall = 1024

	// spmv1RowsPerCall bounds the rows of one SpMV1 call, whose rows hold
	// about one entry each; spmv1Asm also keeps a call under twice as many
	// entries.
	spmv1RowsPerCall = 1 << 15

	// spmmRowsPerCall and spmmWorkPerCall bound the rows and the
	// multiply-adds (entries x w) of one SpMM call.
	spmmRowsPerCall = 4096
	spmmWorkPerCall = 1 << 20

	// runsPerCallNEON bounds the runs of one NEON expansion call (which
	// also covers at most chunk elements: see nextRunsNEON).
	runsPerCallNEON = 4096
)

// maxPattern bounds the tiled pattern of cyclic bounds that FirstNotBelow's
// cyclic kernels compare against (lcm(rank, block) elements, on the stack);
// ranks whose pattern is longer run generic.
const maxPattern = 512

// spmmTileWideRow is the row size, in bytes, from which minXWide applies:
// four lines.
const spmmTileWideRow = 256

// spmmTileBlock is how many rows of A one pass over the tiles covers. Their
// entries stay in cache from one tile to the next (the line a tile ends in
// starts the next); blocks of 64-128 rows run faster than blocks of
// hundreds or thousands, whose entries leave the cache between tiles.
const spmmTileBlock = 128

// startsBlock is how many pairs strictlyIncreasingStarts covers with one
// bitmap (2 KiB on the stack).
const startsBlock = 1 << 14

// The shortest mean run length, in quarters, that the vector fills of
// ExpandPos and ExpandRuns take: below it the per-run set-up of the fill
// costs more than the generic loop's two stores a run (spillRows).
const (
	minRunAVX512 = 7
	minRunAVX2   = 18
)

// minScanNEON: below this length the NEON scan, search and expansion glue
// runs the generic path, which the call into the assembly would not beat.
const minScanNEON = 8
