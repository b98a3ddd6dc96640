package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// SpMMScatter runs the row loop of a transposed sparse times dense product,
// Y += alpha * Aᵀ X for the CSR matrix (ptr, idx, vals) (or A X for the same
// arrays read as CSC), on a panel of w columns:
//
//	for i := 0; i+1 < len(ptr); i++ {
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			for c := range w {
//				y[idx[k]*ldy+c] += vals[k] * (alpha * x[i*ldx+c])
//			}
//		}
//	}
//
// Y is accumulated into, never cleared. It checks what SpMM checks, with the
// roles of x and y exchanged (indices below the rows of Y, len(ptr)-1 rows of
// X), and panics on a violation. Indices may repeat. The amd64 paths tile
// Y's rows as SpMM tiles X's, so that the rows of Y a tile adds into stay
// in L2 when Y does not fit there.
//
// Indices out of range: the panics above come before any write, from a
// pass over the index arrays. Every path also checks each segment and index
// again when it reads it (a compare and a branch that valid data never
// takes), which the format packages rely on when they skip that pass on a
// validated structure whose index arrays may have changed since: on one out
// of range the kernel stops and panics with "kernels: SpMMScatter: index out of
// range (an index array changed after validation?)", leaving what it wrote
// before, and it never reads or writes outside its slices.
//
// Paths: ref, generic, neon, avx2, avx512. Families "spmmscatter.f32" and
// "spmmscatter.f64".
func SpMMScatter[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	engine.SpMMScatter(y, ldy, x, ldx, w, ptr, idx, vals, alpha)
}
