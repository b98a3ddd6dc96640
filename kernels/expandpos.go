package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// ExpandPos writes the parent of every child of a compressed level: for each
// parent p and each j in pos[p]..pos[p+1]-1, dst[j] = p. It is the inverse of
// building pos by counting, and the first step of CSF traversal.
//
//	for p := 0; p+1 < len(pos); p++ {
//		for j := pos[p]; j < pos[p+1]; j++ {
//			dst[j] = uint64(p)
//		}
//	}
//
// pos must be non-decreasing with pos[0] = 0 and pos[len(pos)-1] = len(dst);
// it panics when the first or last entry is wrong. On a pos that is not
// non-decreasing the result is unspecified but memory-safe.
//
// Paths: ref, generic, avx2, avx512, neon.
func ExpandPos(dst []uint64, pos []uint64) {
	engine.ExpandPos(dst, pos)
}
