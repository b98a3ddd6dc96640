//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

import "github.com/hurray-format/hurray-go/quant"

// The glue of the fused SpMM kernels (amd64.QSpMM8BlockAVX2's contract):
// the row loop of SpMM with each value decoded from its code where the
// float32 kernels read it, through a table of float32 values (256 for
// 8-bit codes, the 512-entry nibble expansion for 4-bit ones) times the
// block's scale, or with the row's scale applied to the row's sums.

// qspmmAsmKernel is one fused SpMM kernel (see amd64.QSpMM8BlockAVX2).
type qspmmAsmKernel = func(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)

// qspmmKernels are one tier's fused SpMM kernels by code width (8 or 4
// bits) and scale (by row, by block as float32, by block as E8M0), nil
// where the tier has none.
type qspmmKernels struct {
	row8, block8, mx8 qspmmAsmKernel
	row4, block4, mx4 qspmmAsmKernel
}

// nib512 expands a 16-entry table of 4-bit codes into the kernels'
// 512-entry form: entry p*256 + c is the value of nibble p of byte c.
func nib512(t *[16]float32) *[512]float32 {
	var e [512]float32
	for c := range 256 {
		e[c] = t[c&15]
		e[256+c] = t[c>>4]
	}
	return &e
}

// The 512-entry tables of the 4-bit kinds.
var (
	int4Table512 = nib512(&int4Table)
	nf4Table512  = nib512(&nf4Table)
	e2m1Table512 = nib512(&e2m1Table)
)

// qspmmKernelFor returns the kernel of ks that takes q, an operand of the
// rows of ptr on the values of idx, and its table, or nil: int8 and 4-bit
// codes by row (not uint8, whose zero points the kernels do not read), and
// by block every kind but uint8, with codes and a parameter for every
// value below len(idx).
func qspmmKernelFor(ks *qspmmKernels, q *qOperand, ptr, idx []uint64) (qspmmAsmKernel, []float32) {
	n := len(idx)
	var t512 *[512]float32
	switch q.kind {
	case quant.Int4:
		t512 = int4Table512
	case quant.NF4:
		t512 = nf4Table512
	case quant.MXFP4:
		t512 = e2m1Table512
	case quant.Int8, quant.MXFP8:
	default:
		return nil, nil
	}
	nib := t512 != nil
	bytes := n
	if nib {
		bytes = (n + 1) / 2
	}
	if len(q.v.Codes) < bytes {
		return nil, nil
	}
	var table []float32
	if nib {
		table = t512[:]
	} else {
		table = q.tab8[:]
	}
	switch q.mode {
	case qRow:
		if len(q.rs) != len(ptr)-1 {
			return nil, nil
		}
		if nib {
			return ks.row4, table
		}
		return ks.row8, table
	case qBlock:
		if q.b < 1 {
			return nil, nil
		}
		mx := q.kind == quant.MXFP4 || q.kind == quant.MXFP8
		params := len(q.v.Scale)
		if mx {
			params = len(q.v.Exp)
		}
		if params < (n+q.b-1)/q.b {
			return nil, nil
		}
		switch {
		case nib && mx:
			return ks.mx4, table
		case nib:
			return ks.block4, table
		case mx:
			return ks.mx8, table
		default:
			return ks.block8, table
		}
	}
	return nil, nil
}

// qspmmFusedAsm is the glue of the fused SpMM kernels: an operand one of
// ks takes runs it, in calls of spmmRows rows; any other takes
// qspmmTiled.
//
//go:noinline
func qspmmFusedAsm(ks qspmmKernels) qspmmFunc {
	return func(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
		k, table := qspmmKernelFor(&ks, q, ptr, idx)
		if k == nil {
			qspmmTiled(y, ldy, x, ldx, w, ptr, idx, q, alpha, beta)
			return
		}
		rows := len(ptr) - 1
		if rows > 0 && (w < 1 || ldy < w || ldx < w || len(y) < (rows-1)*ldy+w) {
			panic("kernels: QSpMM: internal error: lengths")
		}
		if beta == 0 {
			beta = 0 // +0: the kernels do not read y
		}
		xrows := qXRows(x, ldx, w)
		codes, scale, exps, b := q.v.Codes, q.v.Scale, q.v.Exp, q.b
		row := q.mode == qRow
		asmPieces(rows, rows, func(lo, _ int) (int, bool) {
			hi := spmmRows(ptr, lo, w)
			sc := scale
			if row {
				sc = q.rs[lo:hi]
			}
			k(y[lo*ldy:], ldy, x, ldx, w, ptr[lo:hi+1], idx, codes, table, sc, exps, b, alpha, beta, xrows)
			return hi, true
		}, func(lo, end int) {
			raceQSpMM(y, ldy, x, ldx, w, ptr, idx, q, xrows, lo, end)
		})
	}
}

// raceQSpMM records what a fused SpMM kernel call on rows lo..end-1 of ptr
// read and wrote: the rows' ptr entries, rows of y, entries (clamped to
// len(idx)) with their codes and parameters, and the rows of x their
// indices name below xrows.
func raceQSpMM(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, xrows uint64, lo, end int) {
	raceRead(ptr[lo : end+1])
	nib := q.table != nil
	for i := lo; i < end; i++ {
		raceWrite(y[i*ldy:][:w])
		a, b := clampRange(ptr, i, len(idx))
		if a == b {
			continue
		}
		raceRead(idx[a:b])
		if nib {
			raceRead(q.v.Codes[a/2 : (b+1)/2])
		} else {
			raceRead(q.v.Codes[a:b])
		}
		switch {
		case q.mode == qRow:
			raceRead(q.rs[i : i+1])
		case q.kind == quant.MXFP4 || q.kind == quant.MXFP8:
			raceRead(q.v.Exp[a/q.b : (b-1)/q.b+1])
		default:
			raceRead(q.v.Scale[a/q.b : (b-1)/q.b+1])
		}
		for _, j := range idx[a:b] {
			if j < xrows {
				raceRead(x[int(j)*ldx:][:w])
			}
		}
	}
}
