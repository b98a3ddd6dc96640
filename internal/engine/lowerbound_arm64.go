//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

// lowerBoundNEON is lowerBoundAVX2 for NEON, whose kernel needs 8 elements:
// shorter slices take the generic search.
func lowerBoundNEON(s []uint64, key uint64) int {
	if len(s) < 8 {
		return lowerBoundGeneric(s, key)
	}
	raceRead(s)
	return arm64.LowerBoundNEON(s, key)
}
