//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

// The assembly glue of the SpMMScatter family, for the amd64 and arm64
// kernels.

import (
	"unsafe"
)

// spmmScatterAsmFunc is an SpMMScatter assembly kernel: every segment
// checked within len(idx) and every index below yrows when it is read; it
// returns 0, or 1 when it stopped at one that was not.
type spmmScatterAsmFunc[T Float, P ptrWord, I indexWord] = func(y []T, ldy int, x []T, ldx, w int, ptr []P, idx []I, vals []T, alpha T, yrows uint64) int

// spmmScatterAsm wraps an SpMMScatter assembly kernel k and its tile kernel
// kt (see spmmScatterAsmRun).
func spmmScatterAsm[T Float](k spmmScatterAsmFunc[T, uint64, uint64], kt spmmScatterTileFunc[T, uint64]) spmmScatterFunc[T] {
	return func(c *spmmTuning, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
		spmmScatterAsmRun(k, kt, c, spmmScatterBadIndex, y, ldy, x, ldx, w, ptr, idx, vals, alpha)
	}
}

// spmmScatterNarrowAsm wraps an SpMMScatterNarrow assembly kernel k and its
// tile kernel kt (see spmmScatterAsmRun).
func spmmScatterNarrowAsm[T Float, I Narrow](k spmmScatterAsmFunc[T, uint32, I], kt spmmScatterTileFunc[T, I]) spmmScatterNarrowFunc[T, I] {
	return func(c *spmmTuning, y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha T) {
		spmmScatterAsmRun(k, kt, c, spmmScatterNarrowBadIndex, y, ldy, x, ldx, w, ptr, col, vals, alpha)
	}
}

// spmmScatterAsmRun runs an SpMMScatter assembly kernel as spmmAsmRun runs
// an SpMM one, in tiles of Y's rows (kt, when not nil) when Y is too large
// for L2 (by the tuning c), and panics with bad on an index or segment out
// of range.
func spmmScatterAsmRun[T Float, P ptrWord, I indexWord](k spmmScatterAsmFunc[T, P, I], kt spmmScatterTileFunc[T, I], c *spmmTuning, bad string, y []T, ldy int, x []T, ldx, w int, ptr []P, idx []I, vals []T, alpha T) {
	if w == 0 {
		return
	}
	n := min(len(idx), len(vals))
	idx, vals = idx[:n], vals[:n]
	rows := len(ptr) - 1
	yrows := denseRows(len(y), ldy, w)
	if tw := c.tileRows(rows, int(yrows), int(ptr[rows]-ptr[0]), w, int(unsafe.Sizeof(alpha))); kt != nil && tw > 0 {
		spmmTileWalk(ptr, uint64(n), int(yrows), w, tw, bad, func(r0 int, seg []uint64, _ bool, limit uint64) {
			kt(y, ldy, x[r0*ldx:], ldx, w, seg, idx, vals, alpha, limit)
		})
		if raceEnabled {
			raceSpMM(x, ldx, y, ldy, w, ptr, idx, vals, yrows, 0, rows, true)
		}
		return
	}
	asmPieces(rows, rows, func(lo, _ int) (int, bool) {
		hi := spmmRows(ptr, lo, w)
		if k(y, ldy, x[lo*ldx:], ldx, w, ptr[lo:hi+1], idx, vals, alpha, yrows) != 0 {
			panic(bad)
		}
		return hi, true
	}, func(lo, end int) {
		raceSpMM(x, ldx, y, ldy, w, ptr, idx, vals, yrows, lo, end, true)
	})
}
