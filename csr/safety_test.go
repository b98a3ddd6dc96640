package csr_test

import (
	"math"
	"regexp"
	"testing"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
)

// The index arrays of a validated matrix may change afterwards: through
// Idx, through the bytes given to FromBuffers, or through a product whose
// output views another structure's indices. The products then read those
// indices as they are, and must stop with the kernels' panic, never fault
// or write outside their output. A fault ends the test binary, so each case
// runs in a child process (testutil.RunIsolated), once per kernel path.

// Panics of the product kernels on an index changed after validation, as
// regular expressions.
var (
	spmmBad        = regexp.QuoteMeta("kernels: SpMM: index out of range (an index array changed after validation?)")
	spmmScatterBad = regexp.QuoteMeta("kernels: SpMMScatter: index out of range (an index array changed after validation?)")
)

// twoByFour is a validated 2x4 CSR matrix with entries (0,0) (0,1) (1,2)
// (1,3).
func twoByFour(t *testing.T) *csr.Matrix[float64] {
	a, err := csr.New[float64](2, 4, []uint64{0, 2, 4}, []uint64{0, 1, 2, 3}, []float64{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// sharedBytes returns a validated 2x4 matrix a whose col_idx bytes are the
// values of a 4x4 matrix b, after a third matrix's product has written x
// (times the identity) into b's values, and so into a's indices.
func sharedBytes(t *testing.T, x []float64) *csr.Matrix[float64] {
	shared := mem.Uint64Bytes([]uint64{0, 1, 2, 3})
	a, err := csr.FromBuffers[float64](2, 4, [][]byte{
		mem.FloatBytes([]float64{1, 2, 3, 4}), mem.Uint64Bytes([]uint64{0, 2, 4}), shared,
	}, layout.Strict)
	if err != nil {
		t.Fatal(err)
	}
	b, err := csr.FromBuffers[float64](4, 4, [][]byte{
		shared, mem.Uint64Bytes([]uint64{0, 1, 2, 3, 4}), mem.Uint64Bytes([]uint64{0, 1, 2, 3}),
	}, layout.Strict)
	if err != nil {
		t.Fatal(err)
	}
	c, err := csr.New[float64](4, 4, []uint64{0, 1, 2, 3, 4}, []uint64{0, 1, 2, 3}, []float64{1, 1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	c.MulVec(b.Values(), x)
	return a
}

// changed is a case that sets entry i of twoByFour's array (idxOf or
// ptrOf) to v and runs op on the matrix.
func changed(name, want string, array func(*csr.Matrix[float64]) []uint64, i int, v uint64, op func(a *csr.Matrix[float64])) testutil.Case {
	return testutil.Case{Name: name, Want: want, Run: func(t *testing.T) {
		a := twoByFour(t)
		array(a)[i] = v
		op(a)
	}}
}

var (
	idxOf = (*csr.Matrix[float64]).Idx
	ptrOf = (*csr.Matrix[float64]).Ptr
)

// mulMatTrans and mulMat run the products on panels of 8 columns.
func mulMatTrans(a *csr.Matrix[float64]) {
	a.MulMatTrans(make([]float64, 4*8), make([]float64, 2*8), 8)
}

func mulMat(a *csr.Matrix[float64]) { a.MulMat(make([]float64, 2*8), make([]float64, 4*8), 8) }

// safetyCases are the cases: each changes indices after validation and
// runs a product; Want is the panic it must end in ("" when it must
// complete: SpMV and its transpose skip an index out of range).
var safetyCases = []testutil.Case{
	changed("idx=4/MulMatTrans", spmmScatterBad, idxOf, 1, 4, mulMatTrans),
	changed("idx=2^40/MulMatTrans", spmmScatterBad, idxOf, 1, 1<<40, mulMatTrans),
	changed("idx=4/MulMat", spmmBad, idxOf, 1, 4, mulMat),
	changed("idx=2^63/MulMat", spmmBad, idxOf, 3, 1<<63, mulMat),
	// SpMM's pass over ptr (O(rows), kept by the unchecked entry point)
	// finds a row pointer first.
	changed("ptr=2^40/MulMat", regexp.QuoteMeta("kernels: SpMM: ptr not non-decreasing or beyond len(idx)"), ptrOf, 1, 1<<40, mulMat),
	changed("idx=2^40/MulVec", "", idxOf, 1, 1<<40, func(a *csr.Matrix[float64]) {
		a.MulVec(make([]float64, 2), make([]float64, 4))
		a.MulVecTrans(make([]float64, 4), make([]float64, 2))
	}),
	{Name: "FromBuffers bytes/MulMatTrans", Want: spmmScatterBad, Run: func(t *testing.T) {
		idx := []uint64{0, 1, 2, 3}
		buf := mem.Uint64Bytes(idx)
		a, err := csr.FromBuffers[float64](2, 4, [][]byte{
			mem.FloatBytes([]float64{1, 2, 3, 4}), mem.Uint64Bytes([]uint64{0, 2, 4}), buf,
		}, layout.Strict)
		if err != nil {
			t.Fatal(err)
		}
		buf[13] = 1 // idx[1] = 1 + 1<<40
		mulMatTrans(a)
	}},
	{Name: "shared bytes/MulMatTrans", Want: spmmScatterBad, Run: func(t *testing.T) {
		a := sharedBytes(t, []float64{1, 2, 3, 4})
		if !a.Valid() {
			t.Fatal("a no longer valid: the case does not reach the kernels")
		}
		mulMatTrans(a)
	}},
	{Name: "shared bytes/one past/MulMatTrans", Want: spmmScatterBad, Run: func(t *testing.T) {
		// The subnormal whose bits are 4 is one past a's last column: the
		// write a kernel without a check would put just past its output.
		x := math.Float64frombits(4)
		a := sharedBytes(t, []float64{0, x, 0, x})
		if got := a.Idx(); got[1] != 4 || got[3] != 4 || !a.Valid() {
			t.Fatalf("a's indices %v, valid %v: the case does not reach the kernels", got, a.Valid())
		}
		mulMatTrans(a)
	}},
}

// TestIndexChangedAfterValidation runs every case in a child process on
// every kernel path and automatic selection (automatic selection alone
// with -short).
func TestIndexChangedAfterValidation(t *testing.T) {
	testutil.RunCases(t, "TestIndexChangedAfterValidation", safetyCases)
}
