//go:build !purego && !noasm && gc

package kernels

import (
	"math"
	"unsafe"

	"github.com/hurray-format/hurray-go/kernels/amd64"
)

var _ = registerSpMMAMD64()

func registerSpMMAMD64() bool {
	if amd64.HasAVX2 {
		spmmF32.set(tierAVX2, spmmAsm(amd64.SpMMF32AVX2, amd64.SpMMTileF32AVX2))
		spmmF64.set(tierAVX2, spmmAsm(amd64.SpMMF64AVX2, amd64.SpMMTileF64AVX2))
		spmmPartF32[tierAVX2] = spmmAsmPart(amd64.SpMMF32AVX2, amd64.SpMMTileF32AVX2)
		spmmPartF64[tierAVX2] = spmmAsmPart(amd64.SpMMF64AVX2, amd64.SpMMTileF64AVX2)
		spmmScatterF32.set(tierAVX2, spmmScatterAsm(amd64.SpMMScatterF32AVX2, amd64.SpMMScatterTileF32AVX2))
		spmmScatterF64.set(tierAVX2, spmmScatterAsm(amd64.SpMMScatterF64AVX2, amd64.SpMMScatterTileF64AVX2))
	}
	if amd64.HasAVX512 {
		spmmF32.set(tierAVX512, spmmAsm(amd64.SpMMF32AVX512, amd64.SpMMTileF32AVX512))
		spmmF64.set(tierAVX512, spmmAsm(amd64.SpMMF64AVX512, amd64.SpMMTileF64AVX512))
		spmmPartF32[tierAVX512] = spmmAsmPart(amd64.SpMMF32AVX512, amd64.SpMMTileF32AVX512)
		spmmPartF64[tierAVX512] = spmmAsmPart(amd64.SpMMF64AVX512, amd64.SpMMTileF64AVX512)
		spmmScatterF32.set(tierAVX512, spmmScatterAsm(amd64.SpMMScatterF32AVX512, amd64.SpMMScatterTileF32AVX512))
		spmmScatterF64.set(tierAVX512, spmmScatterAsm(amd64.SpMMScatterF64AVX512, amd64.SpMMScatterTileF64AVX512))
	}
	return true
}

// spmmAsm wraps an SpMM assembly kernel. The exported SpMM has checked the
// structure and every bound (checkSpMM); the family implementations are
// only reached through it or from tests with valid input. It turns -0 beta
// into +0 and feeds the rows in chunks, or in column tiles of A (kt) when
// X is too large for L2 and the rows are long enough. The same wrapper,
// deciding from a whole matrix's rows and entries, serves SpMMPart
// (spmmPartF32, spmmPartF64).
func spmmAsm[T Float](k func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T), kt spmmTileFunc[T]) spmmFunc[T] {
	part := spmmAsmPart(k, kt)
	return func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
		rows := len(ptr) - 1
		part(rows, int(ptr[rows]-ptr[0]), y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
	}
}

// spmmAsmPart is spmmAsm with the tiling chosen for a matrix of allRows rows
// and allNNZ entries, of which ptr's rows are a part.
func spmmAsmPart[T Float](k func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T), kt spmmTileFunc[T]) spmmPartFunc[T] {
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
