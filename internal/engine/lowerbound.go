package engine

import "math/bits"

// LowerBound implements kernels.LowerBound.
func LowerBound(s []uint64, key uint64) int {
	return lowerBound.fn(s, key)
}

var lowerBound = newFamily("lowerbound", lowerBoundRef, lowerBoundGeneric)

func lowerBoundRef(s []uint64, key uint64) int {
	for i, v := range s {
		if v >= key {
			return i
		}
	}
	return len(s)
}

// lowerBoundGeneric is a branch-free binary search: each halving step turns
// the comparison into a mask with bits.Sub64's borrow (SUBQ, SBBQ) and adds
// half&mask, so random keys cost no mispredicted branches. The gc compiler
// (1.26) keeps "if s[m] < key { base += half }" and slices.BinarySearch's
// loop as branches rather than CMOVs, which mispredict about half the time
// on random keys; check with go build -gcflags=-S. The only branches left
// are the loop's, which depend on len(s) alone.
//
// The price is latency: a step cannot start before the previous load and
// mask, so a chain of dependent searches (each key computed from the last
// result) runs slower than a predicted branchy search would.
func lowerBoundGeneric(s []uint64, key uint64) int {
	n := len(s)
	if n == 0 {
		return 0
	}
	base := 0
	for n > 1 {
		half := n >> 1
		_, lt := bits.Sub64(s[base+half-1], key, 0) // lt = 1 if s[..] < key
		base += half & -int(lt)
		n -= half
	}
	_, lt := bits.Sub64(s[base], key, 0)
	return base + int(lt)
}
