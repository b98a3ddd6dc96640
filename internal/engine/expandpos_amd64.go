//go:build !purego && !noasm && gc

package engine

// expandPosFill is the ExpandPos glue of an amd64 ExpandRuns kernel k (run
// values first+k when vals is empty), taken when the runs average at least
// minRun/4 elements; shorter runs take the generic loop.
//
//go:noinline
func expandPosFill(k expandRunsKernel, minRun int) func(dst, pos []uint64) {
	return func(dst, pos []uint64) {
		if shortRuns(len(dst), pos, minRun) {
			expandPosGeneric(dst, pos)
			return
		}
		fillRuns(dst, pos, nil, k)
	}
}
