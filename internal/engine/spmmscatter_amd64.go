package engine

import (
	"unsafe"
)

// spmmScatterAsm wraps an SpMMScatter assembly kernel as spmmAsm does, in
// tiles of Y's rows (kt) when Y is too large for L2.
func spmmScatterAsm[T Float](k func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T), kt spmmScatterTileFunc[T]) spmmScatterFunc[T] {
	return func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
		if w == 0 {
			return
		}
		rows := len(ptr) - 1
		yrows := (len(y)-w)/ldy + 1
		if tw := spmmTileRows(rows, yrows, int(ptr[rows]-ptr[0]), w, int(unsafe.Sizeof(alpha))); tw > 0 {
			spmmTileWalk(ptr, yrows, w, tw, func(r0 int, seg []uint64, _ bool, limit uint64) {
				kt(y, ldy, x[r0*ldx:], ldx, w, seg, idx, vals, alpha, limit)
			})
			return
		}
		for lo := 0; lo < rows; {
			hi := spmmRows(ptr, lo, w)
			k(y, ldy, x[lo*ldx:], ldx, w, ptr[lo:hi+1], idx, vals, alpha)
			lo = hi
		}
	}
}
