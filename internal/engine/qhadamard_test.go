package engine

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// TestDecodeI8Blocks checks nodes2's int8 decode on every path against
// quant's Values.At, bit for bit: tiles from every phase of a vector and
// of a block, of every length up to a few vectors past the blocks, and the
// longest tile, per tensor and per block of 16, 64 and 256.
func TestDecodeI8Blocks(t *testing.T) {
	forEachPath(t, func(t *testing.T) {
		k := dequantizeI8Blocks.fn
		rng := rand.New(rand.NewPCG(21, 22))
		n := qLeafBlock + 3*256 + 5
		vals := make([]float32, n)
		for i := range vals {
			vals[i] = float32(rng.NormFloat64() * math.Exp2(float64(rng.IntN(40)-20)))
		}
		var buf [qLeafBlock + 16]float32
		for _, spelling := range []string{"int8:tensor", "int8:block=16", "int8:block=64", "int8:block=256"} {
			v, _, err := quant.Quantize(quant.MustParse(spelling), []uint64{uint64(n)}, vals, quant.Channels{})
			if err != nil {
				t.Fatal(err)
			}
			scale, shift, ok := qI8Blocks(&v)
			if !ok {
				t.Fatalf("%s: qI8Blocks refuses it", spelling)
			}
			check := func(j0, j1 int) {
				for i := range buf {
					buf[i] = float32(math.NaN())
				}
				got := decodeI8Blocks(k, &buf, v.Codes, scale, shift, uint64(j0), uint64(j1))
				if len(got) != j1-j0 {
					t.Fatalf("%s: %d..%d: %d values", spelling, j0, j1, len(got))
				}
				for i, g := range got {
					if w := v.At(j0+i, 0); math.Float32bits(g) != math.Float32bits(w) {
						t.Fatalf("%s: %d..%d: value %d = %v, want %v", spelling, j0, j1, j0+i, g, w)
					}
				}
			}
			for j0 := 0; j0 < 70; j0++ {
				if testing.Short() && j0%5 != 0 {
					continue // the race run: 14 of the 16 phases of a vector
				}
				for _, m := range []int{1, 2, 15, 16, 17, 31, 48, 63, 64, 65, 100, 300} {
					check(j0, j0+m)
				}
			}
			check(0, qLeafBlock)
			check(n-qLeafBlock, n)
			check(n-1, n)
			for range 50 {
				j0 := rng.IntN(n)
				check(j0, j0+1+rng.IntN(min(qLeafBlock, n-j0)))
			}
		}
	})
}

// TestQI8Blocks checks which schemes nodes2 decodes with dequantizeI8Blocks.
func TestQI8Blocks(t *testing.T) {
	for spelling, want := range map[string]bool{
		"int8:tensor": true, "int8:block=16": true, "int8:block=64": true, "int8:block=1024": true,
		"int8:block=8": false, "int8:block=17": false, "int8:block=48": false, "int8:channel:axis=0": false,
		"uint8:block=64": false, "nf4:block=64": false, "mxfp8": false,
	} {
		v := quant.Values{Scheme: quant.MustParse(spelling)}
		if _, _, ok := qI8Blocks(&v); ok != want {
			t.Errorf("qI8Blocks(%s) = %v, want %v", spelling, ok, want)
		}
	}
}
