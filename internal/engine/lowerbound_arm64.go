package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

func lowerBoundNEON(s []uint64, key uint64) int {
	if len(s) < 8 {
		return lowerBoundGeneric(s, key)
	}
	return arm64.LowerBoundNEON(s, key)
}
