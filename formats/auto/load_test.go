package auto_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats/auto"
)

const data = "../../testdata/"

// sameMatrix reports whether a and b hold the same logical entries.
func sameMatrix[T auto.Float](a, b *csr.Matrix[T]) error {
	if a.Rows() != b.Rows() || a.Cols() != b.Cols() || a.NNZ() != b.NNZ() {
		return fmt.Errorf("%v vs %v", a, b)
	}
	for c, v := range a.All() {
		if w := b.At(c[0], c[1]); w != v {
			return fmt.Errorf("(%d,%d) = %v vs %v", c[0], c[1], v, w)
		}
	}
	return nil
}

func TestReadMatrixEveryFormat(t *testing.T) {
	for _, name := range []string{"west0479.mtx", "symmetric.mtx", "scipy_csr_i64.npz", "scipy_csc_i32.npz", "scipy_coo_i64.npz", "array.mtx", "dense_c.npy"} {
		path := data + name
		f, err := auto.Read[float64](path, auto.Options{})
		if err != nil {
			t.Fatal(err)
		}
		a, err := auto.ReadCSR[float64](path, auto.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := auto.ReadCSC[float64](path, auto.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		x, err := auto.ReadCOO[float64](path, auto.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if a.IsCSC() || !b.IsCSC() {
			t.Fatalf("%s: layouts %v and %v", name, a, b)
		}
		if err := sameMatrix(a, b); err != nil {
			t.Errorf("%s: CSR vs CSC: %v", name, err)
		}
		// Every stored entry of the file, and only those, once each.
		if f.Dense != nil {
			r, c := f.DenseShape[0], f.DenseShape[1]
			nz := 0
			for i := range r {
				for j := range c {
					v := f.Dense[i*c+j]
					if v != 0 {
						nz++
					}
					if a.At(i, j) != v {
						t.Errorf("%s: (%d,%d) = %v, want %v", name, i, j, a.At(i, j), v)
					}
				}
			}
			if nz != a.NNZ() || x.NNZ() != nz {
				t.Errorf("%s: nnz %d and %d, want %d", name, a.NNZ(), x.NNZ(), nz)
			}
			continue
		}
		ref, err := f.ToCOO()
		if err != nil {
			t.Fatal(err)
		}
		want, err := convert.COOToCSR(ref)
		if err != nil {
			t.Fatal(err)
		}
		if err := sameMatrix(a, want); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if !slices.Equal(x.Values(), ref.Values()) || !slices.Equal(x.Coords(), ref.Coords()) {
			t.Errorf("%s: ReadCOO differs from Read and ToCOO", name)
		}
		// float32 reads give the float64 reads' values rounded.
		a32, err := auto.ReadCSR[float32](path, auto.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := sameMatrix(a32, convert.CastMatrix[float32](a)); err != nil {
			t.Errorf("%s: float32: %v", name, err)
		}
	}
}

func TestReadCSF(t *testing.T) {
	path := data + "splatt_med_head300.tns"
	x, err := auto.ReadCOO[float64](path, auto.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	npzPath := filepath.Join(dir, "t.npz")
	stored, err := convert.COOToCSF(x, []uint32{2, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := auto.Write(npzPath, &auto.File[float64]{CSF: stored}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, npzPath} {
		for _, order := range [][]uint32{nil, {0, 1, 2}, {2, 0, 1}, {1, 2, 0}} {
			c, err := auto.ReadCSF[float32](p, order, auto.Options{})
			if err != nil {
				t.Fatalf("%s %v: %v", p, order, err)
			}
			want := order
			if want == nil {
				want = []uint32{0, 1, 2}
			}
			if !slices.Equal(c.ModeOrder(), want) {
				t.Errorf("%s: mode order %v, want %v", p, c.ModeOrder(), want)
			}
			if c.NNZ() != x.NNZ() {
				t.Errorf("%s %v: nnz %d, want %d", p, order, c.NNZ(), x.NNZ())
			}
			for coord, v := range x.All() {
				if got := c.At(coord...); got != float32(v) {
					t.Fatalf("%s %v: %v = %v, want %v", p, order, coord, got, v)
				}
			}
		}
	}
}

func TestReadCSFDense(t *testing.T) {
	path := data + "dense_f.npy"
	f, err := auto.Read[float64](path, auto.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := auto.ReadCSF[float64](path, []uint32{1, 2, 0}, auto.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Shape(), f.DenseShape) {
		t.Fatalf("shape %v, want %v", c.Shape(), f.DenseShape)
	}
	nz := 0
	s := f.DenseShape
	for i := range s[0] {
		for j := range s[1] {
			for k := range s[2] {
				v := f.Dense[(i*s[1]+j)*s[2]+k]
				if v != 0 {
					nz++
				}
				if got := c.At(i, j, k); got != v {
					t.Errorf("(%d,%d,%d) = %v, want %v", i, j, k, got, v)
				}
			}
		}
	}
	if nz != c.NNZ() || nz == 0 {
		t.Errorf("nnz %d, want %d", c.NNZ(), nz)
	}
}

func TestReadErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	q := filepath.Join(dir, "q.npz")
	x, _ := coo.New([]uint64{2, 2}, []uint64{0, 1}, []float32{0.5})
	if err := auto.Write(q, &auto.File[float32]{COO: x}); err != nil {
		t.Fatal(err)
	}
	tns := data + "splatt_med_head300.tns"
	mtx := data + "west0479.mtx"
	cases := []struct {
		path string
		read func(string) error
		want string
	}{
		{filepath.Join(dir, "missing.mtx"), func(p string) error { _, err := auto.ReadCSR[float64](p, auto.Options{}); return err }, "no such file"},
		{filepath.Join(dir, "a.txt"), func(p string) error { _, err := auto.ReadCOO[float64](p, auto.Options{}); return err }, "unknown extension"},
		{data + "bad_value.mtx", func(p string) error { _, err := auto.ReadCSC[float32](p, auto.Options{}); return err }, ""},
		{tns, func(p string) error { _, err := auto.ReadCSR[float64](p, auto.Options{}); return err }, "rank 2 only"},
		{mtx, func(p string) error { _, err := auto.ReadCSF[float64](p, nil, auto.Options{}); return err }, "rank 3 or more"},
		{tns, func(p string) error {
			_, err := auto.ReadCSF[float64](p, []uint32{0, 0, 1}, auto.Options{})
			return err
		}, ""},
		{q, func(p string) error { _, err := auto.ReadCSF[float64](p, nil, auto.Options{}); return err }, "rank 3 or more"},
	}
	for _, c := range cases {
		err := c.read(c.path)
		if err == nil || !strings.Contains(err.Error(), c.path) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming the file and %q", c.path, err, c.want)
		}
	}
}

// ExampleReadCSR reads a Matrix Market file straight into a float32 CSR
// matrix and multiplies it by a vector.
func ExampleReadCSR() {
	dir, err := os.MkdirTemp("", "auto-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "a.mtx")
	mm := "%%MatrixMarket matrix coordinate real general\n2 3 3\n1 1 2\n1 3 1\n2 2 -1\n"
	if err := os.WriteFile(path, []byte(mm), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	a, err := auto.ReadCSR[float32](path, auto.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	y := make([]float32, 2)
	a.MulVec(y, []float32{1, 2, 3})
	fmt.Println(a, y)
	// Output:
	// csr float32 2x3 nnz 3 [5 -2]
}

// ExampleReadCSF reads a FROSTT .tns file into CSF with the last mode at the
// root and computes an MTTKRP for mode 0 with factor matrices of 2 columns.
func ExampleReadCSF() {
	dir, err := os.MkdirTemp("", "auto-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "t.tns")
	if err := os.WriteFile(path, []byte("1 1 1 1.0\n2 1 2 2.0\n2 3 2 3.0\n"), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	t, err := auto.ReadCSF[float64](path, []uint32{2, 0, 1}, auto.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	shape := t.Shape() // [2 3 2]
	const cols = 2
	factors := [][]float64{
		nil, // factors[0] is not read for mode 0
		make([]float64, shape[1]*cols),
		make([]float64, shape[2]*cols),
	}
	for _, f := range factors[1:] {
		for i := range f {
			f[i] = 1
		}
	}
	out := make([]float64, shape[0]*cols)
	t.MTTKRP(0, factors, cols, out)
	fmt.Println(t, out)
	// Output:
	// csf float64 [2 3 2] mode_order [2 0 1] nnz 3 levels [2 2 3] [1 1 5 5]
}
