//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

// firstNotBelowCyclicNEON runs the cyclic kernel, whose blocks are 4
// elements, through firstNotBelowCycle (a twin of firstNotBelowCyclicAVX2:
// it calls its kernel directly so that the pattern stays on its stack).
func firstNotBelowCyclicNEON(s, bounds []uint64) int {
	var buf [maxPattern]uint64
	pat, ok := tileBounds(&buf, bounds, 4, len(s))
	if !ok {
		return firstNotBelowGeneric(s, bounds)
	}
	return firstNotBelowCycle(s, bounds, pat, 4, func(t []uint64) int { return arm64.FirstNotBelowCyclicNEON(t, pat) })
}
