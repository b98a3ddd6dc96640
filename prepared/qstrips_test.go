package prepared_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/prepared"
	"github.com/hurray-format/hurray-go/quant"
)

// stripMatrix returns a matrix over 11008 columns (three strips of 3670)
// whose rows hit the strips' edge cases: an empty row, runs of one value,
// rows missing the middle strip, and long rows of every length mod 64 (so
// that runs start at odd and even values and straddle blocks). With
// noMiddle no row has an entry in the middle strip.
func stripMatrix(t *testing.T, r *rand.Rand, noMiddle bool) *csr.Matrix[float32] {
	t.Helper()
	const cols, w = 11008, 3670
	ptr, idx := []uint64{0}, []uint64{}
	add := func(js ...int) {
		for _, j := range js {
			if !noMiddle || j < w || j >= 2*w {
				idx = append(idx, uint64(j))
			}
		}
		ptr = append(ptr, uint64(len(idx)))
	}
	add()                       // empty
	add(5000)                   // one value in the middle strip
	add(3, 4, 7339, 7340, 7341) // edges of the strips
	add(10, w, 2*w)             // one value a strip
	add(0, 1, 2, 11007)         // first and last strips only
	for i := range 120 {
		var js []int
		n := 1 + i%67 + r.IntN(200)
		for j := r.IntN(50); j < cols && len(js) < n; j += 1 + r.IntN(2*cols/n) {
			if i%5 == 2 && j >= w && j < 2*w {
				continue // no entry in the middle strip
			}
			js = append(js, j)
		}
		add(js...)
	}
	a, err := csr.New(uint64(len(ptr)-1), cols, ptr, idx, randVec[float32](r, len(idx)))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestQuantizedStrips: every scheme but the int8 row form in strips (codes
// in strip order; a scheme by block keeps each strip row's first source
// position), on every path and worker count, against the source's
// products, and its byte count.
func TestQuantizedStrips(t *testing.T) {
	r := rand.New(rand.NewPCG(40, 40))
	schemes := []string{"int8:block=16", "int8:block=7", "int8:block=2000", "nf4:block=1500", "int4:block=5", "int4:block=32", "nf4:block=64",
		"nf4:block=33", "mxfp4", "mxfp8", "uint8:block=64", "uint8:tensor", "uint8:channel:axis=0"}
	if testing.Short() {
		schemes = []string{"int8:block=16", "int4:block=5", "nf4:block=1500", "nf4:block=33", "mxfp4", "uint8:block=64", "uint8:channel:axis=0"}
	}
	for _, noMiddle := range []bool{false, true} {
		a := stripMatrix(t, r, noMiddle)
		for _, sp := range schemes {
			s := quant.MustParse(sp)
			q, _, err := csr.Quantize(a, s)
			if err != nil {
				t.Fatal(err)
			}
			abs := absOf(t, csr.Dequantize[float32](q))
			for _, k := range []prepared.Index{prepared.Strips16, prepared.Strips12} {
				m, err := prepared.PrepareQuantized(q, prepared.Options{Index: k})
				if err != nil {
					t.Fatal(err)
				}
				// Pointers a strip holding entries, and for a scheme by block
				// as many start positions.
				strips := 3
				if noMiddle {
					strips = 2
				}
				v := q.Values()
				ptrs := strips * (int(a.Rows()) + 1)
				idx := 2 * a.NNZ()
				if k == prepared.Strips12 {
					idx = 3 * ((a.NNZ() + 1) / 2)
				}
				want := 4*ptrs + idx + s.CodeBytes(a.NNZ()) + 4*len(v.Scale) + len(v.Zero) + len(v.Exp)
				if s.Granularity() == quant.PerBlock {
					want += 4 * ptrs
				}
				if m.Index() != k || m.Bytes() != want {
					t.Errorf("%v: %d bytes, want %d in %v", m, m.Bytes(), want, k)
				}
				eachPathWorkers(t, func(t *testing.T, w int) {
					checkProductsOf(t, q, abs, m, fmt.Sprintf("%v noMiddle=%v", m, noMiddle), uint64(w))
				})
			}
		}
	}
}

// eachPathWorkers runs fn on every path (the automatic one in short mode)
// with 1 and 3 workers, every product split.
func eachPathWorkers(t *testing.T, fn func(t *testing.T, w int)) {
	testutil.ForEachPath(t, func(t *testing.T) { eachWorkers(t, fn) })
}

// eachWorkers runs fn with 1 and 3 workers, every product split; under
// -short (the race, purego and qemu runs) and the race detector with 3
// only: one worker runs the same kernels on the caller, which the unit run
// checks, and holds nothing for the detector.
func eachWorkers(t *testing.T, fn func(t *testing.T, w int)) {
	for _, w := range []int{1, 3} {
		if (testing.Short() || testutil.RaceEnabled) && w == 1 {
			continue
		}
		prev, prevT := prepared.SetWorkers(w), prepared.SetParallelThreshold(1)
		fn(t, w)
		prepared.SetWorkers(prev)
		prepared.SetParallelThreshold(prevT)
	}
}

// edgeMatrix returns a matrix over cols columns whose rows hit the edge
// cases of packed offsets: empty rows, rows of one entry (at either end of
// a strip), a dense row, and runs of every length starting at odd and even
// entries, around the strips' edges.
func edgeMatrix(t *testing.T, r *rand.Rand, cols int) *csr.Matrix[float32] {
	t.Helper()
	ptr, idx := []uint64{0}, []uint64{}
	add := func(js ...int) {
		for _, j := range js {
			idx = append(idx, uint64(j))
		}
		ptr = append(ptr, uint64(len(idx)))
	}
	add()
	add(0)
	add(cols - 1)
	dense := make([]int, cols)
	for j := range dense {
		dense[j] = j
	}
	add(dense...)
	add()
	for i := range 90 {
		var js []int
		n := 1 + i + r.IntN(40)
		if i%7 == 3 {
			n = 1
		}
		for j := r.IntN(9); j < cols && len(js) < n; j += 1 + r.IntN(max(1, 2*cols/n)) {
			js = append(js, j)
		}
		add(js...)
		if i%11 == 0 {
			add()
		}
	}
	add(dense[cols/2:]...)
	a, err := csr.New(uint64(len(ptr)-1), uint64(cols), ptr, idx, randVec[float32](r, len(idx)))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestStrips12Edges: Strips12 on widths just below, at and above one and
// two strips, float and quantized (every scheme in long mode), on every
// path, against the source's products, its bytes Strips16's less half a
// byte an entry.
func TestStrips12Edges(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 12))
	schemes := []string{"int8:channel:axis=0", "int8:tensor", "int8:block=64", "int8:block=7", "nf4:block=64", "nf4:block=33",
		"int4:block=32", "int4:block=5", "mxfp4", "mxfp8", "uint8:block=64", "uint8:channel:axis=0"}
	widths := []int{1, 4095, 4096, 4097, 8192, 8193, 12289}
	if testing.Short() {
		schemes = []string{"int8:channel:axis=0", "int8:block=64", "nf4:block=64", "mxfp4", "uint8:tensor"}
		widths = []int{4095, 4097, 8193}
	}
	for _, cols := range widths {
		a := edgeMatrix(t, r, cols)
		m, err := prepared.Prepare(a, prepared.Options{Index: prepared.Strips12})
		if err != nil {
			t.Fatal(err)
		}
		m16, err := prepared.Prepare(a, prepared.Options{Index: prepared.Strips16})
		if err != nil {
			t.Fatal(err)
		}
		if want := m16.Bytes() - 2*a.NNZ() + 3*((a.NNZ()+1)/2); m.Index() != prepared.Strips12 || m.Bytes() != want {
			t.Errorf("%v: %d bytes, want %d", m, m.Bytes(), want)
		}
		eachPathWorkers(t, func(t *testing.T, w int) { checkProducts(t, a, m, uint64(w)) })
		for _, sp := range schemes {
			q, _, err := csr.Quantize(a, quant.MustParse(sp))
			if err != nil {
				t.Fatal(err)
			}
			abs := absOf(t, csr.Dequantize[float32](q))
			mq, err := prepared.PrepareQuantized(q, prepared.Options{Index: prepared.Strips12})
			if err != nil {
				t.Fatal(err)
			}
			eachPathWorkers(t, func(t *testing.T, w int) {
				checkProductsOf(t, q, abs, mq, fmt.Sprintf("%v cols %d", mq, cols), uint64(w))
			})
		}
	}
}
