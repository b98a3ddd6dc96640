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

// spmmTuning is the tuning of the tiled SpMM (the benchmarks' M4 with k =
// 16, 64 and 256 are the cases it is set for; docs/performance.md has the
// figures). Sizes are in bytes.
type spmmTuning struct {
	// minX: X panels up to this size are not tiled. A panel of a few L2
	// sizes is mostly served from L2 and L3 already, and tiling it adds
	// the tiles' overhead for little reuse; a larger one gains from it.
	minX int
	// minXWide replaces minX for rows of at least spmmTileWideRow bytes,
	// whose entries each read four or more lines of X: each line kept in
	// L2 by a tile then saves more, so such rows are tiled from a smaller
	// X on, which matters most where L3 is slow to reach.
	minXWide int
	// minRow: rows narrower than this are never tiled. At 64 bytes an
	// entry reads one line of X, and a tile's short pieces of idx and vals
	// cost more than the line of X it saves, at every tile size.
	minRow int
	// tileBytes is the size of one tile of X (tw rows of w columns) that
	// the rows of a block reuse from L2: a fraction of L2, so that the
	// rows of Y, idx and vals streaming past do not evict the tile.
	tileBytes int
	// minEntries is the fewest entries a row must have on average in a
	// tile (tiles grow to reach it): each (row, tile) pair also reads and
	// writes Y's row, a cost that a tile's few entries must outweigh.
	minEntries int
	// maxBytes: a tile grown beyond it is not worth having.
	maxBytes int
}

// spmmTuningFor returns the tuning for a CPU with l2 bytes of L2 a core.
func spmmTuningFor(l2 int) spmmTuning {
	return spmmTuning{minX: 2 * l2, minXWide: l2, minRow: 128, tileBytes: l2 / 8, minEntries: 16, maxBytes: l2 / 2}
}

// spmmNarrowTuningFor is spmmTuningFor for the narrow-index products (the
// strips of a prepared matrix). Their entries cost less to read, so the X
// rows an entry reads weigh more: wide rows are tiled once X exceeds a
// quarter of L2 (where its lines start to leave L2 between uses), in tiles
// of l2/16, which the kernels' prefetch of each row's next piece keeps fed.
func spmmNarrowTuningFor(l2 int) spmmTuning {
	c := spmmTuningFor(l2)
	c.minXWide, c.tileBytes = l2/4, l2/16
	return c
}

// spmmTune is this CPU's tuning and spmmNarrowTune its narrow-index one,
// which the entry points hand to the SpMM paths; nothing writes them after
// initialisation (the tests pass tunings of their own to the paths).
var (
	spmmTune       = spmmTuningFor(Caches().L2)
	spmmNarrowTune = spmmNarrowTuningFor(Caches().L2)
)
