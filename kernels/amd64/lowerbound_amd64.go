//go:build !purego && !noasm && gc

package amd64

// LowerBoundAVX2 returns the first index i with s[i] >= key (unsigned), or
// len(s), for s sorted in non-decreasing order; on unsorted s it returns
// some index in 0..len(s). It handles every length itself: a branch-free
// binary search (with prefetch of both next probes) narrows the window to at
// most 32 elements, then a vector count of the elements below key finishes.
// It reads only s[0:len(s)].
//
//go:noescape
func LowerBoundAVX2(s []uint64, key uint64) int

// LowerBoundAVX512 is LowerBoundAVX2 with an 8-lane VPCMPUQ count and a
// masked load for the last partial vector.
//
//go:noescape
func LowerBoundAVX512(s []uint64, key uint64) int
