package convert

import (
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/levels"
	"github.com/hurray-format/hurray-go/internal/radix"
)

// tuning is the sizes that choose the conversions' paths and pieces. A
// conversion takes the package's (defaults, from the machine's caches)
// unless its Options carry others: the tests pass small ones to take the
// parallel paths and cross the block edges on small inputs, without
// changing what another test sees.
type tuning struct {
	// minParallel is the element count below which a step runs on one
	// goroutine (the result is the same either way); above it every
	// goroutine takes at least half of it (parallel.Options).
	minParallel int
	// expandBlock is the number of leaves CSFToCOO and Reorder expand at
	// a time, so that the block's tuples stay in L1 while every level
	// writes them (256 for a 48 KiB L1): blocks of a few hundred leaves
	// expand trees of short fibers much faster than blocks of thousands.
	expandBlock int
	// viaLeavesPerNode: CSFToCOO walks level r-3 through its child
	// pointers (fillVia), without leaf pointers of its own, when that
	// level averages fewer than viaLeavesPerNode leaves per node (about a
	// node a leaf in trees with long upper levels). Levels with far fewer
	// nodes than leaves keep the leaf pointers, which cost next to
	// nothing there.
	viaLeavesPerNode int
	// expandPiece is the most leaves an expansion takes at a time from the
	// ones not yet taken (parallel.Share), so that a goroutine on a faster
	// core expands more of them: on a shared machine one core at times
	// runs the expansion at half the other's speed. The pieces' values
	// (2 MB of float64) stay above the size at which memmove streams them
	// past the caches.
	expandPiece int
	// scatterMax is the largest transpose (in entries) done in one
	// scatter instead of transposeBlocked's two (scatterMaxFor).
	scatterMax int
	// groupEntries is the number of entries transposeBlocked aims at per
	// group of columns: the group's scratch (16 bytes an entry) and the
	// output lines it writes stay in L2.
	groupEntries int
	// reorderChunk is the number of leaves sortBelow expands and sorts at
	// a time (whole subtrees, at least one): with their keys, values and
	// the sort's scratch, 32 bytes a leaf, they fill half of L2, leaving
	// room for the CSF's levels streaming past (16K for 1 MiB).
	reorderChunk int
	// radix is the tuning of the sorts (package radix) and of the
	// transpose's staged scatter (radix.ScatterRows).
	radix radix.Tuning
	// levels is the tuning of the level builds (package levels), and of
	// packKeys, which counts the nodes in the same blocks.
	levels levels.Tuning
}

// tuningFor is the package's tuning on a machine with the caches c.
func tuningFor(c engine.CacheSizes) tuning {
	return tuning{
		minParallel:      1 << 15,
		expandBlock:      c.L1D / 192,
		viaLeavesPerNode: 8,
		expandPiece:      1 << 18,
		scatterMax:       scatterMaxFor(c),
		groupEntries:     c.L2 / 32,
		reorderChunk:     c.L2 / 64,
		radix:            radix.TuningFor(c),
		levels:           levels.TuningFor(c),
	}
}

// defaults is the package's tuning on this machine; no code changes it.
var defaults = tuningFor(engine.Caches())

// scatterMaxFor is scatterMax for the caches c: a result of 16 bytes an
// entry in half of L3 (1M entries for 32 MiB); where the L3 is slow
// (c.SlowL3), at most 512K. Past it, the two scatters of transposeBlocked,
// each within L2, beat one scatter over the whole result.
func scatterMaxFor(c engine.CacheSizes) int {
	if c.SlowL3 {
		return min(c.L3/32, 512<<10)
	}
	return c.L3 / 32
}
