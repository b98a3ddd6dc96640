package kernels

import "github.com/hurray-format/hurray-go/kernels/arm64"

// NEON glue for the expansion families. The assembly writes whole runs and
// is not preemptible, so each call gets at most runsPerCallNEON runs covering
// at most chunk elements (assuming a non-decreasing pos; on a malformed
// pos the result is unspecified as documented, and a call may only take
// longer), and one longer run is written in chunk pieces.

const runsPerCallNEON = 4096

var _ = registerExpandARM64()

func registerExpandARM64() bool {
	if arm64.HasNEON {
		expandPos.set(tierNEON, expandPosNEON)
		expandRuns.set(tierNEON, expandRunsNEON)
		exclusiveScan.set(tierNEON, exclusiveScanNEON)
	}
	return true
}

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

func expandRunsNEON(dst []uint64, stride, off int, ptr, vals []uint64) {
	rows := len(dst) / stride
	if rows < minScanNEON {
		expandRunsGeneric(dst, stride, off, ptr, vals)
		return
	}
	for a := 0; a < len(vals); {
		b, long := nextRunsNEON(ptr, a, rows)
		if !long {
			arm64.ExpandRunsNEON(dst, rows, stride, off, ptr[a:b+1], vals[a:b])
			a = b
			continue
		}
		lo, hi := clampRange(ptr, a, rows)
		for k := lo; k < hi; k += chunk {
			c := min(chunk, hi-k)
			one := [2]uint64{0, uint64(c)}
			arm64.ExpandRunsNEON(dst[k*stride:(k+c)*stride], c, stride, off, one[:], vals[a:a+1])
		}
		a++
	}
}

func exclusiveScanNEON(dst, src []uint64) uint64 {
	var sum uint64
	dst = dst[:len(src)]
	i := 0
	for len(src)-i >= 4 {
		end := i + min(len(src)-i, chunk)&^3
		sum = arm64.ExclusiveScanNEON(dst[i:end], src[i:end], sum)
		i = end
	}
	for ; i < len(src); i++ {
		v := src[i]
		dst[i] = sum
		sum += v
	}
	return sum
}
