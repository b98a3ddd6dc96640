package testutil

import "gonum.org/v1/gonum/mat"

// DenseMul returns alpha op(D) X + beta Y with gonum, the oracle of the
// products' tests: D is rows x cols row-major, op(D) is D or (trans) its
// transpose, X has k columns and Y (read only when beta != 0) the shape of
// the result. Empty shapes, which gonum refuses, give beta Y.
func DenseMul(d []float64, rows, cols int, trans bool, x []float64, k int, alpha float64, y []float64, beta float64) []float64 {
	r, c := rows, cols
	if trans {
		r, c = cols, rows
	}
	out := make([]float64, r*k)
	if r > 0 && k > 0 && c > 0 {
		var D mat.Matrix = mat.NewDense(rows, cols, d)
		if trans {
			D = D.T()
		}
		var p mat.Dense
		p.Mul(D, mat.NewDense(c, k, x))
		copy(out, p.RawMatrix().Data)
	}
	for i := range out {
		out[i] *= alpha
		if beta != 0 {
			out[i] += beta * y[i]
		}
	}
	return out
}
