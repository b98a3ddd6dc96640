package engine

import (
	"slices"
	"testing"
	"unsafe"

	"github.com/hurray-format/hurray-go/quant"
)

// fuzzExactSchemes are the block schemes of the fuzz targets: the fused
// kernels' block sizes of one vector, from odd offsets, a vector and a
// half and four vectors, on int8, uint8, int4 and MXFP4 codes (whose
// values and power-of-two scales keep every sum exact).
var fuzzExactSchemes = []string{"int8:block=16", "int8:block=17", "int8:block=64", "int4:block=16", "int4:block=24", "mxfp4",
	"uint8:block=16", "uint8:block=40"}

// fuzzExactCSR is fuzzCSR with each segment and the indices repeated reps
// times (rows long enough for the vector steps), reps from the seed, and
// values of scheme s (from the seed) for first+len(idx) entries: codes
// from their position, scales powers of two (MX exponents 125..128), x
// halves of odd integers (no product is zero unless its code is).
func fuzzExactCSR(b []byte, seed uint64, first int) (ptr, idx []uint64, x []float32, v quant.Values) {
	ptr, idx, _, xf := fuzzCSR(b, seed)
	reps := 1 + int(seed>>16%8)
	for i := range ptr {
		ptr[i] *= uint64(reps)
	}
	n := len(idx) * reps
	idx = slices.Repeat(idx, reps)
	x = make([]float32, len(xf))
	for i := range x {
		x[i] = float32(i%7) - 3.5
	}
	if seed&4 != 0 { // sometimes most indices in range
		for k := range idx {
			idx[k] %= uint64(len(x) + 1)
		}
	}
	s := quant.MustParse(fuzzExactSchemes[seed>>8%uint64(len(fuzzExactSchemes))])
	m := first + n
	return ptr, idx, x, fuzzExactValues(s, m, (m+s.BlockSize()-1)/s.BlockSize(), seed)
}

// fuzzExactValues returns n values of scheme s with groups parameters
// (blocks or channels), from the seed: codes from their position, scales
// powers of two (MX exponents 125..128), uint8 zero points.
func fuzzExactValues(s quant.Scheme, n, groups int, seed uint64) quant.Values {
	v := quant.Values{Scheme: s, N: n, Codes: make([]byte, s.CodeBytes(n))}
	for k := range v.Codes {
		v.Codes[k] = byte(k*37 + int(seed>>24))
	}
	if s.Kind() == quant.MXFP4 {
		v.Exp = make([]byte, groups)
		for g := range v.Exp {
			v.Exp[g] = byte(125 + (g*5+int(seed>>32))%4)
		}
		return v
	}
	v.Scale = make([]float32, groups)
	for g := range v.Scale {
		v.Scale[g] = []float32{0.25, 0.5, 1, 2}[(g*3+int(seed>>32))%4]
	}
	if s.Kind() == quant.Uint8 {
		v.Zero = make([]byte, groups)
		for g := range v.Zero {
			v.Zero[g] = byte(g*101 + int(seed>>40))
		}
	}
	return v
}

// FuzzQSpMVBlockExact: on any index data every path of the fused SpMV by
// block stays in bounds and agrees with ref exactly (FuzzQSpMV compares
// within the bound of a sum), on rows long enough for the vector steps.
func FuzzQSpMVBlockExact(f *testing.F) {
	seedWords(f, 0, 2, 3, 5, 0, 1, 2, 9, 1<<63)
	seedWords(f, 7, 1, 40, 2, 3, 4, ^uint64(0), 0)
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		ptr, idx, x, v := fuzzExactCSR(b, seed, 0)
		v.N = len(idx)
		checkQSpMVExact(t, x, ptr, idx, &v, Channels{})
	})
}

// FuzzQSpMVColExact is FuzzQSpMVBlockExact for the fused SpMV by column
// (int8 and uint8 codes, a scale and a zero point per channel, the
// indices the channels): the channels from two fewer than x's elements
// (the indices at or past their count skipped) to two more, scales powers
// of two, the zero points of the first and last channel 0 and 255.
func FuzzQSpMVColExact(f *testing.F) {
	seedWords(f, 0, 2, 3, 5, 0, 1, 2, 9, 1<<63)
	seedWords(f, 7, 1, 40, 2, 3, 4, ^uint64(0), 0)
	f.Add(fuzzQSeed(1, 300, 40, 45), uint64(37<<1|1<<8|2<<48))
	f.Add(fuzzQSeed(2, 300, 70, 64), uint64(63<<1|4<<48|9<<24))
	f.Add(fuzzQSeed(3, 200, 50, 60), uint64(59<<1|1<<8))
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		ptr, idx, x, _ := fuzzExactCSR(b, seed, 0)
		chn := max(1, len(x)+int(seed>>48%5)-2)
		s := quant.MustParse([]string{"int8:channel:axis=1", "uint8:channel:axis=1"}[seed>>8%2])
		v := fuzzExactValues(s, len(idx), chn, seed)
		if v.Zero != nil {
			v.Zero[0], v.Zero[chn-1] = 0, 255
		}
		checkQSpMVExact(t, x, ptr, idx, &v, PerValue(idx, 1))
	})
}

// FuzzQSpMVNarrowBlockExact is FuzzQSpMVBlockExact for QSpMVNarrowBlock's
// paths, the pointers and indices truncated to 32 and 16 or 32 bits, the
// values from an offset first.
func FuzzQSpMVNarrowBlockExact(f *testing.F) {
	seedWords(f, 0, 2, 3, 5, 0, 1, 2, 9, 1<<63)
	seedWords(f, 7, 1, 40, 2, 3, 4, ^uint64(0), 0)
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		first := int(seed >> 40 % 20)
		ptr, idx, x, v := fuzzExactCSR(b, seed, first)
		if len(x) == 0 {
			x = []float32{1}
		}
		ptr32 := make([]uint32, len(ptr))
		for i, p := range ptr {
			ptr32[i] = uint32(p)
		}
		col16, col32 := make([]uint16, len(idx)), make([]uint32, len(idx))
		for k, j := range idx {
			col16[k], col32[k] = uint16(j), uint32(j)
		}
		fuzzNarrowBlockExact(t, qspmvNarrowBlockU16, x, ptr32, col16, &v, first)
		fuzzNarrowBlockExact(t, qspmvNarrowBlockU32, x, ptr32, col32, &v, first)
	})
}

func fuzzNarrowBlockExact[I Narrow](t *testing.T, f *family[qspmvNarrowBlockFunc[I]], x []float32, ptr []uint32, col []I, v *quant.Values, first int) {
	rows := len(ptr) - 1
	forEachTier(t, f, func(t *testing.T, impl, ref qspmvNarrowBlockFunc[I]) {
		want := make([]float32, rows)
		ref(want, x, ptr, col, v, first, nil, 1, 0)
		got := withSentinel(make([]float32, rows), 4)
		impl(got, x, ptr, col, v, first, nil, 1, 0)
		checkSentinel(t, "qspmvnarrowblock", got)
		if !slices.Equal(got, want) {
			t.Fatalf("%v U%d first %d ptr=%v col=%v: got %v, want %v", v.Scheme, 8*unsafe.Sizeof(I(0)), first, ptr, col, got, want)
		}
	})
}
