package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// narrowBlockSchemes are the schemes of the QSpMVNarrowBlock tests: blocks
// the kernels take (16 and more, one that is no multiple of 16) and
// smaller ones, which the glue gives the generic loop.
var narrowBlockSchemes = []string{"int8:block=16", "int8:block=40", "int4:block=16", "int4:block=5", "nf4:block=64", "nf4:block=33", "mxfp4"}

// quantizeRand returns n random values quantized with s (a value in every
// seventh place zero; a whole block zero now and then).
func quantizeRand(t *testing.T, rng *rand.Rand, s quant.Scheme, n int) quant.Values {
	t.Helper()
	vals := make([]float32, n)
	for i := range vals {
		if i%7 != 3 && i%97 > 10 {
			vals[i] = float32(rng.NormFloat64() * math.Pow(2, float64(rng.IntN(9)-4)))
		}
	}
	v, _, err := quant.Quantize(s, []uint64{uint64(n)}, vals, quant.Channels{})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestQSpMVNarrowBlock runs every path against ref on random operands.
// Its opening (both index widths, every tier, every scheme) is the
// deliberate twin of TestQSpMVNarrowBlockAtOrdered's.
func TestQSpMVNarrowBlock(t *testing.T) {
	testQSpMVNarrowBlock[uint16](t, qspmvNarrowBlockU16)
	testQSpMVNarrowBlock[uint32](t, qspmvNarrowBlockU32)
}

func testQSpMVNarrowBlock[I Narrow](t *testing.T, f *family[qspmvNarrowBlockFunc[I]]) {
	forEachTier(t, f, func(t *testing.T, impl, ref qspmvNarrowBlockFunc[I]) {
		rng := rand.New(rand.NewPCG(61, 62))
		for _, sp := range narrowBlockSchemes {
			s := quant.MustParse(sp)
			for _, sh := range narrowShapes[I]() {
				if sh[1] > 10000 && sp != "nf4:block=64" {
					continue
				}
				maxLens, firsts := []int{3, 4*16 + 3, 200}, []int{0, 1, 16, 37}
				if testing.Short() {
					maxLens, firsts = maxLens[:2], []int{1, 16}
				}
				for _, maxLen := range maxLens {
					for _, first := range firsts {
						for _, bad := range []int{0, 7} {
							m := randCSR(rng, sh[0], sh[1], nil, maxLen, bad)
							ptr, col, _ := narrowOf[I](rng, m)
							v := quantizeRand(t, rng, s, first+len(col)+rng.IntN(3))
							x := randVals[float32](rng, sh[1], 0, 0)
							y0 := randVals[float32](rng, sh[0], 0, 0)
							for _, spos := range [][]uint32{nil, randSpos(rng, ptr, len(col), v.N)} {
								checkNarrowBlock(t, fmt.Sprintf("%s rows=%d cols=%d maxLen=%d first=%d bad=%d spos=%v", sp, sh[0], sh[1], maxLen, first, bad, spos != nil),
									impl, ref, x, ptr, col, &v, first, spos, y0)
							}
						}
					}
				}
			}
		}
	})
}

// randSpos returns scale positions for the rows of ptr (clamped to n
// entries) in values of n values: each row's run starts anywhere it
// fits, so runs straddle blocks, start at odd and even positions and
// overlap one another.
func randSpos(rng *rand.Rand, ptr []uint32, n, values int) []uint32 {
	spos := make([]uint32, len(ptr)-1)
	for i := range spos {
		lo, hi := clampRange(ptr, i, n)
		spos[i] = uint32(rng.IntN(values - (hi - lo) + 1))
	}
	return spos
}

// narrowBlockValue is the value of entry k (in a row clamped to start at
// lo) as QSpMVNarrowBlockAt defines it.
func narrowBlockValue(v *quant.Values, first int, spos []uint32, i, lo, k int) float32 {
	if spos == nil {
		return v.At(first+k, 0)
	}
	d := newBlockDecoder(v)
	return d.code(first+k) * d.scale((int(spos[i])+k-lo)/d.b)
}

// checkNarrowBlock runs impl and ref on one operand set with two alpha,
// beta pairs and with beta 0 on a y of NaNs, and compares them within the
// bound of the sums.
func checkNarrowBlock[I Narrow](t *testing.T, name string, impl, ref qspmvNarrowBlockFunc[I], x []float32, ptr []uint32, col []I, v *quant.Values, first int, spos []uint32, y0 []float32) {
	t.Helper()
	absX := absAll(x)
	// scale: Σ|value·x| and |beta y|, the bound of the sums.
	scale := make([]float32, len(y0))
	for i := range scale {
		lo, hi := clampRange(ptr, i, len(col))
		for k := lo; k < hi; k++ {
			if int(col[k]) < len(x) {
				scale[i] += float32(math.Abs(float64(narrowBlockValue(v, first, spos, i, lo, k)))) * absX[col[k]]
			}
		}
	}
	for _, ab := range [][2]float32{{1, 0}, {-2, 0.5}} {
		name := fmt.Sprintf("%s alpha=%v beta=%v", name, ab[0], ab[1])
		want := append([]float32(nil), y0...)
		ref(want, x, ptr, col, v, first, spos, ab[0], ab[1])
		got := withSentinel(y0, 5)
		impl(got, x, ptr, col, v, first, spos, ab[0], ab[1])
		checkSentinel(t, name, got)
		bound := make([]float32, len(scale))
		for i := range bound {
			bound[i] = float32(math.Abs(float64(ab[0])))*scale[i] + float32(math.Abs(float64(ab[1]*y0[i])))
		}
		checkClose(t, name, got, want, bound)
	}
	// beta == 0 must not read y.
	nanY := make([]float32, len(y0))
	for i := range nanY {
		nanY[i] = float32(math.NaN())
	}
	want := make([]float32, len(y0))
	ref(want, x, ptr, col, v, first, spos, 1, 0)
	impl(nanY, x, ptr, col, v, first, spos, 1, 0)
	checkClose(t, name+" beta=0 with NaN y", nanY, want, scale)
}

// TestQSpMVNarrowBlockAtOrdered: on every path, scale positions that are
// the codes' own (spos[i] = first+lo) give the bits of QSpMVNarrowBlock.
// Its opening is the deliberate twin of TestQSpMVNarrowBlock's.
func TestQSpMVNarrowBlockAtOrdered(t *testing.T) {
	testQSpMVNarrowBlockAtOrdered[uint16](t, qspmvNarrowBlockU16)
	testQSpMVNarrowBlockAtOrdered[uint32](t, qspmvNarrowBlockU32)
}

func testQSpMVNarrowBlockAtOrdered[I Narrow](t *testing.T, f *family[qspmvNarrowBlockFunc[I]]) {
	forEachTier(t, f, func(t *testing.T, impl, _ qspmvNarrowBlockFunc[I]) {
		rng := rand.New(rand.NewPCG(65, 66))
		for _, sp := range narrowBlockSchemes {
			s := quant.MustParse(sp)
			for _, first := range []int{0, 1, 16, 37} {
				m := randCSR(rng, 300, 500, nil, 4*16+40, 0)
				ptr, col, _ := narrowOf[I](rng, m)
				v := quantizeRand(t, rng, s, first+len(col))
				x := randVals[float32](rng, 500, 0, 0)
				spos := make([]uint32, len(ptr)-1)
				for i := range spos {
					spos[i] = uint32(first) + ptr[i]
				}
				got, want := make([]float32, len(spos)), make([]float32, len(spos))
				impl(want, x, ptr, col, &v, first, nil, 1, 0)
				impl(got, x, ptr, col, &v, first, spos, 1, 0)
				if !sameBits(got, want) {
					t.Errorf("%s first=%d: spos = first+lo differs from no spos", sp, first)
				}
			}
		}
	})
}

// TestQSpMVNarrowBlockChecks: the entry point's panics.
func TestQSpMVNarrowBlockChecks(t *testing.T) {
	v := quant.Values{Scheme: quant.MustParse("nf4:block=16"), N: 3, Codes: []byte{1, 2}, Scale: []float32{1}}
	mustPanic(t, "kernels: QSpMVNarrowBlock: len(ptr) != len(y)+1", func() {
		QSpMVNarrowBlock(nil, nil, []uint32{0, 0}, []uint16(nil), &v, 0, 1, 0)
	})
	mustPanic(t, "kernels: QSpMVNarrowBlock: values 2..2+2 out of range of 3", func() {
		QSpMVNarrowBlock(make([]float32, 1), make([]float32, 2), []uint32{0, 2}, []uint16{0, 1}, &v, 2, 1, 0)
	})
	u := quant.Values{Scheme: quant.MustParse("uint8:block=16"), N: 1, Codes: []byte{1}, Scale: []float32{1}, Zero: []uint8{0}}
	mustPanic(t, "kernels: QSpMVNarrowBlock: scheme uint8:block=16 is not int8, int4, NF4 or MXFP4 by block", func() {
		QSpMVNarrowBlock(make([]float32, 1), make([]float32, 2), []uint32{0, 1}, []uint16{0}, &u, 0, 1, 0)
	})
	mustPanic(t, "kernels: QSpMVNarrowBlockAt: len(spos) != len(y)", func() {
		QSpMVNarrowBlockAt(make([]float32, 1), make([]float32, 2), []uint32{0, 1}, []uint16{0}, &v, 0, nil, 1, 0)
	})
	mustPanic(t, "kernels: QSpMVNarrowBlockAt: row 0: scale positions 2..2+2 out of range of 3", func() {
		QSpMVNarrowBlockAt(make([]float32, 1), make([]float32, 2), []uint32{0, 2}, []uint16{0, 1}, &v, 0, []uint32{2}, 1, 0)
	})
	y := make([]float32, 1)
	QSpMVNarrowBlockAt(y, []float32{2, 3}, []uint32{0, 2}, []uint16{0, 1}, &v, 1, []uint32{0}, 1, 0)
	if want := v.At(1, 0)*2 + v.At(2, 0)*3; y[0] != want {
		t.Errorf("QSpMVNarrowBlockAt = %v, want %v", y[0], want)
	}
	QSpMVNarrowBlock(y, []float32{2, 3}, []uint32{0, 2}, []uint16{0, 1}, &v, 1, 1, 0)
	if want := v.At(1, 0)*2 + v.At(2, 0)*3; y[0] != want {
		t.Errorf("QSpMVNarrowBlock = %v, want %v", y[0], want)
	}
}

// TestQSpMVNarrowBlockE8M0 runs the MX kernels on exponents from 0 (the
// scale 2^-127, a subnormal) up, with x large enough that a row inside a
// block of exponent 0 sums to a normal number: every path agrees with ref
// on rows of every length from 0 to 70 (blocks of 32 straddling rows, rows
// from odd and even nibbles).
func TestQSpMVNarrowBlockE8M0(t *testing.T) {
	testQSpMVNarrowBlockE8M0[uint16](t, qspmvNarrowBlockU16)
	testQSpMVNarrowBlockE8M0[uint32](t, qspmvNarrowBlockU32)
}

func testQSpMVNarrowBlockE8M0[I Narrow](t *testing.T, f *family[qspmvNarrowBlockFunc[I]]) {
	rng := rand.New(rand.NewPCG(63, 64))
	ptr := []uint32{0}
	for n := range 71 {
		ptr = append(ptr, ptr[len(ptr)-1]+uint32(n))
	}
	n := int(ptr[len(ptr)-1])
	const nx = 100
	col := make([]I, n)
	for k := range col {
		col[k] = I(rng.IntN(nx))
	}
	x := make([]float32, nx)
	for j := range x {
		x[j] = float32(math.Ldexp(rng.Float64()*2-1, 100))
	}
	rows := len(ptr) - 1
	exps := []uint8{0, 0, 1, 2, 100, 127}
	type mxCase struct {
		first int
		v     quant.Values
		scale []float32 // Σ|value·x| of each row
	}
	var cases []mxCase
	for _, first := range []int{0, 1, 32} {
		s := quant.MustParse("mxfp4")
		v := quant.Values{Scheme: s, N: first + n, Codes: make([]byte, s.CodeBytes(first+n))}
		for i := range v.Codes {
			v.Codes[i] = byte(rng.IntN(256))
		}
		v.Exp = make([]uint8, (first+n+31)/32)
		for g := range v.Exp {
			v.Exp[g] = exps[rng.IntN(len(exps))]
		}
		scale := make([]float32, rows)
		for i := range scale {
			for k := ptr[i]; k < ptr[i+1]; k++ {
				scale[i] += float32(math.Abs(float64(v.At(first+int(k), 0) * x[col[k]])))
			}
		}
		cases = append(cases, mxCase{first, v, scale})
	}
	forEachTier(t, f, func(t *testing.T, impl, ref qspmvNarrowBlockFunc[I]) {
		for _, c := range cases {
			got, want := make([]float32, rows), make([]float32, rows)
			impl(got, x, ptr, col, &c.v, c.first, nil, 1, 0)
			ref(want, x, ptr, col, &c.v, c.first, nil, 1, 0)
			checkClose(t, fmt.Sprintf("mxfp4 first=%d", c.first), got, want, c.scale)
		}
	})
}
