package prepared_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats/auto"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/prepared"
	"github.com/hurray-format/hurray-go/quant"
)

// The bound: a product on the prepared form and the same product on the
// source sum the same terms in orders that may differ (kernels keep
// several partial sums, a row split over column panels is summed panel by
// panel, a parallel scatter adds private copies), so for an output of L
// terms each differs from the exact result by at most about
// (L+1)·u·(|alpha|·Σ|a x| + |beta y|), u the unit roundoff, and the two
// by at most twice that: the tests allow (L + 2 + copies)·eps·(that sum),
// eps = 2u, with L the longest row or column of the matrix.

func eps[T kernels.Float]() float64 {
	var z T
	if _, ok := any(z).(float32); ok {
		return 0x1p-23
	}
	return 0x1p-52
}

// absOf returns |A|: a's structure with the absolute values.
func absOf[T kernels.Float](t *testing.T, a *csr.Matrix[T]) *csr.Matrix[T] {
	t.Helper()
	v := make([]T, a.NNZ())
	for i, x := range a.Values() {
		v[i] = T(math.Abs(float64(x)))
	}
	p, ix := slices.Clone(a.Ptr()), slices.Clone(a.Idx())
	var b *csr.Matrix[T]
	var err error
	if a.IsCSC() {
		b, err = csr.NewCSC(a.Rows(), a.Cols(), p, ix, v)
	} else {
		b, err = csr.New(a.Rows(), a.Cols(), p, ix, v)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// longest returns the most terms one output of a product sums: the longest
// row or column.
func longest(ptr, idx []uint64, minor uint64) int {
	l := 0
	for i := range len(ptr) - 1 {
		l = max(l, int(ptr[i+1]-ptr[i]))
	}
	cnt := map[uint64]int{}
	for _, j := range idx {
		cnt[j]++
		l = max(l, cnt[j])
	}
	_ = minor
	return l
}

func randVec[T kernels.Float](r *rand.Rand, n int) []T {
	v := make([]T, n)
	for i := range v {
		v[i] = T(r.Float64()*2 - 1)
	}
	return v
}

func absVec[T kernels.Float](v []T) []T {
	w := make([]T, len(v))
	for i, x := range v {
		w[i] = T(math.Abs(float64(x)))
	}
	return w
}

// compare checks got against want element by element within the bound
// terms·eps·(|alpha|·mag + |beta·y0|).
func compare[T kernels.Float](t *testing.T, what string, got, want, mag, y0 []T, alpha, beta T, terms int) {
	t.Helper()
	e := eps[T]()
	for i := range want {
		tol := float64(terms) * e * (math.Abs(float64(alpha))*float64(mag[i]) + math.Abs(float64(beta*y0[i])))
		if d := math.Abs(float64(got[i] - want[i])); !(d <= tol) {
			t.Fatalf("%s: element %d: got %v, want %v (|diff| %g > bound %g)", what, i, got[i], want[i], d, tol)
		}
	}
}

// checkProducts runs the eight products of m and of its source a with the
// same operands and compares them within the bound.
func checkProducts[T kernels.Float](t *testing.T, a *csr.Matrix[T], m *prepared.Matrix[T], seed uint64) {
	t.Helper()
	checkProductsOf(t, a, absOf(t, a), m, fmt.Sprint(m), seed)
}

// products are the eight products of a matrix (csr's, prepared's, float
// or quantized).
type products[T kernels.Float] interface {
	shortForms[T]
	MulVecTo(y []T, alpha T, x []T, beta T)
	MulVecTransTo(y []T, alpha T, x []T, beta T)
	MulMatTo(y []T, alpha T, x []T, k int, beta T)
	MulMatTransTo(y []T, alpha T, x []T, k int, beta T)
}

// checkProductsOf is checkProducts for any source a and prepared form m
// named name, absA the absolute values of a's (dequantized) entries.
func checkProductsOf[T kernels.Float](t *testing.T, a products[T], absA *csr.Matrix[T], m products[T], name string, seed uint64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	terms := longest(absA.Ptr(), absA.Idx(), 0) + 2 + 64
	rows, cols := int(absA.Rows()), int(absA.Cols())
	abs, ks := [][2]T{{1, 0}, {1.5, -0.5}, {0, 2}}, []int{0, 1, 3, 16}
	if testing.Short() || absA.NNZ() > 20000 {
		abs, ks = abs[1:2], []int{0, 5}
	}
	for _, ab := range abs {
		alpha, beta := ab[0], ab[1]
		for _, trans := range []bool{false, true} {
			ny, nx := rows, cols
			if trans {
				ny, nx = cols, rows
			}
			for _, k := range ks {
				x := randVec[T](r, nx*max(k, 1))
				y0 := randVec[T](r, ny*max(k, 1))
				want, got, mag := slices.Clone(y0), slices.Clone(y0), make([]T, len(y0))
				what := fmt.Sprintf("%s trans=%v k=%d alpha=%v beta=%v", name, trans, k, alpha, beta)
				switch {
				case k == 0 && !trans:
					a.MulVecTo(want, alpha, x, beta)
					m.MulVecTo(got, alpha, x, beta)
					absA.MulVec(mag, absVec(x))
				case k == 0:
					a.MulVecTransTo(want, alpha, x, beta)
					m.MulVecTransTo(got, alpha, x, beta)
					absA.MulVecTrans(mag, absVec(x))
				case !trans:
					a.MulMatTo(want, alpha, x, k, beta)
					m.MulMatTo(got, alpha, x, k, beta)
					absA.MulMat(mag, absVec(x), k)
				default:
					a.MulMatTransTo(want, alpha, x, k, beta)
					m.MulMatTransTo(got, alpha, x, k, beta)
					absA.MulMatTrans(mag, absVec(x), k)
				}
				compare(t, what, got, want, mag, y0, alpha, beta, terms)
			}
		}
	}
	// The short forms.
	for _, c := range []struct {
		trans bool
		k     int
	}{{false, 0}, {true, 0}, {false, 2}, {true, 2}} {
		ny, nx := rows, cols
		if c.trans {
			ny, nx = cols, rows
		}
		w := max(c.k, 1)
		x := randVec[T](r, nx*w)
		got, want, mag := make([]T, ny*w), make([]T, ny*w), make([]T, ny*w)
		mulShort(m, c.trans, c.k, got, x)
		mulShort(a, c.trans, c.k, want, x)
		mulShort(absA, c.trans, c.k, mag, absVec(x))
		compare(t, fmt.Sprintf("%s short form trans=%v k=%d", name, c.trans, c.k), got, want, mag, make([]T, ny*w), 1, 0, terms)
	}
}

// shortForms are the products without alpha and beta.
type shortForms[T kernels.Float] interface {
	MulVec(y, x []T)
	MulVecTrans(y, x []T)
	MulMat(y, x []T, k int)
	MulMatTrans(y, x []T, k int)
}

// mulShort runs p's short-form product: a vector one for k = 0.
func mulShort[T kernels.Float](p shortForms[T], trans bool, k int, y, x []T) {
	switch {
	case k == 0 && trans:
		p.MulVecTrans(y, x)
	case k == 0:
		p.MulVec(y, x)
	case trans:
		p.MulMatTrans(y, x, k)
	default:
		p.MulMat(y, x, k)
	}
}

// forms are the index forms a matrix with the given indexed dimension can
// take.
func forms(minor uint64) []prepared.Index {
	var ks []prepared.Index
	switch {
	case testing.Short():
		// The cost model's choice and the other kind of index.
		ks = []prepared.Index{prepared.Auto, prepared.Cols32}
		if minor > 1<<16 {
			ks = append(ks, prepared.Panels16)
		}
	case minor <= 1<<16:
		ks = []prepared.Index{prepared.Auto, prepared.Cols16, prepared.Panels16, prepared.Cols32}
	default:
		ks = []prepared.Index{prepared.Auto, prepared.Panels16, prepared.Cols32}
	}
	if !testing.Short() || minor > 4096 {
		ks = append(ks, prepared.Strips16) // more than one strip
	}
	// 12-bit offsets: unpacked for every product but the fused y = A x
	// kernels, in one strip or several.
	return append(ks, prepared.Strips12)
}

func minorOf[T kernels.Float](a *csr.Matrix[T]) uint64 {
	if a.IsCSC() {
		return a.Rows()
	}
	return a.Cols()
}

// checkAll prepares a in every form it takes, on one goroutine and
// several, and checks the products.
func checkAll[T kernels.Float](t *testing.T, a *csr.Matrix[T]) {
	t.Helper()
	checkWith(t, a, prepared.Prepare[T])
}

// checkWith is checkAll preparing with prep.
func checkWith[T kernels.Float](t *testing.T, a *csr.Matrix[T], prep func(*csr.Matrix[T], prepared.Options) (*prepared.Matrix[T], error)) {
	t.Helper()
	for _, k := range forms(minorOf(a)) {
		m, err := prep(a, prepared.Options{Index: k})
		if err != nil {
			t.Fatalf("%v %v: %v", a, k, err)
		}
		if k != prepared.Auto && m.Index() != k {
			t.Fatalf("%v: asked %v, got %v", a, k, m.Index())
		}
		if m.Rows() != a.Rows() || m.Cols() != a.Cols() || m.NNZ() != a.NNZ() || m.IsCSC() != a.IsCSC() {
			t.Fatalf("%v: prepared %v", a, m)
		}
		eachWorkers(t, func(t *testing.T, w int) { checkProducts(t, a, m, uint64(w)) })
	}
}

// randMatrix returns a rows x cols CSR matrix (CSC when csc is set, over
// the same dimensions) with about density of its entries, some empty rows,
// some one-entry rows and one dense row.
func randMatrix[T kernels.Float](t *testing.T, r *rand.Rand, rows, cols int, density float64, csc bool) *csr.Matrix[T] {
	t.Helper()
	nr, minor := rows, cols
	if csc {
		nr, minor = cols, rows
	}
	ptr := []uint64{0}
	var idx []uint64
	dense := r.IntN(max(nr, 1))
	for i := range nr {
		switch {
		case i == dense:
			for j := range minor {
				idx = append(idx, uint64(j))
			}
		case i%7 == 3:
			// empty
		case i%7 == 5:
			idx = append(idx, uint64(r.IntN(minor)))
		default:
			for j := 0; j < minor; j++ {
				j += int(r.ExpFloat64() / density)
				if j < minor {
					idx = append(idx, uint64(j))
				}
			}
		}
		ptr = append(ptr, uint64(len(idx)))
	}
	vals := randVec[T](r, len(idx))
	var a *csr.Matrix[T]
	var err error
	if csc {
		a, err = csr.NewCSC(uint64(rows), uint64(cols), ptr, idx, vals)
	} else {
		a, err = csr.New(uint64(rows), uint64(cols), ptr, idx, vals)
	}
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestRandom(t *testing.T) {
	type shape struct {
		rows, cols int
		density    float64
	}
	shapes := []shape{{0, 0, 0.1}, {1, 1, 1}, {5, 0, 0.1}, {0, 5, 0.1}, {37, 53, 0.2}, {200, 300, 0.05},
		{40, 9000, 0.1}, {12, 1<<16 - 1, 0.001}, {12, 1 << 16, 0.001}, {12, 1<<16 + 1, 0.001}, {8, 140000, 0.002}}
	for _, csc := range []bool{false, true} {
		for i, s := range shapes {
			if testing.Short() && (s.cols == 1<<16 || s.cols > 1<<17) {
				continue // just below and above the panel width suffice
			}
			r := rand.New(rand.NewPCG(uint64(i), 1))
			rows, cols := s.rows, s.cols
			if csc {
				rows, cols = cols, rows
			}
			t.Run(fmt.Sprintf("csc=%v/%dx%d", csc, rows, cols), func(t *testing.T) {
				a32 := randMatrix[float32](t, r, rows, cols, s.density, csc)
				testutil.ForEachPath(t, func(t *testing.T) { checkAll(t, a32) })
				if testing.Short() && s.cols > 4096 && s.cols <= 1<<16 {
					return // float32 takes these forms; float64 the panels and every small shape
				}
				checkAll(t, randMatrix[float64](t, r, rows, cols, s.density, csc))
			})
		}
	}
}

// TestRowBlocks: with blocks limited to a few entries, a form splits into
// many row blocks and its products still match.
func TestRowBlocks(t *testing.T) {
	prep := func(a *csr.Matrix[float64], o prepared.Options) (*prepared.Matrix[float64], error) {
		return prepared.PrepareBlocks(a, o, 300)
	}
	r := rand.New(rand.NewPCG(3, 3))
	for _, csc := range []bool{false, true} {
		for _, cols := range []int{250, 140000} {
			a := randMatrix[float64](t, r, 120, cols, 0.3, csc)
			if cols > 1000 {
				a = randMatrix[float64](t, r, 120, cols, 0.0005, csc)
			}
			if csc {
				a = convert.CSRToCSC(randMatrix[float64](t, r, 120, 250, 0.3, false))
			}
			checkWith(t, a, prep)
			m, err := prep(a, prepared.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if a.NNZ() > 600 && prepared.RowBlocks(m) < 2 {
				t.Errorf("%v: %d row blocks for %d entries, blocks of 300", a, prepared.RowBlocks(m), a.NNZ())
			}
		}
	}
}

// checkShortSums checks y = A x and y = alpha A x (beta 0) on a's
// prepared forms with 16- and 32-bit indices, every block forced to the
// narrow kernel and to each variant of the short-row kernel.
func checkShortSums[T kernels.Float](t *testing.T, a *csr.Matrix[T]) {
	t.Helper()
	r := rand.New(rand.NewPCG(3, 5))
	absA := absOf(t, a)
	terms := longest(a.Ptr(), a.Idx(), 0) + 2
	for _, k := range []prepared.Index{prepared.Cols16, prepared.Cols32} {
		if k == prepared.Cols16 && minorOf(a) > 1<<16 {
			continue
		}
		for _, sums := range []uint8{0, 1, 2, 4} {
			m, err := prepared.Prepare(a, prepared.Options{Index: k})
			if err != nil {
				t.Fatal(err)
			}
			prepared.SetShortSums(m, sums)
			for _, alpha := range []T{1, -1.5} {
				x := randVec[T](r, int(a.Cols()))
				got, want, mag := randVec[T](r, int(a.Rows())), make([]T, a.Rows()), make([]T, a.Rows())
				m.MulVecTo(got, alpha, x, 0)
				a.MulVecTo(want, alpha, x, 0)
				absA.MulVec(mag, absVec(x))
				compare(t, fmt.Sprintf("%v sums=%d alpha=%v", m, sums, alpha), got, want, mag, make([]T, a.Rows()), alpha, 0, terms)
			}
		}
	}
}

// realFiles returns the paths of the real matrices, skipping when absent.
// Under -short (the race and qemu runs) it leaves out those of more than
// 300,000 entries once expanded (bcsstk33, half the entries of them all,
// whose symmetric dense-ish rows bcsstk13 has too) to the full run.
func realFiles(t *testing.T) []string {
	var out []string
	for _, row := range testutil.Sources(t, ".mtx") {
		if testing.Short() && testutil.Num(t, row.Cells[5]) > 300000 {
			continue
		}
		out = append(out, filepath.Join(testutil.Sub("mtx"), row.File))
	}
	return out
}

func TestReal(t *testing.T) {
	for _, path := range realFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			a32, err := auto.ReadCSR[float32](path, auto.Options{})
			if err != nil {
				t.Fatal(err)
			}
			a64, err := auto.ReadCSR[float64](path, auto.Options{})
			if err != nil {
				t.Fatal(err)
			}
			// Every path on float32 CSR (the engine's tests hold each path
			// to ref); the other types and CSC on the automatic choice.
			testutil.ForEachPath(t, func(t *testing.T) { checkAll(t, a32) })
			checkAll(t, a64)
			checkShortSums(t, a32)
			checkShortSums(t, a64)
			if !testing.Short() {
				checkAll(t, convert.CSRToCSC(a32))
				checkAll(t, convert.CSRToCSC(a64))
			}
		})
	}
}

// quantSchemes are the schemes TestQuantized prepares: the int8 row form
// and every scheme held in storage order.
var quantSchemes = []string{"int8:tensor", "int8:channel:axis=0", "int8:block=7", "uint8:tensor",
	"uint8:channel:axis=0", "uint8:block=64", "int4:block=5", "int4:block=32", "nf4:block=64", "mxfp4", "mxfp8"}

func TestQuantized(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	var mats []*csr.Matrix[float32]
	for _, cols := range []int{300, 1<<16 + 1} {
		mats = append(mats, randMatrix[float32](t, r, 150, cols, 0.01, false))
	}
	// Rows longer than a decode tile, in pieces.
	mats = append(mats, randMatrix[float32](t, r, 6, 9000, 0.9, false))
	if testutil.DataDir != "" {
		a, err := auto.ReadCSR[float32](filepath.Join(testutil.Sub("mtx"), "cage8.mtx"), auto.Options{})
		if err != nil {
			t.Fatal(err)
		}
		mats = append(mats, a)
	}
	// Every scheme on the two small matrices, a few on the larger ones.
	few := []string{"int8:channel:axis=0", "uint8:channel:axis=0", "nf4:block=64", "mxfp8"}
	for i, a := range mats {
		schemes := quantSchemes
		if testing.Short() || i != 0 && i != 2 {
			schemes = few
		}
		for _, sp := range schemes {
			q, _, err := csr.Quantize(a, quant.MustParse(sp))
			if err != nil {
				t.Fatal(err)
			}
			abs := absOf(t, csr.Dequantize[float32](q))
			rows8 := strings.HasPrefix(sp, "int8:") && !strings.Contains(sp, "block")
			for _, k := range forms(a.Cols()) {
				if k == prepared.Cols16 && !rows8 {
					continue // the choice of Auto for these schemes
				}
				m, err := prepared.PrepareQuantized(q, prepared.Options{Index: k})
				if err != nil {
					t.Fatal(err)
				}
				if m.Scheme() != q.Values().Scheme || m.NNZ() != q.NNZ() || m.Rows() != q.Rows() || m.Cols() != q.Cols() {
					t.Fatalf("%v: from %v %s", m, a, sp)
				}
				eachPathWorkers(t, func(t *testing.T, w int) { checkProductsOf(t, q, abs, m, m.String(), uint64(w)) })
			}
		}
	}
}

func TestErrors(t *testing.T) {
	a, err := csr.FromBuffers[float32](2, 2, [][]byte{nil, make([]byte, 24), nil}, layout.Permissive)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prepared.Prepare(a, prepared.Options{}); !errors.Is(err, layout.ErrUnvalidated) {
		t.Errorf("unvalidated: %v", err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	wide := randMatrix[float32](t, r, 3, 1<<16+1, 0.001, false)
	if _, err := prepared.Prepare(wide, prepared.Options{Index: prepared.Cols16}); !errors.Is(err, prepared.ErrForm) {
		t.Errorf("cols16 on %v: %v", wide, err)
	}
	if _, err := prepared.Prepare(wide, prepared.Options{Index: 9}); !errors.Is(err, prepared.ErrForm) {
		t.Errorf("index 9: %v", err)
	}
}

func mustPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if s := fmt.Sprint(r); r == nil || !strings.Contains(s, want) {
			t.Errorf("panic %q, want one containing %q", s, want)
		}
	}()
	f()
}

func TestPanics(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	a := randMatrix[float64](t, r, 4, 6, 0.5, false)
	m, err := prepared.Prepare(a, prepared.Options{})
	if err != nil {
		t.Fatal(err)
	}
	x, y := make([]float64, 6), make([]float64, 4)
	mustPanic(t, "prepared: dimension mismatch: MulVecTo: len(y)=6, len(x)=4 for op(A) 4x6", func() { m.MulVec(x, y) })
	mustPanic(t, "prepared: dimension mismatch: MulVecTransTo", func() { m.MulVecTrans(y, x) })
	mustPanic(t, "prepared: dimension mismatch: MulMatTo", func() { m.MulMat(y, x, 2) })
	mustPanic(t, "prepared: dimension mismatch: MulMatTransTo", func() { m.MulMatTrans(x, y, 2) })
	buf := make([]float64, 10)
	mustPanic(t, "prepared: MulVecTo: y overlaps x", func() { m.MulVec(buf[:4], buf[3:9]) })
	mustPanic(t, "prepared: MulVecTo: y overlaps x", func() { m.MulVec(buf[2:6], buf[:6]) })
	q, _, err := csr.Quantize(randMatrix[float32](t, r, 4, 6, 0.5, false), quant.MustParse("int8:tensor"))
	if err != nil {
		t.Fatal(err)
	}
	mq, err := prepared.PrepareQuantized(q, prepared.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustPanic(t, "prepared: dimension mismatch: MulVecTo", func() { mq.MulVec(make([]float32, 6), make([]float32, 4)) })
}

// TestNoReference: the form is a copy; changing the source afterwards
// changes nothing, and PrepareInto reuses a form for another matrix.
func TestNoReference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	a := randMatrix[float32](t, r, 50, 70, 0.2, false)
	m, err := prepared.Prepare(a, prepared.Options{})
	if err != nil {
		t.Fatal(err)
	}
	x := randVec[float32](r, 70)
	y1, y2 := make([]float32, 50), make([]float32, 50)
	m.MulVec(y1, x)
	for i := range a.Values() {
		a.Values()[i] = 7
	}
	m.MulVec(y2, x)
	if !slices.Equal(y1, y2) {
		t.Fatal("the form changed with its source")
	}
	// Reuse: a large matrix, then a smaller one, then the large again.
	big := randMatrix[float32](t, r, 80, 1<<16+9, 0.002, false)
	var dst prepared.Matrix[float32]
	for _, b := range []*csr.Matrix[float32]{big, a, big} {
		if err := prepared.PrepareInto(&dst, b, prepared.Options{}); err != nil {
			t.Fatal(err)
		}
		checkProducts(t, b, &dst, 1)
	}
	if n := testing.AllocsPerRun(5, func() {
		if err := prepared.PrepareInto(&dst, big, prepared.Options{Index: prepared.Cols32}); err != nil {
			t.Fatal(err)
		}
	}); n > 20 {
		t.Errorf("PrepareInto into a form of the same size allocates %v times", n)
	}
	if err := prepared.PrepareInto(&dst, big, prepared.Options{Index: prepared.Cols16}); err == nil || dst.NNZ() != 0 || dst.Rows() != 0 {
		t.Errorf("a failed PrepareInto leaves %v (err %v)", &dst, err)
	}
}

// TestBytesPerValue: the form's own count against its arrays.
func TestBytesPerValue(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	a := randMatrix[float32](t, r, 100, 4000, 0.1, false)
	m, err := prepared.Prepare(a, prepared.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Index() != prepared.Cols16 {
		t.Errorf("%v: want cols16 for 4000 columns", m)
	}
	want := float64(4*(100+1)+6*a.NNZ()) / float64(a.NNZ())
	if got := m.BytesPerValue(); math.Abs(got-want) > 1e-9 {
		t.Errorf("BytesPerValue %v, want %v", got, want)
	}
	// Short rows over many panels: one pointer array per panel costs more
	// than two bytes an index, so the model takes cols32.
	ptr, idx := []uint64{0}, []uint64{}
	for i := range 2000 {
		idx = append(idx, uint64(i*524))
		ptr = append(ptr, uint64(len(idx)))
	}
	sparse, err := csr.New(2000, 1<<20, ptr, idx, make([]float32, len(idx)))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := prepared.Prepare(sparse, prepared.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ms.Index() != prepared.Cols32 {
		t.Errorf("%v: want cols32", ms)
	}
	var empty prepared.Matrix[float64]
	if empty.BytesPerValue() != 0 || empty.NNZ() != 0 {
		t.Errorf("zero Matrix: %v", &empty)
	}
}

// TestStrips: the cost model's choice of Strips16 for long rows over an x
// wider than one strip, with values of 4 bytes or fewer only (quantized:
// the schemes y = A x decodes in its row loop), and the strips' width.
func TestStrips(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	a := randMatrix[float32](t, r, 20, 11008, 0.1, false)
	m, err := prepared.Prepare(a, prepared.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Index() != prepared.Strips16 {
		t.Errorf("%v: want strips16", m)
	}
	// Three strips: a pointer array each.
	if want := float64(3*4*(20+1)+6*a.NNZ()) / float64(a.NNZ()); math.Abs(m.BytesPerValue()-want) > 1e-9 {
		t.Errorf("%v: BytesPerValue %v, want %v", m, m.BytesPerValue(), want)
	}
	m64, err := prepared.Prepare(randMatrix[float64](t, r, 20, 11008, 0.1, false), prepared.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m64.Index() != prepared.Cols16 {
		t.Errorf("%v: want cols16 (float64 gathers)", m64)
	}
	for sp, want := range map[string]prepared.Index{"int8:channel:axis=0": prepared.Strips16, "nf4:block=64": prepared.Strips16,
		"mxfp4": prepared.Strips16, "uint8:block=64": prepared.Cols16} {
		q, _, err := csr.Quantize(a, quant.MustParse(sp))
		if err != nil {
			t.Fatal(err)
		}
		mq, err := prepared.PrepareQuantized(q, prepared.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if mq.Index() != want {
			t.Errorf("%v: want %v", mq, want)
		}
	}
	// Rows of a few entries a strip keep the byte count's choice.
	short := randMatrix[float32](t, r, 200, 11008, 0.004, false)
	ms, err := prepared.Prepare(short, prepared.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ms.Index() != prepared.Cols16 {
		t.Errorf("%v: want cols16", ms)
	}
}

// TestProductsNoAllocs: the products allocate nothing per call once their
// pooled job and accumulators exist, on one goroutine and several.
func TestProductsNoAllocs(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop objects at random")
	}
	r := rand.New(rand.NewPCG(10, 10))
	a := randMatrix[float32](t, r, 300, 200, 0.05, false)
	m, err := prepared.Prepare(a, prepared.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q, _, err := csr.Quantize(a, quant.MustParse("int8:channel:axis=0"))
	if err != nil {
		t.Fatal(err)
	}
	mq, err := prepared.PrepareQuantized(q, prepared.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q4, _, err := csr.Quantize(a, quant.MustParse("nf4:block=64"))
	if err != nil {
		t.Fatal(err)
	}
	m4, err := prepared.PrepareQuantized(q4, prepared.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const k = 4
	x, y := randVec[float32](r, 300*k), make([]float32, 300*k)
	defer prepared.SetParallelThreshold(prepared.SetParallelThreshold(1))
	defer prepared.SetWorkers(prepared.SetWorkers(0))
	for _, w := range []int{1, 3} {
		prepared.SetWorkers(w)
		for _, c := range []struct {
			name string
			f    func()
		}{
			{"MulVec", func() { m.MulVec(y[:300], x[:200]) }},
			{"MulVecTrans", func() { m.MulVecTransTo(y[:200], 2, x[:300], 0.5) }},
			{"MulMat", func() { m.MulMat(y[:300*k], x[:200*k], k) }},
			{"MulMatTrans", func() { m.MulMatTransTo(y[:200*k], 2, x[:300*k], k, 0.5) }},
			{"Quantized.MulVec", func() { mq.MulVec(y[:300], x[:200]) }},
			{"Quantized.MulMatTrans", func() { mq.MulMatTransTo(y[:200*k], 2, x[:300*k], k, 0.5) }},
			{"Quantized nf4 MulVec", func() { m4.MulVec(y[:300], x[:200]) }},
			{"Quantized nf4 MulVecTrans", func() { m4.MulVecTrans(y[:200], x[:300]) }},
			{"Quantized nf4 MulMat", func() { m4.MulMat(y[:300*k], x[:200*k], k) }},
		} {
			c.f()
			if n := testutil.AllocsPerCall(20, c.f); n > 0 {
				t.Errorf("%s, %d workers: %v allocations per call", c.name, w, n)
			}
		}
	}
}
