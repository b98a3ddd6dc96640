//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

// The assembly glue of the SpMM family, for the amd64 and arm64 kernels.

import (
	"math"
	"unsafe"
)

// spmmAsmFunc is an SpMM assembly kernel: SpMM on the rows of ptr, every
// segment checked within len(idx) and every index below xrows when it is
// read; it returns 0, or 1 when it stopped at one that was not. P and I
// are 64-bit for SpMM, 32-bit and 16- or 32-bit for SpMMNarrow.
type spmmAsmFunc[T Float, P ptrWord, I indexWord] = func(y []T, ldy int, x []T, ldx, w int, ptr []P, idx []I, vals []T, alpha, beta T, xrows uint64) int

// spmmAsm wraps an SpMM assembly kernel k and its column-tile kernel kt
// (see spmmAsmRun).
func spmmAsm[T Float](k spmmAsmFunc[T, uint64, uint64], kt spmmTileFunc[T, uint64]) spmmFunc[T] {
	return func(c *spmmTuning, allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
		spmmAsmRun(k, kt, c, spmmBadIndex, allRows, allNNZ, y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
	}
}

// spmmNarrowAsm wraps an SpMMNarrow assembly kernel k and its column-tile
// kernel kt (see spmmAsmRun), choosing the tiling from the rows of the call
// with the tuning c (the narrow one, spmmNarrowTune, in the products).
func spmmNarrowAsm[T Float, I Narrow](k spmmAsmFunc[T, uint32, I], kt spmmTileFunc[T, I]) spmmNarrowFunc[T, I] {
	return func(c *spmmTuning, y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha, beta T) {
		rows := len(ptr) - 1
		spmmAsmRun(k, kt, c, spmmNarrowBadIndex, rows, int(ptr[rows]-ptr[0]), y, ldy, x, ldx, w, ptr, col, vals, alpha, beta)
	}
}

// spmmAsmRun runs an SpMM assembly kernel k and its column-tile kernel kt.
// The exported entry has checked the lengths (checkSpMM, checkSpMMNarrow),
// and the kernels check every segment and index they read: it panics with
// bad when k reports one out of range, and spmmTileWalk when a tile left an
// entry. It turns -0 beta into +0 and feeds the rows in chunks through
// asmPieces (spmmRows, raceSpMM), or in column tiles of A when there is a
// tile kernel (kt not nil), X is too large for L2 and the rows are long
// enough, choosing the tiling with the tuning c for a matrix of allRows
// rows and allNNZ entries, of which ptr's rows are a part.
func spmmAsmRun[T Float, P ptrWord, I indexWord](k spmmAsmFunc[T, P, I], kt spmmTileFunc[T, I], c *spmmTuning, bad string, allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr []P, idx []I, vals []T, alpha, beta T) {
	if w == 0 {
		return
	}
	if beta == 0 {
		beta = 0
	}
	n := min(len(idx), len(vals))
	idx, vals = idx[:n], vals[:n]
	rows := len(ptr) - 1
	xrows := denseRows(len(x), ldx, w)
	// An infinite alpha is not tiled: each tile scales its own partial
	// sum, and a row without entries in a tile would add alpha*0 = NaN
	// (the untiled kernel scales the row's whole sum once).
	if tw := c.tileRows(allRows, int(xrows), allNNZ, w, int(unsafe.Sizeof(beta))); kt != nil && tw > 0 && !math.IsInf(float64(alpha), 0) {
		spmmTileWalk(ptr, uint64(n), int(xrows), w, tw, bad, func(r0 int, seg []uint64, first bool, limit uint64) {
			b := beta
			if !first {
				b = 1
			}
			kt(y[r0*ldy:], ldy, x, ldx, w, seg, idx, vals, alpha, b, limit)
		})
		if raceEnabled {
			// The tiles cover every row's entries once.
			raceSpMM(y, ldy, x, ldx, w, ptr, idx, vals, xrows, 0, rows, false)
		}
		return
	}
	asmPieces(rows, rows, func(lo, _ int) (int, bool) {
		hi := spmmRows(ptr, lo, w)
		if k(y[lo*ldy:], ldy, x, ldx, w, ptr[lo:hi+1], idx, vals, alpha, beta, xrows) != 0 {
			panic(bad)
		}
		return hi, true
	}, func(lo, end int) {
		raceSpMM(y, ldy, x, ldx, w, ptr, idx, vals, xrows, lo, end, false)
	})
}
