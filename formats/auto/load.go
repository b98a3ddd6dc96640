package auto

import (
	"fmt"
	"slices"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
)

// ReadCOO reads the file at path (.mtx, .mm, .tns, .npz or .npy, chosen by
// extension as Read does) into a COO tensor with values of type T, whatever
// the file's own value type. A compressed matrix or CSF tensor is expanded
// in storage order; a dense array keeps its nonzero entries, in row-major
// order. opts is as for Read, except that Options.Quantized is ignored: a
// file of quantized values is an error. Every error names the file.
func ReadCOO[T Float](path string, opts Options) (*coo.Tensor[T], error) {
	f, err := readFloat[T](path, opts)
	if err != nil {
		return nil, err
	}
	return f.sparse()
}

// ReadCSR reads the file at path (as ReadCOO does) into a CSR matrix with
// values of type T. The file must hold a matrix (rank 2); COO duplicates are
// summed (convert.COOToCSR). A file already in CSR is returned as read, with
// no copy. Every error names the file.
func ReadCSR[T Float](path string, opts Options) (*csr.Matrix[T], error) {
	f, err := readFloat[T](path, opts)
	if err != nil {
		return nil, err
	}
	return f.ToCSR()
}

// ReadCSC reads the file at path (as ReadCOO does) into a CSC matrix with
// values of type T; otherwise as ReadCSR.
func ReadCSC[T Float](path string, opts Options) (*csr.Matrix[T], error) {
	f, err := readFloat[T](path, opts)
	if err != nil {
		return nil, err
	}
	return f.ToCSC()
}

// ReadCSF reads the file at path (as ReadCOO does) into a CSF tensor with
// values of type T and the given mode order: modeOrder[l] is the mode
// stored at level l, and nil means the identity order (0, 1, ..., rank-1).
// The file must hold a tensor of rank 3 or more; COO duplicates are summed
// (convert.COOToCSF). A file already in CSF with that order is returned as
// read; one in another order is reordered (convert.Reorder). Every error
// names the file.
func ReadCSF[T Float](path string, modeOrder []uint32, opts Options) (*csf.Tensor[T], error) {
	f, err := readFloat[T](path, opts)
	if err != nil {
		return nil, err
	}
	return f.ToCSF(modeOrder)
}

func readFloat[T Float](path string, opts Options) (*File[T], error) {
	opts.Quantized = false
	return Read[T](path, opts)
}

// ToCSR returns the file's content as a CSR matrix: the stored one when it
// is CSR, else a conversion (a CSC matrix is transposed in storage; a COO
// tensor of rank 2 has its duplicates summed; a dense 2-D array keeps its
// nonzero entries). It is an error, naming the file, for quantized values
// (dequantize them first) and for any rank but 2.
func (f *File[T]) ToCSR() (*csr.Matrix[T], error) { return f.matrix(false) }

// ToCSC is ToCSR for a CSC matrix.
func (f *File[T]) ToCSC() (*csr.Matrix[T], error) { return f.matrix(true) }

func (f *File[T]) matrix(csc bool) (*csr.Matrix[T], error) {
	name := "CSR"
	if csc {
		name = "CSC"
	}
	if f.Matrix != nil {
		if f.Matrix.IsCSC() == csc {
			return f.Matrix, nil
		}
		return convert.CSRToCSC(f.Matrix), nil
	}
	t, err := f.sparse()
	if err != nil {
		return nil, err
	}
	if t.Rank() != 2 {
		return nil, fmt.Errorf("%s: a rank-%d tensor cannot be %s (rank 2 only)", f.Path, t.Rank(), name)
	}
	var a *csr.Matrix[T]
	if csc {
		a, err = convert.COOToCSC(t)
	} else {
		a, err = convert.COOToCSR(t)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Path, err)
	}
	return a, nil
}

// ToCSF returns the file's content as a CSF tensor with the given mode order
// (nil for the identity order): the stored tensor when it is CSF in that
// order, else a conversion (convert.Reorder for a CSF tensor in another
// order, convert.COOToCSF, which sums duplicates, for COO; a dense array
// keeps its nonzero entries). It is an error, naming the file, for
// quantized values, for a rank below 3 and for a mode order that is not a
// permutation of the modes.
func (f *File[T]) ToCSF(modeOrder []uint32) (*csf.Tensor[T], error) {
	if f.CSF != nil {
		if modeOrder == nil && isIdentity(f.CSF.ModeOrder()) || slices.Equal(modeOrder, f.CSF.ModeOrder()) {
			return f.CSF, nil
		}
		t, err := convert.Reorder(f.CSF, modeOrder)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Path, err)
		}
		return t, nil
	}
	t, err := f.sparse()
	if err != nil {
		return nil, err
	}
	if t.Rank() < 3 {
		return nil, fmt.Errorf("%s: a rank-%d tensor cannot be CSF (rank 3 or more)", f.Path, t.Rank())
	}
	c, err := convert.COOToCSF(t, modeOrder)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Path, err)
	}
	return c, nil
}

func isIdentity(order []uint32) bool {
	for i, m := range order {
		if m != uint32(i) {
			return false
		}
	}
	return true
}

// sparse is ToCOO, with a dense array's nonzero entries in row-major order.
func (f *File[T]) sparse() (*coo.Tensor[T], error) {
	if f.COO != nil || f.Matrix != nil || f.CSF != nil || f.Quantized() {
		return f.ToCOO()
	}
	r := len(f.DenseShape)
	var coords []uint64
	var vals []T
	coord := make([]uint64, r)
	for _, v := range f.Dense {
		if v != 0 {
			coords = append(coords, coord...)
			vals = append(vals, v)
		}
		for m := r - 1; m >= 0; m-- {
			if coord[m]++; coord[m] < f.DenseShape[m] {
				break
			}
			coord[m] = 0
		}
	}
	t, err := coo.New(slices.Clone(f.DenseShape), coords, vals)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Path, err)
	}
	return t, nil
}
