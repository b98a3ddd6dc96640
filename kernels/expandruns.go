package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// ExpandRuns writes vals[i] into every row of a run: for each i and each j in
// ptr[i]..ptr[i+1]-1, dst[j*stride+off] = vals[i]. It fills one coordinate
// column of a row-major COO tuple array from one CSF level (ptr then maps the
// level's nodes to leaf ranges).
//
//	for i, v := range vals {
//		for j := ptr[i]; j < ptr[i+1]; j++ {
//			dst[j*stride+off] = v
//		}
//	}
//
// It panics unless len(ptr) == len(vals)+1, stride > 0, 0 <= off < stride
// and ptr[len(ptr)-1] <= len(dst)/stride. Each run is clamped to the rows dst
// holds, so a ptr that is not non-decreasing gives an unspecified but
// memory-safe result.
//
// Paths: ref, generic, avx2, avx512, neon.
func ExpandRuns(dst []uint64, stride, off int, ptr, vals []uint64) {
	engine.ExpandRuns(dst, stride, off, ptr, vals)
}
