//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

import "github.com/hurray-format/hurray-go/quant"

// qspmvNarrowBlockAsm is the glue of the assembly kernels of
// QSpMVNarrowBlock (index type I): values by block of at least 16 run the
// kernel of their kind, spmvRowsPerCall rows a call; smaller blocks, an
// empty x and a kind without a kernel (nib or mx nil), the generic loop.
//
//go:noinline
func qspmvNarrowBlockAsm[I Narrow](i8 func(y, x []float32, ptr []uint32, col []I, codes []byte, first int, scale []float32, b int, alpha, beta float32),
	nib func(y, x []float32, ptr []uint32, col []I, codes []byte, first int, table, scale []float32, b int, alpha, beta float32),
	mx func(y, x []float32, ptr []uint32, col []I, codes []byte, first int, table []float32, exps []byte, b int, alpha, beta float32)) qspmvNarrowBlockFunc[I] {
	return qspmvNarrowBlockAsmS(1, i8, nib, mx)
}

// qspmvNarrowBlockAsmS is qspmvNarrowBlockAsm on rows whose segments are
// ptr[stride*i]..ptr[stride*i+1] (stride 2: QSpMVNarrowBlockPairs, whose
// kernels read pairs).
//
//go:noinline
func qspmvNarrowBlockAsmS[I Narrow](stride int, i8 func(y, x []float32, ptr []uint32, col []I, codes []byte, first int, scale []float32, b int, alpha, beta float32),
	nib func(y, x []float32, ptr []uint32, col []I, codes []byte, first int, table, scale []float32, b int, alpha, beta float32),
	mx func(y, x []float32, ptr []uint32, col []I, codes []byte, first int, table []float32, exps []byte, b int, alpha, beta float32)) qspmvNarrowBlockFunc[I] {
	return func(y, x []float32, ptr []uint32, col []I, v *quant.Values, first int, alpha, beta float32) {
		d := newBlockDecoder(v)
		if len(ptr) != stride*len(y)+2-stride {
			panic("kernels: QSpMVNarrowBlock: internal error: lengths")
		}
		if d.b < 16 || len(x) == 0 || d.mx && mx == nil || d.table != nil && !d.mx && nib == nil {
			qspmvNarrowBlockRows(y, x, ptr, stride, col, v, first, alpha, beta)
			return
		}
		if beta == 0 {
			beta = 0 // +0: the kernels do not read y
		}
		codes, b := v.Codes, d.b
		asmPieces(len(y), spmvRowsPerCall, func(lo, hi int) (int, bool) {
			p := ptr[stride*lo : stride*hi+2-stride]
			switch {
			case d.table == nil:
				i8(y[lo:hi], x, p, col, codes, first, v.Scale, b, alpha, beta)
			case d.mx:
				mx(y[lo:hi], x, p, col, codes, first, d.table[:], v.Exp, b, alpha, beta)
			default:
				nib(y[lo:hi], x, p, col, codes, first, d.table[:], v.Scale, b, alpha, beta)
			}
			return hi, true
		}, func(lo, end int) {
			if stride == 1 {
				raceRows(ptr, col, col, x, lo, end, false) // the indices and x; col stands for the values
			} else {
				raceRead(ptr[stride*lo : stride*end])
				for i := lo; i < end; i++ {
					a, e := clampRange(ptr, stride*i, len(col))
					raceRows([]uint32{uint32(a), uint32(e)}, col, col, x, 0, 1, false)
				}
			}
			for i := lo; i < end; i++ {
				a, e := clampRange(ptr, stride*i, len(col))
				if a >= e {
					continue
				}
				p, q := first+a, first+e // the values' positions
				if d.table != nil {
					raceRead(codes[p/2 : (q+1)/2])
				} else {
					raceRead(codes[p:q])
				}
				if d.mx {
					raceRead(v.Exp[p/b : (q-1)/b+1])
				} else {
					raceRead(v.Scale[p/b : (q-1)/b+1])
				}
			}
			raceWrite(y[lo:end])
		})
	}
}
