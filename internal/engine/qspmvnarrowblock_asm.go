//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

import "github.com/hurray-format/hurray-go/quant"

// qspmvNarrowBlockAsm is the glue of the assembly kernels of
// QSpMVNarrowBlock (index type I): values by block of at least 16 run the
// kernel of their kind, spmvRowsPerCall rows a call; smaller blocks, an
// empty x and a kind without a kernel (nib or mx nil), the generic loop.
//
//go:noinline
func qspmvNarrowBlockAsm[I Narrow](i8 func(y, x []float32, ptr []uint32, col []I, codes []byte, first int, scale []float32, b int, alpha, beta float32, spos []uint32),
	nib func(y, x []float32, ptr []uint32, col []I, codes []byte, first int, table, scale []float32, b int, alpha, beta float32, spos []uint32),
	mx func(y, x []float32, ptr []uint32, col []I, codes []byte, first int, table []float32, exps []byte, b int, alpha, beta float32, spos []uint32)) qspmvNarrowBlockFunc[I] {
	return func(y, x []float32, ptr []uint32, col []I, v *quant.Values, first int, spos []uint32, alpha, beta float32) {
		d := newBlockDecoder(v)
		if len(ptr) != len(y)+1 {
			panic("kernels: QSpMVNarrowBlock: internal error: lengths")
		}
		if d.b < 16 || len(x) == 0 || d.mx && mx == nil || d.table != nil && !d.mx && nib == nil {
			qspmvNarrowBlockGeneric(y, x, ptr, col, v, first, spos, alpha, beta)
			return
		}
		if beta == 0 {
			beta = 0 // +0: the kernels do not read y
		}
		codes, b := v.Codes, d.b
		asmPieces(len(y), spmvRowsPerCall, func(lo, hi int) (int, bool) {
			var sp []uint32
			if spos != nil {
				sp = spos[lo:hi]
			}
			switch {
			case d.table == nil:
				i8(y[lo:hi], x, ptr[lo:hi+1], col, codes, first, v.Scale, b, alpha, beta, sp)
			case d.mx:
				mx(y[lo:hi], x, ptr[lo:hi+1], col, codes, first, d.table[:], v.Exp, b, alpha, beta, sp)
			default:
				nib(y[lo:hi], x, ptr[lo:hi+1], col, codes, first, d.table[:], v.Scale, b, alpha, beta, sp)
			}
			return hi, true
		}, func(lo, end int) {
			raceRows(ptr, col, col, x, lo, end, false) // the indices and x; col stands for the values
			for i := lo; i < end; i++ {
				a, e := clampRange(ptr, i, len(col))
				if a >= e {
					continue
				}
				p, q := first+a, first+e // the codes' positions
				if d.table != nil {
					raceRead(codes[p/2 : (q+1)/2])
				} else {
					raceRead(codes[p:q])
				}
				if spos != nil {
					p, q = int(spos[i]), int(spos[i])+e-a // the scales'
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
