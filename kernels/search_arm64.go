package kernels

import "github.com/hurray-format/hurray-go/kernels/arm64"

// NEON glue for the search families.

// queriesPerCallNEON bounds the lookups of one DescendLevelNEON call, each
// O(log n), so that the non-preemptible assembly returns often.
const queriesPerCallNEON = 4096

var _ = registerSearchARM64()

func registerSearchARM64() bool {
	if arm64.HasNEON {
		lowerBound.set(tierNEON, lowerBoundNEON)
		descendLevel.set(tierNEON, descendLevelNEON)
	}
	return true
}

func lowerBoundNEON(s []uint64, key uint64) int {
	if len(s) < 8 {
		return lowerBoundGeneric(s, key)
	}
	return arm64.LowerBoundNEON(s, key)
}

func descendLevelNEON(node []int, pos, crd []uint64, coords []uint64, stride, off int) {
	for len(node) > 0 {
		c := min(len(node), queriesPerCallNEON)
		arm64.DescendLevelNEON(node[:c], pos, crd, coords[:c*stride], stride, off)
		node, coords = node[c:], coords[c*stride:]
	}
}
