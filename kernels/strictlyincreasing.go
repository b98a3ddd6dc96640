package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

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
	return engine.StrictlyIncreasing(pos, crd)
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
	return engine.StrictlyIncreasingBelow(pos, crd, bound)
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
	return engine.CheckCompressed(pos, crd, bound)
}
