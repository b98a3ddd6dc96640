package kernels

import "math"

// NonDecreasing returns the first index i >= 1 with s[i] < s[i-1] (unsigned),
// or -1 when s is non-decreasing. It is the pos and row_ptr check.
//
//	for i := 1; i < len(s); i++ {
//		if s[i] < s[i-1] {
//			return i
//		}
//	}
//	return -1
//
// Paths: ref, generic, avx2, avx512, neon.
func NonDecreasing(s []uint64) int {
	return nonDecreasing.fn(s)
}

var nonDecreasing = newFamily("nondecreasing", nonDecreasingRef, nonDecreasingGeneric)

func nonDecreasingRef(s []uint64) int {
	for i := 1; i < len(s); i++ {
		if s[i] < s[i-1] {
			return i
		}
	}
	return -1
}

// nonDecreasingGeneric ORs four comparisons per step and only looks for the
// exact index once a block has failed.
func nonDecreasingGeneric(s []uint64) int {
	i := 1
	for ; i+4 <= len(s); i += 4 {
		a, b, c, d, e := s[i-1], s[i], s[i+1], s[i+2], s[i+3]
		if b < a || c < b || d < c || e < d {
			break
		}
	}
	for ; i < len(s); i++ {
		if s[i] < s[i-1] {
			return i
		}
	}
	return -1
}

// StrictlyIncreasing checks the crd rule of a compressed level: within every
// segment crd[pos[p]:pos[p+1]] the values strictly increase. It returns the
// first index i of crd that is not the first of its segment and has
// crd[i] <= crd[i-1], or -1 when there is none.
//
//	for p := 0; p+1 < len(pos); p++ {
//		for i := pos[p] + 1; i < pos[p+1]; i++ {
//			if crd[i] <= crd[i-1] {
//				return i
//			}
//		}
//	}
//	return -1
//
// pos must start at 0 and end at len(crd) (it panics otherwise) and be
// non-decreasing: on a pos that is not, the result is -1 (CheckCompressed
// says where pos fails).
//
// Paths: ref, generic, avx2, avx512, neon.
func StrictlyIncreasing(pos, crd []uint64) int {
	checkSegments("StrictlyIncreasing", pos, crd)
	_, i := strictlyIncreasing.fn(pos, crd, math.MaxUint64)
	return i
}

// StrictlyIncreasingBelow is StrictlyIncreasing and FirstNotBelow(crd,
// []uint64{bound}) in one pass over crd, the whole crd check of a compressed
// level: it returns the first index i with crd[i] >= bound, or i not the
// first of its segment and crd[i] <= crd[i-1]; -1 when there is none.
//
//	for p := 0; p+1 < len(pos); p++ {
//		for i := pos[p]; i < pos[p+1]; i++ {
//			if crd[i] >= bound || i > pos[p] && crd[i] <= crd[i-1] {
//				return i
//			}
//		}
//	}
//	return -1
//
// pos must satisfy what StrictlyIncreasing asks, and it panics likewise.
//
// Paths: ref, generic, avx2, avx512, neon.
func StrictlyIncreasingBelow(pos, crd []uint64, bound uint64) int {
	checkSegments("StrictlyIncreasingBelow", pos, crd)
	_, i := checkCompressed(pos, crd, bound)
	return i
}

// CheckCompressed checks a compressed level whose pos starts at 0 and ends
// at len(crd) (it panics otherwise): posBad is the first index i >= 1 with
// pos[i] < pos[i-1] (as NonDecreasing), and, when there is none, crdBad is
// the first index StrictlyIncreasingBelow(pos, crd, bound) reports; each is
// -1 when there is nothing to report (crdBad always when posBad >= 0). The
// avx2 and avx512 paths check pos while they mark the segment starts, so
// that pos and crd are read once each; the others run NonDecreasing first.
//
// Paths: ref, generic, avx2, avx512, neon.
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

// FirstNotBelow returns the first index i with s[i] >= bounds[i%len(bounds)],
// or -1. With one bound it checks a crd or index array against a dimension;
// with rank bounds it checks row-major COO coordinate tuples against a shape.
//
//	for i, v := range s {
//		if v >= bounds[i%len(bounds)] {
//			return i
//		}
//	}
//	return -1
//
// It panics when bounds is empty.
//
// Paths: ref, generic, avx2, avx512, neon.
func FirstNotBelow(s []uint64, bounds []uint64) int {
	if len(bounds) == 0 {
		panic("kernels: FirstNotBelow: no bounds")
	}
	return firstNotBelow.fn(s, bounds)
}

var firstNotBelow = newFamily("bounds", firstNotBelowRef, firstNotBelowGeneric)

func firstNotBelowRef(s []uint64, bounds []uint64) int {
	for i, v := range s {
		if v >= bounds[i%len(bounds)] {
			return i
		}
	}
	return -1
}

func firstNotBelowGeneric(s []uint64, bounds []uint64) int {
	if len(bounds) == 1 {
		b := bounds[0]
		i := 0
		for ; i+4 <= len(s); i += 4 {
			if s[i] >= b || s[i+1] >= b || s[i+2] >= b || s[i+3] >= b {
				break
			}
		}
		for ; i < len(s); i++ {
			if s[i] >= b {
				return i
			}
		}
		return -1
	}
	r := len(bounds)
	i := 0
	for ; i+r <= len(s); i += r {
		row := s[i : i+r]
		for j, v := range row {
			if v >= bounds[j] {
				return i + j
			}
		}
	}
	for j := 0; i+j < len(s); j++ {
		if s[i+j] >= bounds[j] {
			return i + j
		}
	}
	return -1
}

// Max returns the largest element of s, or 0 when s is empty.
//
//	var m uint64
//	for _, v := range s {
//		m = max(m, v)
//	}
//	return m
//
// Paths: ref, generic, avx2, avx512, neon.
func Max(s []uint64) uint64 {
	return maxU64.fn(s)
}

var maxU64 = newFamily("max", maxRef, maxGeneric)

func maxRef(s []uint64) uint64 {
	var m uint64
	for _, v := range s {
		m = max(m, v)
	}
	return m
}

func maxGeneric(s []uint64) uint64 {
	var m0, m1, m2, m3 uint64
	i := 0
	for ; i+4 <= len(s); i += 4 {
		m0, m1, m2, m3 = max(m0, s[i]), max(m1, s[i+1]), max(m2, s[i+2]), max(m3, s[i+3])
	}
	for ; i < len(s); i++ {
		m0 = max(m0, s[i])
	}
	return max(m0, m1, m2, m3)
}
