//go:build !purego && !noasm && gc

package engine

import (
	"math"
	"unsafe"
)

// spmmAsm wraps an SpMM assembly kernel k and its column-tile kernel kt. The
// exported SpMM has checked the structure and every bound (checkSpMM). It
// turns -0 beta into +0 and feeds the rows in chunks, or in column tiles of
// A when X is too large for L2 and the rows are long enough, choosing the
// tiling for a matrix of allRows rows and allNNZ entries, of which ptr's
// rows are a part.
func spmmAsm[T Float](k spmmRowsFunc[T], kt spmmTileFunc[T]) spmmFunc[T] {
	return func(allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
		if w == 0 {
			return
		}
		if beta == 0 {
			beta = 0
		}
		rows := len(ptr) - 1
		xrows := (len(x)-w)/ldx + 1
		// An infinite alpha is not tiled: each tile scales its own partial
		// sum, and a row without entries in a tile would add alpha*0 = NaN
		// (the untiled kernel scales the row's whole sum once).
		if tw := spmmTileRows(allRows, xrows, allNNZ, w, int(unsafe.Sizeof(beta))); tw > 0 && !math.IsInf(float64(alpha), 0) {
			spmmTileWalk(ptr, xrows, w, tw, func(r0 int, seg []uint64, first bool, limit uint64) {
				b := beta
				if !first {
					b = 1
				}
				kt(y[r0*ldy:], ldy, x, ldx, w, seg, idx, vals, alpha, b, limit)
			})
			return
		}
		for lo := 0; lo < rows; {
			hi := spmmRows(ptr, lo, w)
			k(y[lo*ldy:], ldy, x, ldx, w, ptr[lo:hi+1], idx, vals, alpha, beta)
			lo = hi
		}
	}
}
