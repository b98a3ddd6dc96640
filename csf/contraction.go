package csf

import "github.com/hurray-format/hurray-go/csr"

// Contraction is the sparse result of TTVAny: a tensor of rank N-1 for a
// tensor of rank N. A CSF tensor has rank 3 or more (ADR-025), so the
// result of a rank-3 tensor is a matrix. Exactly one field is non-nil:
// Matrix (a CSR or CSC csr.Matrix) when the result has rank 2, Tensor when
// it has rank 3 or more. Both are validated. The methods answer for
// whichever it holds, so code that only reads the result need not tell the
// two apart.
type Contraction[T Float] struct {
	Matrix *csr.Matrix[T] // rank-2 result, as TTVMatrix returns it
	Tensor *Tensor[T]     // rank 3 or more, as TTV returns it
}

// TTVAny multiplies the tensor by a dense vector along one mode, on a
// tensor of any rank: the result is TTVMatrix's matrix for rank 3 and
// TTV's tensor for rank 4 or more (see those for the result's layout, what
// it shares with t and the cost). It panics as they do: with a "csf: ..."
// message when len(v) != shape[mode], the mode is out of range or the
// tensor is unvalidated. It allocates the result.
func (t *Tensor[T]) TTVAny(mode int, v []T) Contraction[T] {
	if len(t.shape) == 3 {
		return Contraction[T]{Matrix: t.TTVMatrix(mode, v)}
	}
	return Contraction[T]{Tensor: t.TTV(mode, v)}
}

// Rank returns the result's number of modes: 2 for a matrix.
func (c Contraction[T]) Rank() int {
	if c.Matrix != nil {
		return 2
	}
	return c.Tensor.Rank()
}

// Shape returns a copy of the result's shape in logical mode order.
func (c Contraction[T]) Shape() []uint64 {
	if c.Matrix != nil {
		return c.Matrix.Shape()
	}
	return c.Tensor.Shape()
}

// Dims returns the result's shape as ints. It panics when a dimension does
// not fit an int.
func (c Contraction[T]) Dims() []int {
	if c.Matrix != nil {
		r, k := c.Matrix.Dims()
		return []int{r, k}
	}
	return c.Tensor.Dims()
}

// NNZ returns the number of stored entries of the result.
func (c Contraction[T]) NNZ() int {
	if c.Matrix != nil {
		return c.Matrix.NNZ()
	}
	return c.Tensor.NNZ()
}

// At returns the value at a logical coordinate of the result (one entry per
// mode), 0 where nothing is stored. It panics when the coordinate does not
// have Rank entries or lies outside the shape.
func (c Contraction[T]) At(coord ...uint64) T {
	if c.Matrix != nil {
		return c.Matrix.AtCoord(coord...)
	}
	return c.Tensor.At(coord...)
}

// ToDense returns the result as a new dense slice in row-major (C) order
// of its logical shape, zeros where nothing is stored; it panics when the
// element count overflows an int.
func (c Contraction[T]) ToDense() []T {
	if c.Matrix != nil {
		return c.Matrix.ToDense()
	}
	return c.Tensor.ToDense()
}

// String describes the result as its matrix or tensor does.
func (c Contraction[T]) String() string {
	if c.Matrix != nil {
		return c.Matrix.String()
	}
	return c.Tensor.String()
}
