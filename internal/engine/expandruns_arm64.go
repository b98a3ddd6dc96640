//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

// expandRunsNEON is expandPosNEON's loop over the runs of ptr with the
// values of vals, for any stride (the kernel stores lane by lane).
func expandRunsNEON(dst []uint64, stride, off int, ptr, vals []uint64) {
	rows := len(dst) / stride
	if rows < minScanNEON {
		expandRunsGeneric(dst, stride, off, ptr, vals)
		return
	}
	// Units are runs.
	asmPieces(len(vals), runsPerCallNEON, func(lo, hi int) (int, bool) {
		b, long := nextRunsNEON(ptr, lo, hi, rows)
		if !long {
			arm64.ExpandRunsNEON(dst, rows, stride, off, ptr[lo:b+1], vals[lo:b])
			return b, true
		}
		// Units are rows of the run.
		a, e := clampRange(ptr, lo, rows)
		asmPieces(e-a, chunk, func(l, h int) (int, bool) {
			one := [2]uint64{0, uint64(h - l)}
			arm64.ExpandRunsNEON(dst[(a+l)*stride:(a+h)*stride], h-l, stride, off, one[:], vals[lo:lo+1])
			return h, true
		}, func(l, end int) {
			raceRead(vals[lo : lo+1])
			for j := a + l; j < a+end; j++ {
				raceWrite(dst[j*stride+off:][:1])
			}
		})
		return lo + 1, true
	}, func(lo, end int) {
		raceRead(ptr[lo : end+1])
		raceRead(vals[lo:end])
		raceRuns(dst, ptr, lo, end, rows, stride, off)
	})
}
