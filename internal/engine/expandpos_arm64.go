//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

// The NEON expansion kernels write whole runs and have no budget of their
// own, so the glue gives each call at most runsPerCallNEON runs covering
// at most chunk elements (assuming a non-decreasing pos; on a malformed
// pos the result is unspecified as documented, and a call may only take
// longer), and writes one longer run in calls of chunk elements.

// runsSpan returns how many elements runs a..b-1 of a non-decreasing pos
// cover once clamped to n.
func runsSpan(pos []uint64, a, b, n int) int {
	lo, hi := min(pos[a], uint64(n)), min(pos[b], uint64(n))
	if hi < lo {
		return 0
	}
	return int(hi - lo)
}

// nextRunsNEON returns the end b of the runs from a, at most up to hi,
// that one call takes, and whether it is one run longer than chunk.
func nextRunsNEON(pos []uint64, a, hi, n int) (b int, long bool) {
	b = hi
	for b-a > 1 && runsSpan(pos, a, b, n) > chunk {
		b = a + (b-a)/2
	}
	return b, runsSpan(pos, a, b, n) > chunk
}

func expandPosNEON(dst []uint64, pos []uint64) {
	if len(dst) < minScanNEON {
		expandPosGeneric(dst, pos)
		return
	}
	// Units are runs.
	asmPieces(len(pos)-1, runsPerCallNEON, func(lo, hi int) (int, bool) {
		b, long := nextRunsNEON(pos, lo, hi, len(dst))
		if !long {
			arm64.ExpandPosNEON(dst, pos[lo:b+1], uint64(lo))
			return b, true
		}
		// Units are elements of the run.
		a, e := clampRange(pos, lo, len(dst))
		asmPieces(e-a, chunk, func(l, h int) (int, bool) {
			one := [2]uint64{0, uint64(h - l)}
			arm64.ExpandPosNEON(dst[a+l:a+h], one[:], uint64(lo))
			return h, true
		}, func(l, end int) { raceWrite(dst[a+l : a+end]) })
		return lo + 1, true
	}, func(lo, end int) {
		raceRead(pos[lo : end+1])
		raceRuns(dst, pos, lo, end, len(dst), 1, 0)
	})
}
