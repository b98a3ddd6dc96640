//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

import "math"

// qspmmTuned returns tier tr's fused SpMM glue built from the kernels the
// tier registers (qspmmKernelsOf), choosing tiles with the tuning c, and
// with minW lowered to 1 and maxW raised to MaxInt when anyW is set, so
// that every panel width takes the kernels (the tier itself chooses them
// only from minW to maxW-1 columns);
// false when tr is not registered or has none.
func qspmmTuned(tr tier, c *spmmTuning, anyW bool) (qspmmFunc, bool) {
	if !qspmm.has[tr] {
		return nil, false
	}
	ks := qspmmKernelsOf(tr)
	for _, k := range ks.k {
		if k != nil {
			if anyW {
				ks.minW, ks.maxW = 1, math.MaxInt
			}
			return qspmmFusedAsm(ks, c), true
		}
	}
	return nil, false
}
