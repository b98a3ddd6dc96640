package csr_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/layout"
)

// dense 3x4:
//
//	[1 0 2 0]
//	[0 0 0 0]
//	[0 3 0 4]
var dense = [3][4]float64{{1, 0, 2, 0}, {0, 0, 0, 0}, {0, 3, 0, 4}}

func csrParts() ([]uint64, []uint64, []float64) {
	return []uint64{0, 2, 2, 4}, []uint64{0, 2, 1, 3}, []float64{1, 2, 3, 4}
}

func cscParts() ([]uint64, []uint64, []float64) {
	return []uint64{0, 1, 2, 3, 4}, []uint64{0, 2, 0, 2}, []float64{1, 3, 2, 4}
}

func checkDense(t *testing.T, a *csr.Matrix[float64]) {
	t.Helper()
	var coords []uint64
	var want []bool
	for i := range 3 {
		for j := range 4 {
			if got := a.At(uint64(i), uint64(j)); got != dense[i][j] {
				t.Fatalf("%v At(%d,%d) = %v, want %v", a, i, j, got, dense[i][j])
			}
			coords = append(coords, uint64(i), uint64(j))
			want = append(want, dense[i][j] != 0)
		}
	}
	coords = append(coords, 3, 0, 0, 4, ^uint64(0), 1)
	want = append(want, false, false, false)
	out := make([]int, len(want))
	a.FindBatch(coords, out)
	for k, w := range want {
		if (out[k] >= 0) != w || (w && a.Values()[out[k]] != dense[coords[2*k]][coords[2*k+1]]) {
			t.Fatalf("%v FindBatch[%d] (%d,%d) = %d", a, k, coords[2*k], coords[2*k+1], out[k])
		}
	}
	n := 0
	for c, v := range a.All() {
		if dense[c[0]][c[1]] != v {
			t.Fatalf("All yields (%v) = %v", c, v)
		}
		n++
	}
	if n != 4 {
		t.Fatalf("All yielded %d entries", n)
	}
}

func TestCSRAndCSC(t *testing.T) {
	p, i, v := csrParts()
	a, err := csr.New(3, 4, p, i, v)
	if err != nil {
		t.Fatal(err)
	}
	checkDense(t, a)
	p, i, v = cscParts()
	c, err := csr.NewCSC(3, 4, p, i, v)
	if err != nil {
		t.Fatal(err)
	}
	checkDense(t, c)
	if c.Tag() != layout.TagCSC || a.Tag() != layout.TagCSR {
		t.Fatal("tags")
	}
	// T of the CSR is CSC of the transpose, sharing memory.
	at := a.T()
	if !at.IsCSC() || at.Rows() != 4 || at.Cols() != 3 || &at.Values()[0] != &a.Values()[0] {
		t.Fatalf("T() = %v", at)
	}
	for i := range 3 {
		for j := range 4 {
			if at.At(uint64(j), uint64(i)) != dense[i][j] {
				t.Fatal("transpose view wrong")
			}
		}
	}
	if s := a.String(); s != "csr float64 3x4 nnz 4" {
		t.Fatalf("String() = %q", s)
	}
}

func TestRejects(t *testing.T) {
	for _, tc := range []struct {
		name     string
		csc      bool
		rows     uint64
		ptr, idx []uint64
		vals     []float64
		want     string
	}{
		{"ptr length", false, 3, []uint64{0, 2, 4}, []uint64{0, 2, 1, 3}, []float64{1, 2, 3, 4}, "row_ptr: length 3, want 4"},
		{"ptr first", false, 3, []uint64{1, 2, 2, 4}, []uint64{0, 2, 1, 3}, []float64{1, 2, 3, 4}, "row_ptr[0]: 1, want 0"},
		{"ptr decreasing", false, 3, []uint64{0, 3, 2, 4}, []uint64{0, 2, 1, 3}, []float64{1, 2, 3, 4}, "row_ptr[2]: 2 is below the previous entry 3"},
		{"ptr terminal", false, 3, []uint64{0, 2, 2, 3}, []uint64{0, 2, 1, 3}, []float64{1, 2, 3, 4}, "row_ptr[3]: terminal entry 3, want 4"},
		{"idx order", false, 3, []uint64{0, 2, 2, 4}, []uint64{2, 0, 1, 3}, []float64{1, 2, 3, 4}, "col_idx[1]: 0 follows 2"},
		{"idx duplicate", false, 3, []uint64{0, 2, 2, 4}, []uint64{2, 2, 1, 3}, []float64{1, 2, 3, 4}, "col_idx[1]: 2 follows 2"},
		{"idx bound", false, 3, []uint64{0, 2, 2, 4}, []uint64{0, 2, 1, 4}, []float64{1, 2, 3, 4}, "col_idx[3]: 4 is not below the dimension size 4"},
		{"values", false, 3, []uint64{0, 2, 2, 4}, []uint64{0, 2, 1, 3}, []float64{1, 2, 3}, "values: length 3, want 4"},
		{"csc idx bound", true, 3, []uint64{0, 1, 2, 3, 4}, []uint64{0, 2, 0, 3}, []float64{1, 3, 2, 4}, "csc: row_idx[3]: 3 is not below the dimension size 3"},
		{"csc ptr", true, 3, []uint64{0, 1, 2, 4}, []uint64{0, 2, 0, 2}, []float64{1, 3, 2, 4}, "csc: col_ptr: length 4, want 5"},
	} {
		var err error
		var bufErr error
		bufs := [][]byte{slices.Clone(mem.FloatBytes(tc.vals)), slices.Clone(mem.Uint64Bytes(tc.ptr)), slices.Clone(mem.Uint64Bytes(tc.idx))}
		if tc.csc {
			_, err = csr.NewCSC(tc.rows, 4, tc.ptr, tc.idx, tc.vals)
			_, bufErr = csr.FromBuffersCSC[float64](tc.rows, 4, bufs, layout.Strict)
		} else {
			_, err = csr.New(tc.rows, 4, tc.ptr, tc.idx, tc.vals)
			_, bufErr = csr.FromBuffers[float64](tc.rows, 4, bufs, layout.Strict)
		}
		for _, e := range []error{err, bufErr} {
			if e == nil || !errors.Is(e, layout.ErrInvalid) || !strings.Contains(e.Error(), tc.want) {
				t.Errorf("%s: got %v, want %q", tc.name, e, tc.want)
			}
		}
	}
}

func TestFromBuffers(t *testing.T) {
	p, i, v := csrParts()
	bufs := [][]byte{slices.Clone(mem.FloatBytes(v)), slices.Clone(mem.Uint64Bytes(p)), slices.Clone(mem.Uint64Bytes(i))}
	a, err := csr.FromBuffers[float64](3, 4, bufs, layout.Strict)
	if err != nil {
		t.Fatal(err)
	}
	checkDense(t, a)
	if mem.LittleEndian && unsafe.Pointer(&a.Idx()[0]) != unsafe.Pointer(&bufs[2][0]) {
		t.Fatal("aligned buffer copied")
	}
	if _, err := csr.FromBuffers[float64](3, 4, bufs[:2], layout.Strict); err == nil || !strings.Contains(err.Error(), "2 buffers, want 3") {
		t.Fatalf("count: %v", err)
	}
	if _, err := csr.FromBuffers[float32](3, 4, [][]byte{bufs[0][:6], bufs[1], bufs[2]}, layout.Strict); err == nil || !strings.Contains(err.Error(), "values: byte length 6") {
		t.Fatalf("values bytes: %v", err)
	}
	bad := [][]byte{bufs[0], bufs[1], bufs[2][:8]}
	h, err := csr.FromBuffers[float64](3, 4, bad, layout.Permissive)
	if err != nil || h.Valid() {
		t.Fatalf("permissive: %v", err)
	}
	func() {
		defer func() {
			err, _ := recover().(error)
			if !errors.Is(err, layout.ErrUnvalidated) {
				t.Fatalf("compute on unvalidated: %v", err)
			}
		}()
		h.At(0, 0)
	}()
	if err := h.Validate(); err == nil {
		t.Fatal("Validate accepted a short col_idx")
	}
	if got := h.Buffers(); &got[2][0] != &bad[2][0] {
		t.Fatal("permissive Buffers not byte-exact")
	}
}

// TestRevalidate: Validate checks everything every time. A column index
// changed through Idx to one out of bounds makes it fail, and then the
// matrix refuses to compute until a Validate passes again.
func TestRevalidate(t *testing.T) {
	a, err := csr.New[float64](2, 3, []uint64{0, 1, 2}, []uint64{2, 0}, []float64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	a.Idx()[0] = 1 << 40
	if err := a.Validate(); err == nil || !errors.Is(err, layout.ErrInvalid) {
		t.Fatalf("Validate after col_idx[0] = 2^40: %v, want a validation error", err)
	}
	if a.Valid() {
		t.Fatal("Valid() is true after a failed Validate")
	}
	y := make([]float64, 2)
	func() {
		defer func() {
			if err, _ := recover().(error); !errors.Is(err, layout.ErrUnvalidated) {
				t.Fatalf("MulVec after a failed Validate: panic %v, want ErrUnvalidated", err)
			}
		}()
		a.MulVec(y, []float64{1, 1, 1})
	}()
	a.Idx()[0] = 2
	if err := a.Validate(); err != nil || !a.Valid() {
		t.Fatalf("Validate after restoring col_idx[0]: %v", err)
	}
	a.MulVec(y, []float64{1, 1, 1})
	if y[0] != 1 || y[1] != 2 {
		t.Errorf("y = %v, want [1 2]", y)
	}
}

// TestTransposeSharesValidity: a T view computes on the matrix's arrays, so
// a Validate of either governs both. A failed Validate made the matrix refuse
// while a view taken earlier still computed on the changed indices, and a
// passing Validate of a permissive matrix left its view refusing.
func TestTransposeSharesValidity(t *testing.T) {
	a, err := csr.New[float64](2, 3, []uint64{0, 1, 2}, []uint64{2, 0}, []float64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	at := a.T()
	a.Idx()[0] = 1 << 40
	if err := a.Validate(); err == nil {
		t.Fatal("Validate accepted col_idx[0] = 2^40")
	}
	if at.Valid() {
		t.Fatal("the transpose view is still valid after its matrix failed Validate")
	}
	func() {
		defer func() {
			if err, _ := recover().(error); !errors.Is(err, layout.ErrUnvalidated) {
				t.Fatalf("view's MulVec after a failed Validate: panic %v, want ErrUnvalidated", err)
			}
		}()
		at.MulVec(make([]float64, 3), []float64{1, 1})
	}()
	a.Idx()[0] = 2
	if err := at.Validate(); err != nil || !a.Valid() || !at.Valid() {
		t.Fatalf("Validate of the view after the repair: %v; valid %v, %v", err, a.Valid(), at.Valid())
	}

	p, i, v := csrParts()
	bufs := [][]byte{mem.FloatBytes(v), mem.Uint64Bytes(p), mem.Uint64Bytes(i)}
	h, err := csr.FromBuffers[float64](3, 4, bufs, layout.Permissive)
	if err != nil || h.Valid() {
		t.Fatalf("permissive: %v, valid %v", err, h.Valid())
	}
	ht := h.T()
	if err := h.Validate(); err != nil || !ht.Valid() {
		t.Fatalf("view of a permissive matrix after its Validate: %v, valid %v", err, ht.Valid())
	}
	checkDense(t, ht.T())
	var zero csr.Matrix[float64]
	if zero.Valid() || zero.T().Valid() {
		t.Fatal("a zero Matrix reports valid")
	}
}

// TestBuffersAfterCopy: Buffers returns what the matrix computes on (the
// copy FromBuffers made of a buffer, so a change through Values reaches the
// re-emitted bytes), and a nil buffer table is refused in both modes.
func TestBuffersAfterCopy(t *testing.T) {
	raw := make([]byte, 9)
	vb := raw[1:] // misaligned: copied
	copy(vb, mem.FloatBytes([]float64{1}))
	bufs := [][]byte{vb, mem.Uint64Bytes([]uint64{0, 1}), mem.Uint64Bytes([]uint64{1})}
	a, err := csr.FromBuffers[float64](1, 2, bufs, layout.Strict)
	if err != nil {
		t.Fatal(err)
	}
	a.Values()[0] = 99
	b, err := csr.FromBuffers[float64](1, 2, a.Buffers(), layout.Strict)
	if err != nil || b.At(0, 1) != 99 {
		t.Fatalf("re-read from Buffers: %v, %v; want 99 at (0, 1)", b, err)
	}
	if c := a.T().Buffers(); &c[0][0] != &a.Buffers()[0][0] {
		t.Fatal("the transpose's Buffers do not view the same values")
	}
	for _, mode := range []layout.Mode{layout.Strict, layout.Permissive} {
		if m, err := csr.FromBuffers[float64](3, 4, nil, mode); err == nil || !strings.Contains(err.Error(), "0 buffers, want 3") {
			t.Errorf("%v, nil table: %v, %v", mode, m, err)
		}
	}
}
