//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/amd64"

// lowerBoundAVX2 and lowerBoundAVX512 call the assembly for every length:
// the call costs about what a three-step search does, and the vector
// search gains from a few elements on. A search reads O(log len(s))
// elements, so one call takes all of s, and the glue calls its kernel
// directly: a call through a func value (and the ABI wrapper of an
// assembly function it goes through) would cost a good part of a short
// search. (Twins of lowerBoundNEON.)
func lowerBoundAVX2(s []uint64, key uint64) int {
	raceRead(s)
	return amd64.LowerBoundAVX2(s, key)
}

func lowerBoundAVX512(s []uint64, key uint64) int {
	raceRead(s)
	return amd64.LowerBoundAVX512(s, key)
}
