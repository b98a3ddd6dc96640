//go:build !purego && !noasm && gc

package amd64

// SpMMF64AVX2 and the other SpMM kernels compute Y = alpha*A*X + beta*Y on a
// w-column panel, row by row of the compressed matrix (ptr, idx, vals): Y's
// row is register-blocked in chunks of 4, 2 and 1 vectors plus a masked
// tail, two entries per pass into two accumulator sets (four entries and
// sets for one-vector chunks, so that FMA latency does not bound them). They check nothing:
// the caller guarantees len(ptr) >= 1, ptr non-decreasing with its last
// entry <= len(idx) == len(vals), every idx[k] in the segments below the
// rows X holds (row r is x[r*ldx : r*ldx+w]), len(y) >= (rows-1)*ldy + w,
// and beta == +0 for "do not read y".
//
//go:noescape
func SpMMF64AVX2(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha, beta float64)

// SpMMF64AVX512 is the float64 AVX-512 form of SpMM: see SpMMF64AVX2.
//
//go:noescape
func SpMMF64AVX512(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha, beta float64)

// SpMMF32AVX2 is the float32 AVX2 form of SpMM: see SpMMF64AVX2.
//
//go:noescape
func SpMMF32AVX2(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32)

// SpMMF32AVX512 is the float32 AVX-512 form of SpMM: see SpMMF64AVX2.
//
//go:noescape
func SpMMF32AVX512(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32)

// SpMMTileF64AVX2 and the other SpMMTile kernels are the SpMM kernels on
// one column tile of A: row i covers the entries from seg[2i] to
// seg[2i+1], stopping early at the first entry whose index is >= limit,
// and seg[2i] is set to where it stopped, the start of row i in the next
// tile. Y's row is alpha*acc + beta*Y as in SpMM (beta 1 after the first
// tile). They check nothing: the caller guarantees len(seg) even, seg[2i]
// <= seg[2i+1] <= len(idx) == len(vals), the indices of every segment
// non-decreasing and below the rows X holds, y long enough, and beta == +0
// for "do not read y".
//
//go:noescape
func SpMMTileF64AVX2(y []float64, ldy int, x []float64, ldx, w int, seg, idx []uint64, vals []float64, alpha, beta float64, limit uint64)

// SpMMTileF64AVX512 is the float64 AVX-512 form of SpMMTile: see SpMMTileF64AVX2.
//
//go:noescape
func SpMMTileF64AVX512(y []float64, ldy int, x []float64, ldx, w int, seg, idx []uint64, vals []float64, alpha, beta float64, limit uint64)

// SpMMTileF32AVX2 is the float32 AVX2 form of SpMMTile: see SpMMTileF64AVX2.
//
//go:noescape
func SpMMTileF32AVX2(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, vals []float32, alpha, beta float32, limit uint64)

// SpMMTileF32AVX512 is the float32 AVX-512 form of SpMMTile: see SpMMTileF64AVX2.
//
//go:noescape
func SpMMTileF32AVX512(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, vals []float32, alpha, beta float32, limit uint64)

// SpMMScatterF64AVX2 and the other SpMMScatter kernels compute
// Y += alpha * Aᵀ X on a w-column panel for the compressed matrix (ptr, idx,
// vals): per row i, alpha*X[i, chunk] stays in registers while each entry
// adds vals[k] times it into Y's row idx[k]. They check nothing: the caller
// guarantees what SpMM needs with the roles of x and y exchanged.
//
//go:noescape
func SpMMScatterF64AVX2(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha float64)

// SpMMScatterF64AVX512 is the float64 AVX-512 form of SpMMScatter: see SpMMScatterF64AVX2.
//
//go:noescape
func SpMMScatterF64AVX512(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha float64)

// SpMMScatterF32AVX2 is the float32 AVX2 form of SpMMScatter: see SpMMScatterF64AVX2.
//
//go:noescape
func SpMMScatterF32AVX2(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha float32)

// SpMMScatterF32AVX512 is the float32 AVX-512 form of SpMMScatter: see SpMMScatterF64AVX2.
//
//go:noescape
func SpMMScatterF32AVX512(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha float32)

// SpMMScatterTileF64AVX2 and the other SpMMScatterTile kernels are the
// SpMMScatter kernels on one tile of Y's rows, with the segments, limit and
// stops of the SpMMTile kernels. They check nothing: the caller guarantees
// what SpMMTile needs with the roles of x and y exchanged.
//
//go:noescape
func SpMMScatterTileF64AVX2(y []float64, ldy int, x []float64, ldx, w int, seg, idx []uint64, vals []float64, alpha float64, limit uint64)

// SpMMScatterTileF64AVX512 is the float64 AVX-512 form of SpMMScatterTile: see SpMMScatterTileF64AVX2.
//
//go:noescape
func SpMMScatterTileF64AVX512(y []float64, ldy int, x []float64, ldx, w int, seg, idx []uint64, vals []float64, alpha float64, limit uint64)

// SpMMScatterTileF32AVX2 is the float32 AVX2 form of SpMMScatterTile: see SpMMScatterTileF64AVX2.
//
//go:noescape
func SpMMScatterTileF32AVX2(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, vals []float32, alpha float32, limit uint64)

// SpMMScatterTileF32AVX512 is the float32 AVX-512 form of SpMMScatterTile: see SpMMScatterTileF64AVX2.
//
//go:noescape
func SpMMScatterTileF32AVX512(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, vals []float32, alpha float32, limit uint64)
