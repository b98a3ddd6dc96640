package apitest_test

import (
	"errors"
	"iter"
	"reflect"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/layout"
)

// Each assignment below fails to compile when the named function or method
// no longer has the contract's signature (DESIGN.md, "The API contract"),
// for both element types.
func signatures[T csr.Float]() []any {
	var (
		newCOO  func(shape []uint64, coords []uint64, values []T) (*coo.Tensor[T], error)            = coo.New[T]
		newCSR  func(rows, cols uint64, rowPtr, colIdx []uint64, values []T) (*csr.Matrix[T], error) = csr.New[T]
		mulVec  func(a *csr.Matrix[T], y, x []T)                                                     = (*csr.Matrix[T]).MulVec
		mulMat  func(a *csr.Matrix[T], y, x []T, k int)                                              = (*csr.Matrix[T]).MulMat
		newCSF  func(shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values []T) (*csf.Tensor[T], error)
		fromBuf func(shape []uint64, modeOrder []uint32, buffers [][]byte, mode layout.Mode) (*csf.Tensor[T], error)

		shape     func(*csf.Tensor[T]) []uint64                          = (*csf.Tensor[T]).Shape
		rank      func(*csf.Tensor[T]) int                               = (*csf.Tensor[T]).Rank
		nnz       func(*csf.Tensor[T]) int                               = (*csf.Tensor[T]).NNZ
		modeOrder func(*csf.Tensor[T]) []uint32                          = (*csf.Tensor[T]).ModeOrder
		pos       func(*csf.Tensor[T], int) []uint64                     = (*csf.Tensor[T]).Pos
		crd       func(*csf.Tensor[T], int) []uint64                     = (*csf.Tensor[T]).Crd
		values    func(*csf.Tensor[T]) []T                               = (*csf.Tensor[T]).Values
		at        func(*csf.Tensor[T], ...uint64) T                      = (*csf.Tensor[T]).At
		find      func(*csf.Tensor[T], []uint64) (int, bool)             = (*csf.Tensor[T]).Find
		findBatch func(*csf.Tensor[T], []uint64, []int)                  = (*csf.Tensor[T]).FindBatch
		all       func(*csf.Tensor[T]) iter.Seq2[[]uint64, T]            = (*csf.Tensor[T]).All
		buffers   func(*csf.Tensor[T]) [][]byte                          = (*csf.Tensor[T]).Buffers
		validate  func(*csf.Tensor[T]) error                             = (*csf.Tensor[T]).Validate
		mttkrp    func(*csf.Tensor[T], int, [][]T, int, []T)             = (*csf.Tensor[T]).MTTKRP
		cooToCSR  func(*coo.Tensor[T]) (*csr.Matrix[T], error)           = convert.COOToCSR[T]
		cooToCSF  func(*coo.Tensor[T], []uint32) (*csf.Tensor[T], error) = convert.COOToCSF[T]
		csfToCOO  func(*csf.Tensor[T]) *coo.Tensor[T]                    = convert.CSFToCOO[T]
	)
	newCSF = csf.New[T]
	fromBuf = csf.FromBuffers[T]
	return []any{newCOO, newCSR, mulVec, mulMat, newCSF, fromBuf, shape, rank, nnz, modeOrder,
		pos, crd, values, at, find, findBatch, all, buffers, validate, mttkrp, cooToCSR, cooToCSF, csfToCOO}
}

func TestContract(t *testing.T) {
	for _, fs := range [][]any{signatures[float32](), signatures[float64]()} {
		for i, f := range fs {
			if f == nil {
				t.Errorf("signature %d is nil", i)
			}
		}
	}
	// The layout part: the tag values, the zero Mode being Strict, and
	// ErrInvalid matching every validation failure.
	var tag layout.Tag = layout.TagCOO
	if tag != 0x07 || layout.TagCSR != 0x08 || layout.TagCSC != 0x09 || layout.TagCSF != 0x0A {
		t.Errorf("tags: COO %#x CSR %#x CSC %#x CSF %#x, want 0x07 0x08 0x09 0x0A",
			layout.TagCOO, layout.TagCSR, layout.TagCSC, layout.TagCSF)
	}
	var m layout.Mode
	if m != layout.Strict || layout.Strict == layout.Permissive {
		t.Errorf("the zero layout.Mode is %v, want Strict (and Permissive distinct)", m)
	}
	if reflect.TypeOf(tag).Kind() != reflect.Uint8 || reflect.TypeOf(m).Kind() != reflect.Uint8 {
		t.Errorf("layout.Tag is a %v and layout.Mode a %v, want uint8 both", reflect.TypeOf(tag).Kind(), reflect.TypeOf(m).Kind())
	}
	var errInvalid error = layout.ErrInvalid
	_, err := csr.New[float64](1, 1, []uint64{0, 2}, []uint64{0}, []float64{1})
	if !errors.Is(err, errInvalid) {
		t.Errorf("csr.New on a bad row_ptr: %v, want an error matching layout.ErrInvalid", err)
	}
	_, err = coo.New([]uint64{2}, []uint64{5}, []float64{1})
	if !errors.Is(err, errInvalid) {
		t.Errorf("coo.New out of bounds: %v, want an error matching layout.ErrInvalid", err)
	}
}
