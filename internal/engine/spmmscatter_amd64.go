//go:build !purego && !noasm && gc

package engine

import (
	"unsafe"
)

// spmmScatterAsmFunc is an SpMMScatter assembly kernel: every segment
// checked within len(idx) and every index below yrows when it is read; it
// returns 0, or 1 when it stopped at one that was not.
type spmmScatterAsmFunc[T Float] = func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T, yrows uint64) int

// spmmScatterAsm wraps an SpMMScatter assembly kernel as spmmAsm does, in
// tiles of Y's rows (kt) when Y is too large for L2.
func spmmScatterAsm[T Float](k spmmScatterAsmFunc[T], kt spmmScatterTileFunc[T]) spmmScatterFunc[T] {
	return func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
		if w == 0 {
			return
		}
		n := min(len(idx), len(vals))
		idx, vals = idx[:n], vals[:n]
		rows := len(ptr) - 1
		yrows := denseRows(len(y), ldy, w)
		if tw := spmmTileRows(rows, int(yrows), int(ptr[rows]-ptr[0]), w, int(unsafe.Sizeof(alpha))); tw > 0 {
			spmmTileWalk(ptr, uint64(n), int(yrows), w, tw, spmmScatterBadIndex, func(r0 int, seg []uint64, _ bool, limit uint64) {
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
				panic(spmmScatterBadIndex)
			}
			return hi, true
		}, func(lo, end int) {
			raceSpMM(x, ldx, y, ldy, w, ptr, idx, vals, yrows, lo, end, true)
		})
	}
}
