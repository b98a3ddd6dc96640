package engine

import "github.com/hurray-format/hurray-go/internal/dense"

// mustNotAlias panics when a kernel's output shares memory with one of the
// index arrays it checked before running. The assembly trusts those checks,
// so an output written over the indices would make it read out of bounds
// (Go's types do not keep a []float64 and a []uint64 apart: two structures'
// FromBuffers may view the same bytes).
func mustNotAlias[T Float](name string, out []T, idx ...[]uint64) {
	if dense.OverlapAny(out, idx...) {
		panic("kernels: " + name + ": the output overlaps an index array")
	}
}
