package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

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
