//go:build !purego && !noasm && gc

package engine

import (
	"unsafe"
)

// pushHadamard2AsmFunc is a PushHadamard2 assembly kernel: it checks
// every segment (ptr's against len(crd), lptr's against len(idx)), ycrd
// below yrows, crd below crows and idx below irows when it reads them, and
// returns 0, or 1 when it stopped at one out of range.
type pushHadamard2AsmFunc[T Float] func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int, yrows, crows, irows, lbase uint64) int

// pushHadamard2Chunked calls the two-level push kernel through asmPieces
// (racePushHadamard2) on runs of nodes
// (twoLevelRun), after checking the lengths (push2Bounds), and panics with
// pushHadamard2BadIndex when the kernel reports a segment or an index out
// of range. Its twin is pushHadamard2NEON (pushhadamard2_arm64.go), which
// says why.
func pushHadamard2Chunked[T Float](asm pushHadamard2AsmFunc[T]) pushHadamard2Func[T] {
	return func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int, lbase uint64) {
		yrows, crows, irows := push2Bounds(len(out), len(above), len(y), len(f), len(ycrd), len(ptr)-1, r, mode)
		crd = crd[:children(crd, lptr)]
		n := min(len(vals), len(idx))
		vals, idx = vals[:n], idx[:n]
		asmPieces(len(ptr)-1, len(ptr)-1, func(c0, _ int) (int, bool) {
			c1 := twoLevelRun(ptr, lptr, c0)
			if asm(out, above, y, ycrd[c0:c1], ptr[c0:c1+1], crd, lptr, vals, idx, f, r, mode, yrows, crows, irows, lbase) != 0 {
				panic(pushHadamard2BadIndex)
			}
			return c1, true
		}, func(c0, c1 int) {
			racePushHadamard2(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode, lbase, yrows, crows, irows, c0, c1)
		})
	}
}

// pushHadamard2PrefetchFlag, added to the AVX2 and AVX-512 PushHadamard2 kernels'
// mode, makes each child prefetch the row that the child 24 ahead names (the
// generator calls it push2PrefetchChildren, in kernels/amd64/_gen/push2.go).
const pushHadamard2PrefetchFlag = 2

// pushHadamard2PrefetchLeavesFlag, added to the AVX2 and AVX-512 kernels' mode,
// makes each leaf prefetch the row that the leaf 24 ahead names
// (push2PrefetchLeaves in the generator).
const pushHadamard2PrefetchLeavesFlag = 4

// pushHadamard2Prefetching adds pushHadamard2PrefetchFlag to mode, which
// makes each child prefetch the row the child 24 ahead names, when those
// rows (f's for PushLeaves, out's for PushChildren) exceed L2, and
// pushHadamard2PrefetchLeavesFlag when the rows the leaves name (out's for
// PushLeaves, f's for PushChildren) exceed L2. Rows that sit in L2 gain
// nothing from the prefetches and pay for them, hence the size tests; the
// AVX2 and AVX-512 kernels take the same flags.
func pushHadamard2Prefetching[T Float](k pushHadamard2Func[T]) pushHadamard2Func[T] {
	return func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int, lbase uint64) {
		rows, leafRows := f, out
		if PushMode(mode) == PushChildren {
			rows, leafRows = out, f
		}
		size, l2 := int(unsafe.Sizeof(T(0))), Caches().L2
		if len(rows)*size > l2 {
			mode |= pushHadamard2PrefetchFlag
		}
		if len(leafRows)*size > l2 {
			mode |= pushHadamard2PrefetchLeavesFlag
		}
		k(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode, lbase)
	}
}
