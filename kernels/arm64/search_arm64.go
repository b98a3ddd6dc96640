//go:build !purego && !noasm && gc

package arm64

// LowerBoundNEON returns the first index i with s[i] >= key on sorted s, and
// some index in 0..len(s) on unsorted s. It assumes len(s) >= 8 and reads
// only s. It runs in O(log len(s)).
//
//go:noescape
func LowerBoundNEON(s []uint64, key uint64) int

// DescendLevelNEON is DescendLevel (package kernels) for crd sorted within
// each segment: each live query is replaced by the index in crd of its key
// among the children of its parent, or -1. A parent outside
// 0..len(pos)-2 misses and every range is clamped to 0..len(crd), so it reads
// and writes only inside its slices whatever pos and node hold. It assumes
// len(pos) >= 1, stride >= 1, 0 <= off < stride and
// len(coords) >= len(node)*stride, and reads coords[q*stride+off] for every
// q. It is not preemptible: callers pass a bounded batch of queries.
//
//go:noescape
func DescendLevelNEON(node []int, pos, crd, coords []uint64, stride, off int)
