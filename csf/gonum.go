package csf

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// MTTKRPDense is MTTKRP with gonum matrices: factors[n] is a shape[n] x
// cols *mat.Dense for every n but mode (factors[mode] is not read and may
// be nil), and dst receives the shape[mode] x cols result. cols, the number
// of columns of the factor matrices, is read from the factors, which must
// all have it. An empty dst (the zero Dense, or after Reset) is resized;
// otherwise its shape must match. Factors and dst whose stride is their
// column count are used in place; other ones (views made by Slice) are
// copied first. When shape[mode] or cols is 0 an empty dst stays empty, as
// gonum has no zero-size matrices.
//
// It panics with a "csf: MTTKRPDense: ..." message naming the operand on a
// bad mode, a missing factor or one of the wrong shape, and otherwise as
// MTTKRP does (dst must not share memory with a factor or the tensor).
func MTTKRPDense(t *Tensor[float64], mode int, factors []*mat.Dense, dst *mat.Dense) {
	rank := t.Rank()
	if mode < 0 || mode >= rank {
		panic(fmt.Sprintf("csf: MTTKRPDense: mode %d of a rank-%d tensor", mode, rank))
	}
	if len(factors) != rank {
		panic(fmt.Sprintf("csf: MTTKRPDense: %d factors for a rank-%d tensor", len(factors), rank))
	}
	shape := t.Shape()
	cols := -1
	raw := make([][]float64, rank)
	for n, f := range factors {
		if n == mode {
			continue
		}
		if f == nil || f.IsEmpty() {
			panic(fmt.Sprintf("csf: MTTKRPDense: factors[%d] is empty", n))
		}
		r, c := f.Dims()
		if cols < 0 {
			cols = c
		}
		if uint64(r) != shape[n] || c != cols {
			panic(fmt.Sprintf("csf: MTTKRPDense: factors[%d] is %dx%d, want %dx%d", n, r, c, shape[n], cols))
		}
		raw[n] = contiguous(f)
	}
	rows := shape[mode]
	if rows == 0 || cols == 0 {
		if !dst.IsEmpty() {
			panic(fmt.Sprintf("csf: MTTKRPDense: dst is not empty for a %dx%d result", rows, cols))
		}
		t.MTTKRP(mode, raw, cols, nil)
		return
	}
	if dst.IsEmpty() {
		dst.ReuseAs(int(rows), cols)
	} else if r, c := dst.Dims(); uint64(r) != rows || c != cols {
		panic(fmt.Sprintf("csf: MTTKRPDense: dst is %dx%d, want %dx%d", r, c, rows, cols))
	}
	if d := dst.RawMatrix(); d.Stride == cols {
		t.MTTKRP(mode, raw, cols, d.Data[:int(rows)*cols])
		return
	}
	out := make([]float64, int(rows)*cols)
	t.MTTKRP(mode, raw, cols, out)
	dst.Copy(mat.NewDense(int(rows), cols, out))
}

// contiguous returns f's elements row-major without gaps: its own array
// when the stride is the column count, else a copy.
func contiguous(f *mat.Dense) []float64 {
	d := f.RawMatrix()
	if d.Stride == d.Cols {
		return d.Data[:d.Rows*d.Cols]
	}
	out := make([]float64, 0, d.Rows*d.Cols)
	for i := range d.Rows {
		out = append(out, d.Data[i*d.Stride:i*d.Stride+d.Cols]...)
	}
	return out
}
