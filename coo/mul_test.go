package coo

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"unsafe"

	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// randCOO returns a random rows x cols matrix densely (the oracle, in the
// values rounded to T) and as an unsorted COO tensor in which some entries
// are split into two duplicates.
func randCOO[T Float](t *testing.T, rng *rand.Rand, rows, cols int, density float64) ([]float64, *Tensor[T]) {
	d := make([]float64, rows*cols)
	var coords []uint64
	var vals []T
	for i := range rows {
		for j := range cols {
			if rng.Float64() >= density {
				continue
			}
			v := T(2*rng.Float64() - 1)
			if rng.IntN(4) == 0 {
				h := T(0.5) * v
				coords = append(coords, uint64(i), uint64(j))
				vals = append(vals, h)
				v -= h
			}
			coords = append(coords, uint64(i), uint64(j))
			vals = append(vals, v)
		}
	}
	// shuffle the entries
	for e := len(vals) - 1; e > 0; e-- {
		f := rng.IntN(e + 1)
		vals[e], vals[f] = vals[f], vals[e]
		coords[2*e], coords[2*f] = coords[2*f], coords[2*e]
		coords[2*e+1], coords[2*f+1] = coords[2*f+1], coords[2*e+1]
	}
	for e, v := range vals {
		d[int(coords[2*e])*cols+int(coords[2*e+1])] += float64(v)
	}
	a, err := New([]uint64{uint64(rows), uint64(cols)}, coords, vals)
	if err != nil {
		t.Fatal(err)
	}
	return d, a
}

func randF(rng *rand.Rand, n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = 2*rng.Float64() - 1
	}
	return s
}

// testProducts checks every product against the dense oracle: through the
// public methods when sp is nil, else through mulMat with sp's split.
func testProducts[T Float](t *testing.T, sp *split) {
	tol := 1e-12
	var z T
	if _, ok := any(z).(float32); ok {
		tol = 2e-5
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sh := range [][2]int{{0, 0}, {0, 3}, {4, 0}, {1, 1}, {3, 7}, {17, 5}, {40, 33}} {
		rows, cols := sh[0], sh[1]
		for _, density := range []float64{0, 0.2, 0.7} {
			d, a := randCOO[T](t, rng, rows, cols, density)
			// the dense sum of T values differs from T(sum) by rounding only
			ad := testutil.Abs(d)
			// Shuffled, then sorted (the row-run path of MulVec).
			for _, sorted := range []bool{false, true} {
				if sorted {
					if err := a.Sort(nil); err != nil {
						t.Fatal(err)
					}
					if !a.IsSorted() {
						t.Fatalf("%v: not sorted after Sort", a)
					}
				}
				for _, trans := range []bool{false, true} {
					r, c := rows, cols
					if trans {
						r, c = cols, rows
					}
					for _, k := range []int{1, 2, 17} {
						for _, ab := range [][2]float64{{1, 0}, {0.5, -2}} {
							name := fmt.Sprintf("%v trans=%v k=%d alpha,beta=%v", a, trans, k, ab)
							x := testutil.Convert[T](randF(rng, c*k))
							y0 := testutil.Convert[T](randF(rng, r*k))
							want := testutil.DenseMul(d, rows, cols, trans, testutil.Convert[float64](x), k, ab[0], testutil.Convert[float64](y0), ab[1])
							scale := testutil.DenseMul(ad, rows, cols, trans, testutil.Abs(testutil.Convert[float64](x)), k, math.Abs(ab[0]), testutil.Abs(testutil.Convert[float64](y0)), math.Abs(ab[1]))
							got := append([]T(nil), y0...)
							plain := ab == [2]float64{1, 0}
							switch {
							case sp != nil && k == 1:
								name := map[bool]string{false: "MulVecTo", true: "MulVecTransTo"}[trans]
								a.mulMat(*sp, name, trans, got, T(ab[0]), x, k, T(ab[1]), true)
							case sp != nil:
								name := map[bool]string{false: "MulMatTo", true: "MulMatTransTo"}[trans]
								a.mulMat(*sp, name, trans, got, T(ab[0]), x, k, T(ab[1]), false)
							case k == 1 && plain && !trans:
								a.MulVec(got, x)
							case k == 1 && plain:
								a.MulVecTrans(got, x)
							case k == 1 && !trans:
								a.MulVecTo(got, T(ab[0]), x, T(ab[1]))
							case k == 1:
								a.MulVecTransTo(got, T(ab[0]), x, T(ab[1]))
							case plain && !trans:
								a.MulMat(got, x, k)
							case plain:
								a.MulMatTrans(got, x, k)
							case !trans:
								a.MulMatTo(got, T(ab[0]), x, k, T(ab[1]))
							default:
								a.MulMatTransTo(got, T(ab[0]), x, k, T(ab[1]))
							}
							for i := range want {
								if diff := math.Abs(float64(got[i]) - want[i]); !(diff <= tol*(scale[i]+1e-30)) {
									t.Fatalf("%s: element %d: got %v, want %v", name, i, got[i], want[i])
								}
							}
						}
					}
				}
			}
		}
	}
}

func TestProductsF64(t *testing.T) { testProducts[float64](t, nil) }
func TestProductsF32(t *testing.T) { testProducts[float32](t, nil) }

// TestProductsParallel: the products split over 2, 3 and 7 goroutines
// (more than GOMAXPROCS, too), down to a few entries a part.
func TestProductsParallel(t *testing.T) {
	for _, w := range []int{2, 3, 7} {
		sp := &split{opts: parallel.Options{Workers: w, MinWork: 2}}
		testProducts[float64](t, sp)
		testProducts[float32](t, sp)
	}
}

func TestProductsPanics(t *testing.T) {
	a, _ := New([]uint64{2, 3}, []uint64{0, 0, 1, 2}, []float64{1, 2})
	for _, c := range []struct {
		want string
		f    func()
	}{
		{"coo: dimension mismatch: MulVecTo: len(y)=3, len(x)=3 for op(A) 2x3", func() { a.MulVec(make([]float64, 3), make([]float64, 3)) }},
		{"coo: dimension mismatch: MulMatTransTo: len(y)=6, len(x)=3, k=2 for op(A) 3x2", func() { a.MulMatTrans(make([]float64, 6), make([]float64, 3), 2) }},
	} {
		func() {
			defer func() {
				if r := recover(); fmt.Sprint(r) != c.want {
					t.Fatalf("panic %v, want %q", r, c.want)
				}
			}()
			c.f()
		}()
	}
	b, _ := New([]uint64{2, 3, 4}, nil, []float64{})
	defer func() {
		if r := recover(); fmt.Sprint(r) != "coo: products need rank 2, tensor has rank 3" {
			t.Fatalf("panic %v", r)
		}
	}()
	b.MulVec(nil, nil)
}

// TestProductsOperands: as csr's. k times a dimension near 2^64 wraps to a
// small number that a uint64 length check accepted (X of one row then served
// column 2^63); an output sharing memory with an input panics; alpha == 0
// reads neither A nor x.
func TestProductsOperands(t *testing.T) {
	a, err := New([]uint64{1, 1<<63 + 1}, []uint64{0, 1 << 63}, []float64{5})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		want string
		f    func()
	}{
		{"coo: dimension mismatch: MulMatTo: len(y)=2, len(x)=2, k=2 for op(A) 1x9223372036854775809", func() { a.MulMat(make([]float64, 2), []float64{1, 2}, 2) }},
		{"coo: dimension mismatch: MulMatTransTo: len(y)=2, len(x)=2, k=2 for op(A) 9223372036854775809x1", func() { a.MulMatTrans(make([]float64, 2), []float64{1, 2}, 2) }},
		{"coo: MulVecTo: y overlaps x or the tensor's values or coordinates", func() {
			b, _ := New([]uint64{2, 2}, []uint64{0, 1, 1, 0}, []float64{1, 1})
			x := []float64{1, 2}
			b.MulVec(x, x)
		}},
		// An output over the coordinates (another tensor's values may view
		// them) would change them while the product reads them.
		{"coo: MulMatTo: y overlaps x or the tensor's values or coordinates", func() {
			b, _ := New([]uint64{2, 2}, []uint64{0, 1, 1, 0}, []float64{1, 1})
			b.MulMat(unsafe.Slice((*float64)(unsafe.Pointer(&b.coords[2])), 2), []float64{1, 2}, 1)
		}},
	} {
		func() {
			defer func() {
				if r := recover(); fmt.Sprint(r) != c.want {
					t.Fatalf("panic %v, want %q", r, c.want)
				}
			}()
			c.f()
		}()
	}
	b, _ := New([]uint64{2, 2}, []uint64{0, 1, 1, 0}, []float64{1, 1})
	for _, k := range []int{1, 3} {
		y := []float64{2, 3, 4, 5, 6, 7}[:2*k]
		x := make([]float64, 2*k)
		x[0] = math.NaN()
		b.MulMatTo(y, 0, x, k, 2)
		for i, v := range y {
			if want := float64(2 * (i + 2)); v != want {
				t.Fatalf("k=%d: alpha 0 with NaN in x: y = %v, want 2 y", k, y)
			}
		}
	}
}

// TestProductsAllocs: a product split over several goroutines allocates
// nothing per call once its pooled job and accumulators exist.
func TestProductsAllocs(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop objects at random")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	_, a := randCOO[float64](t, rng, 30, 20, 0.5)
	sp := split{opts: parallel.Options{Workers: 3, MinWork: 2}}
	x, y := randF(rng, 30*4), make([]float64, 20*4)
	f := func() { a.mulMat(sp, "MulMatTransTo", true, y, 1, x, 4, 0, false) }
	f()
	if n := testutil.AllocsPerCall(50, f); n > 0 {
		t.Errorf("%v allocations per parallel MulMatTrans", n)
	}
}

// TestScatterScratchBound: a product split 64 ways (more than GOMAXPROCS)
// holds private accumulators within max(scratch, one copy of the output),
// where 63 copies would be far more, and agrees with one goroutine to
// rounding.
func TestScatterScratchBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const rows, cols, n = 2000, 1 << 15, 16000 // y: 256 KiB of float64
	coords := make([]uint64, 0, 2*n)
	vals := make([]float64, n)
	for i := range n {
		coords = append(coords, rng.Uint64N(rows), rng.Uint64N(cols))
		vals[i] = rng.NormFloat64()
	}
	a, err := New([]uint64{rows, cols}, coords, vals)
	if err != nil {
		t.Fatal(err)
	}
	x := randF(rng, rows)
	for _, scratch := range []int{1 << 20, 1 << 10} {
		sp := split{opts: parallel.Options{Workers: 64, MinWork: 2}, scratch: scratch}
		want, got := make([]float64, cols), make([]float64, cols)
		a.mulMat(split{opts: parallel.Options{Workers: 1}}, "MulVecTransTo", true, want, 1, x, 1, 0, true)
		runtime.GC()
		runtime.GC() // sync.Pool's accumulators dropped: the call allocates its own
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		a.mulMat(sp, "MulVecTransTo", true, got, 1, x, 1, 0, true)
		runtime.ReadMemStats(&m1)
		used := m1.TotalAlloc - m0.TotalAlloc
		if bound := uint64(max(scratch, cols*8)); used > bound+16<<10 && !testutil.RaceEnabled {
			t.Errorf("scratch %d: %d bytes allocated, bound %d (63 copies: %d)", scratch, used, bound, 63*cols*8)
		}
		for i := range got {
			if d := math.Abs(got[i] - want[i]); d > 1e-12*(1+math.Abs(want[i])) {
				t.Fatalf("scratch %d: y[%d] = %v, one goroutine %v", scratch, i, got[i], want[i])
			}
		}
	}
}
