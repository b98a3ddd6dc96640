//go:build !purego && !noasm && gc

package engine

import (
	"unsafe"
)

// pushHadamard2AsmFunc is a PushHadamard2 assembly kernel: it checks
// every segment (ptr's against len(crd), lptr's against len(idx)), ycrd
// below yrows, crd below crows and idx below irows when it reads them, and
// returns 0, or 1 when it stopped at one out of range.
type pushHadamard2AsmFunc[T Float] func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int, yrows, crows, irows uint64) int

// pushHadamard2Chunked calls the two-level push kernel on runs of nodes
// (twoLevelRun), after checking the lengths (push2Bounds), and panics with
// pushHadamard2BadIndex when the kernel reports a segment or an index out
// of range.
func pushHadamard2Chunked[T Float](asm pushHadamard2AsmFunc[T]) pushHadamard2Func[T] {
	return func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int) {
		yrows, crows, irows := push2Bounds(len(out), len(above), len(y), len(f), len(ycrd), len(ptr)-1, r, mode)
		crd = crd[:children(crd, lptr)]
		n := min(len(vals), len(idx))
		vals, idx = vals[:n], idx[:n]
		forTwoLevelRuns(ptr, lptr, func(c0, c1 int) {
			if asm(out, above, y, ycrd[c0:c1], ptr[c0:c1+1], crd, lptr, vals, idx, f, r, mode, yrows, crows, irows) != 0 {
				panic(pushHadamard2BadIndex)
			}
		})
	}
}

// pushHadamard2PrefetchFlag, added to the AVX2 and AVX-512 PushHadamard2 kernels'
// mode, makes each child prefetch the row that the child 24 ahead names (the
// generator calls it pushHadamard2PrefetchChildren, in _genproducts/push2.go).
const pushHadamard2PrefetchFlag = 2

// pushHadamard2PrefetchLeavesFlag, added to the AVX2 and AVX-512 kernels' mode,
// makes each leaf prefetch the row that the leaf 24 ahead names
// (pushHadamard2PrefetchLeaves in the generator).
const pushHadamard2PrefetchLeavesFlag = 4

// pushHadamard2Prefetching adds pushHadamard2PrefetchFlag to mode, which makes each
// child prefetch the row the child 24 ahead names, when those rows (f's for
// PushLeaves, out's for PushChildren) exceed L2. Float64 R = 16, four
// alternating runs on the 2-core VM, prefetching always: MTTKRP along T3p's
// modes 1 and 2 (rows of a 50000 x 16 matrix, 6.4 MB) 27.7 / 27.0 -> 24.0 /
// 23.8 ms, T3u's (20000 x 16, 2.5 MB) 25.3 / 25.6 -> 20.9 / 24.1; T4p's
// modes 2 and 3, whose rows (500 x 16) sit in L2, 20.4 / 20.3 -> 21.6 /
// 21.9: hence the size test (AVX-512 on Zen 4; the AVX2 kernels take the
// same test, measured with their y-row prefetch in _genproducts/twolevel.go).
//
// It adds pushHadamard2PrefetchLeavesFlag when the rows the leaves name (out's for
// PushLeaves, f's for PushChildren) exceed L2. Float64, one thread, three
// alternating runs on the Zen 3 VM (L2 512 KiB), against no leaf-row
// prefetch: T3u's modes 1 and 2, whose fibers hold about one leaf each, R =
// 16 71 / 73 -> 60 / 62 ms and R = 32 629 / 461 -> 197 / 185; T3p and T4p,
// whose leaf rows sit in L2, unchanged within the noise. The AVX-512
// kernels on the Zen 4 VM (L2 1 MiB), four alternating runs: T3u's modes 1
// and 2 at R = 32 220 / 209 -> 191 / 174 ms, R = 16 unchanged.
func pushHadamard2Prefetching[T Float](k pushHadamard2Func[T]) pushHadamard2Func[T] {
	return func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int) {
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
		k(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode)
	}
}
