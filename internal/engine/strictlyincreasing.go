package engine

import "math"

// StrictlyIncreasing implements kernels.StrictlyIncreasing.
func StrictlyIncreasing(pos, crd []uint64) int {
	checkSegments("StrictlyIncreasing", pos, crd)
	_, i := strictlyIncreasing.fn(pos, crd, math.MaxUint64)
	return i
}

// StrictlyIncreasingBelow implements kernels.StrictlyIncreasingBelow.
func StrictlyIncreasingBelow(pos, crd []uint64, bound uint64) int {
	checkSegments("StrictlyIncreasingBelow", pos, crd)
	_, i := checkCompressed(pos, crd, bound)
	return i
}

// CheckCompressed implements kernels.CheckCompressed.
func CheckCompressed(pos, crd []uint64, bound uint64) (posBad, crdBad int) {
	checkSegments("CheckCompressed", pos, crd)
	return checkCompressed(pos, crd, bound)
}

func checkCompressed(pos, crd []uint64, bound uint64) (posBad, crdBad int) {
	if bound == 0 {
		if i := nonDecreasing.fn(pos); i >= 0 {
			return i, -1
		}
		if len(crd) > 0 {
			return -1, 0
		}
		return -1, -1
	}
	return strictlyIncreasing.fn(pos, crd, bound-1)
}

// checkSegments panics unless pos starts at 0 and ends at len(crd).
func checkSegments(name string, pos, crd []uint64) {
	if len(pos) == 0 || pos[0] != 0 || pos[len(pos)-1] != uint64(len(crd)) {
		panic("kernels: " + name + ": pos must start at 0 and end at len(crd)")
	}
}

// strictlyIncreasing implements CheckCompressed with an inclusive upper
// limit on crd: an implementation returns NonDecreasing(pos) and, when that
// is -1, the first index i with crd[i] > max, or i not the first of its
// segment and crd[i] <= crd[i-1].
var strictlyIncreasing = newFamily("strictlyincreasing", strictlyIncreasingRef, strictlyIncreasingGeneric)

func strictlyIncreasingRef(pos, crd []uint64, max uint64) (int, int) {
	if i := nonDecreasingRef(pos); i >= 0 {
		return i, -1
	}
	return -1, segmentsRef(pos, crd, max)
}

// segmentsRef is the crd part of strictlyIncreasingRef.
func segmentsRef(pos, crd []uint64, max uint64) int {
	for p := 0; p+1 < len(pos); p++ {
		lo, hi := clampRange(pos, p, len(crd))
		for i := lo; i < hi; i++ {
			if crd[i] > max || i > lo && crd[i] <= crd[i-1] {
				return i
			}
		}
	}
	return -1
}

// strictlyIncreasingGeneric checks pos, then crd (segmentsGeneric).
func strictlyIncreasingGeneric(pos, crd []uint64, max uint64) (int, int) {
	if i := nonDecreasingGeneric(pos); i >= 0 {
		return i, -1
	}
	return -1, segmentsGeneric(pos, crd, max)
}

// segmentsGeneric scans crd for descents (crd[i] <= crd[i-1]) in
// blocks and, for each descent, merges forward in pos to see whether i starts
// a segment. The work is O(len(crd) + len(pos)) and needs no per-segment loop.
// A block of four that increases has its maximum last, so one comparison
// with max covers the block.
func segmentsGeneric(pos, crd []uint64, max uint64) int {
	if len(crd) > 0 && crd[0] > max {
		return 0
	}
	p := 0 // pos[p] is the first segment start >= i, kept by merging
	i := 1
	for i < len(crd) {
		// Fast block: four strict comparisons at once.
		if i+4 <= len(crd) {
			a, b, c, d, e := crd[i-1], crd[i], crd[i+1], crd[i+2], crd[i+3]
			if b > a && c > b && d > c && e > d && e <= max {
				i += 4
				continue
			}
		}
		if crd[i] > max {
			return i
		}
		if crd[i] <= crd[i-1] {
			for p < len(pos) && pos[p] < uint64(i) {
				p++
			}
			if p == len(pos) || pos[p] != uint64(i) {
				return i
			}
		}
		i++
	}
	return -1
}
