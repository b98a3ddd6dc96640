package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

// runsSpan returns how many elements runs a..b-1 of a non-decreasing pos
// cover once clamped to n.
func runsSpan(pos []uint64, a, b, n int) int {
	lo, hi := min(pos[a], uint64(n)), min(pos[b], uint64(n))
	if hi < lo {
		return 0
	}
	return int(hi - lo)
}

// nextRunsNEON returns the end b of the next batch of runs starting at a, and
// whether it is one run longer than chunk.
func nextRunsNEON(pos []uint64, a, n int) (b int, long bool) {
	b = min(len(pos)-1, a+runsPerCallNEON)
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
	for a := 0; a+1 < len(pos); {
		b, long := nextRunsNEON(pos, a, len(dst))
		if !long {
			arm64.ExpandPosNEON(dst, pos[a:b+1], uint64(a))
			a = b
			continue
		}
		lo, hi := clampRange(pos, a, len(dst))
		for k := lo; k < hi; k += chunk {
			c := min(chunk, hi-k)
			one := [2]uint64{0, uint64(c)}
			arm64.ExpandPosNEON(dst[k:k+c], one[:], uint64(a))
		}
		a++
	}
}
