package engine

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// fuzzQSchemes are the schemes of the quantized fuzz targets: one for each
// fused kernel (int8, 4-bit and MX by block; blocks of a vector, from odd
// offsets and longer), one the generic loop serves, and (the SpMV's only)
// int8 by row.
var fuzzQSchemes = []string{"int8:block=16", "int8:block=17", "int4:block=16", "nf4:block=33", "int4:block=64", "mxfp4", "int4:block=5", "int8:tensor"}

// fuzzQValues returns n values of the scheme seed picks among the first
// schemes of fuzzQSchemes, MX exponents kept within a range whose sums
// stay finite in any order (exponent 0, 2^-127, kept).
func fuzzQValues(seed uint64, schemes, n int) quant.Values {
	s := quant.MustParse(fuzzQSchemes[seed>>7%uint64(schemes)])
	v := randQValues(rand.New(rand.NewPCG(seed, 65)), s, n, 1)
	for g, e := range v.Exp {
		if e != 0 {
			v.Exp[g] = 110 + e%30
		}
	}
	return v
}

// fuzzQSeed returns fuzz words (full width) of n row pointers, rows of 0
// to maxRow values, then n-1 indices below nx, a few at or past nx.
func fuzzQSeed(seed uint64, n, maxRow, nx int) []byte {
	rng := rand.New(rand.NewPCG(seed, 66))
	w := make([]uint64, 2*n-1)
	for i := 1; i < n; i++ {
		w[i] = w[i-1] + uint64(rng.IntN(maxRow+1))
	}
	for k := n; k < len(w); k++ {
		w[k] = uint64(rng.IntN(nx))
	}
	b := []byte{1}
	for _, e := range w {
		b = binary.LittleEndian.AppendUint64(b, e)
	}
	return b
}

// seedQFuzz adds the seeds of the fused fuzz targets (FuzzQSpMV,
// FuzzQScatterAdd): two word lists and, per scheme, rows of 0 to 40
// values over 300 with a vector of 37 elements.
func seedQFuzz(f *testing.F) {
	seedWords(f, 0, 2, 3, 5, 0, 1, 2, 9, 1<<63)
	seedWords(f, 7, 1, 40, 2, 3, 4, ^uint64(0), 0)
	for si := range fuzzQSchemes {
		f.Add(fuzzQSeed(uint64(si), 300, 40, 45), uint64(si)<<7|37<<1)
	}
}

// FuzzQSpMV: on any index data every path of the fused SpMV stays in
// bounds (the sentinels would see a stray write) and agrees with ref
// within the bound of a sum.
func FuzzQSpMV(f *testing.F) {
	seedQFuzz(f)
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		ptr, idx, _, x64 := fuzzCSR(b, seed)
		x := make([]float32, len(x64))
		for i, e := range x64 {
			x[i] = float32(e) + 0.25
		}
		v := fuzzQValues(seed, len(fuzzQSchemes), len(idx))
		rows := len(ptr) - 1
		mag := make([]float32, rows)
		spmvRef(mag, absOf(x), ptr, idx, junkAbs(&v, Channels{}, idx, uint64(len(x))), 1, 0)
		forEachTier(t, qspmv, func(t *testing.T, impl, ref qspmvFunc) {
			got := withSentinel(make([]float32, rows), 4)
			qspmvWith(impl, got, x, ptr, idx, &v, Channels{}, 1, 0)
			checkSentinel(t, "qspmv", got)
			want := make([]float32, rows)
			qspmvWith(ref, want, x, ptr, idx, &v, Channels{}, 1, 0)
			// copies of equal capacity: qClose compares up to it
			g, w := append([]float32(nil), got...), append([]float32(nil), want...)
			if err := qCloseFused(g, w, append(mag[:rows:rows], 0), len(idx)); err != nil {
				t.Fatalf("%v ptr=%v idx=%v: %v", v.Scheme, ptr, idx, err)
			}
		})
	})
}

// FuzzQSpMVNarrowBlock: QSpMVNarrowBlock's paths on any 32-bit pointers
// and 16- or 32-bit indices (the words truncated), values from an offset
// first: they stay in bounds and agree with ref within the bound of a sum.
func FuzzQSpMVNarrowBlock(f *testing.F) {
	seedWords(f, 0, 2, 3, 5, 0, 1, 2, 9, 1<<63)
	seedWords(f, 7, 1, 40, 2, 3, 4, ^uint64(0), 0)
	for si := range len(fuzzQSchemes) - 1 {
		// 16-bit indices with x of 41 elements, 32-bit with 46
		f.Add(fuzzQSeed(uint64(si), 300, 40, 48), uint64(si)<<7|41<<1)
		f.Add(fuzzQSeed(uint64(si), 300, 40, 48), uint64(si)<<7|46<<1)
	}
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		w := words(b)
		n := len(w) / 2
		ptr := make([]uint32, n+1)
		for i := range ptr {
			if i < len(w) {
				ptr[i] = uint32(w[i])
			}
		}
		var raw []uint64
		if n+1 < len(w) {
			raw = w[n+1:]
		}
		x := make([]float32, int(seed>>1%64))
		for i := range x {
			x[i] = float32(i%5) - 1.75
		}
		first := int(seed >> 3 % 40)
		v := fuzzQValues(seed, len(fuzzQSchemes)-1, first+len(raw)) // by block
		if seed&4 == 0 {
			col := make([]uint16, len(raw))
			for k, e := range raw {
				col[k] = uint16(e)
			}
			fuzzQSpMVNarrowBlock(t, qspmvNarrowBlockU16, x, ptr, col, &v, first)
		} else {
			col := make([]uint32, len(raw))
			for k, e := range raw {
				col[k] = uint32(e)
			}
			fuzzQSpMVNarrowBlock(t, qspmvNarrowBlockU32, x, ptr, col, &v, first)
		}
	})
}

func fuzzQSpMVNarrowBlock[I Narrow](t *testing.T, f *family[qspmvNarrowBlockFunc[I]], x []float32, ptr []uint32, col []I, v *quant.Values, first int) {
	rows := len(ptr) - 1
	mag := make([]float32, rows)
	for i := range mag {
		lo, hi := clampRange(ptr, i, len(col))
		for k := lo; k < hi; k++ {
			if int(col[k]) < len(x) {
				mag[i] += float32(math.Abs(float64(v.At(first+k, 0) * x[col[k]])))
			}
		}
	}
	forEachTier(t, f, func(t *testing.T, impl, ref qspmvNarrowBlockFunc[I]) {
		got := withSentinel(make([]float32, rows), 4)
		impl(got, x, ptr, col, v, first, nil, 1, 0)
		checkSentinel(t, "qspmvnarrowblock", got)
		want := make([]float32, rows)
		ref(want, x, ptr, col, v, first, nil, 1, 0)
		g, w := append([]float32(nil), got...), append([]float32(nil), want...)
		if err := qCloseFused(g, w, append(mag[:rows:rows], 0), len(col)); err != nil {
			t.Fatalf("%v first=%d ptr=%v col=%v: %v", v.Scheme, first, ptr, col, err)
		}
	})
}
