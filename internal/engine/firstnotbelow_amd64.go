//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/amd64"

// firstNotBelowCyclicAVX2 and firstNotBelowCyclicAVX512 run the cyclic
// kernels, whose blocks are 8 and 16 elements, through firstNotBelowCycle
// (twins of firstNotBelowCyclicNEON: each calls its kernel directly so that
// the pattern stays on its stack).
func firstNotBelowCyclicAVX2(s, bounds []uint64) int {
	var buf [maxPattern]uint64
	pat, ok := tileBounds(&buf, bounds, 8, len(s))
	if !ok {
		return firstNotBelowGeneric(s, bounds)
	}
	return firstNotBelowCycle(s, bounds, pat, 8, func(t []uint64) int { return amd64.FirstNotBelowCycleAVX2(t, pat) })
}

func firstNotBelowCyclicAVX512(s, bounds []uint64) int {
	var buf [maxPattern]uint64
	pat, ok := tileBounds(&buf, bounds, 16, len(s))
	if !ok {
		return firstNotBelowGeneric(s, bounds)
	}
	return firstNotBelowCycle(s, bounds, pat, 16, func(t []uint64) int { return amd64.FirstNotBelowCycleAVX512(t, pat) })
}
