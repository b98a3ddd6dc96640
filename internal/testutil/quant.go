package testutil

import (
	"fmt"
	"math"

	"github.com/hurray-format/hurray-go/quant"
)

// Schemes returns a spelling of every quantization scheme for a structure
// of the given rank: the tensor schemes, a channel scheme along every axis,
// and block schemes whose small blocks (3 to 5 values, the MX kinds' 32)
// straddle rows and fibers and end short.
func Schemes(rank int) []quant.Scheme {
	sp := []string{"int8:tensor", "uint8:tensor", "int8:block=4", "uint8:block=3", "int4:block=5", "nf4:block=4", "nf4", "mxfp4", "mxfp8"}
	for a := range rank {
		sp = append(sp, fmt.Sprintf("int8:channel:axis=%d", a), fmt.Sprintf("uint8:channel:axis=%d", a))
	}
	out := make([]quant.Scheme, len(sp))
	for i, s := range sp {
		out[i] = quant.MustParse(s)
	}
	return out
}

// QuantValue decodes stored value k of v, whose channel is ch (read by
// channel schemes only), from its codes and parameters as the scheme table
// states it, independently of quant.Values.At: the group from the
// granularity, the code by the nibble rule, one float32 product.
func QuantValue(v quant.Values, k int, ch uint64) float32 {
	s := v.Scheme
	g := 0
	switch s.Granularity() {
	case quant.PerChannel:
		g = int(ch)
	case quant.PerBlock:
		g = k / s.BlockSize()
	}
	var c uint8
	if s.CodeBits() == 4 {
		c = v.Codes[k/2] >> (4 * (k % 2)) & 15
	} else {
		c = v.Codes[k]
	}
	switch s.Kind() {
	case quant.Int8:
		return float32(int8(c)) * v.Scale[g]
	case quant.Uint8:
		return float32(int(c)-int(v.Zero[g])) * v.Scale[g]
	case quant.Int4:
		n := int(c)
		if n >= 8 {
			n -= 16
		}
		return float32(n) * v.Scale[g]
	case quant.NF4:
		return quant.NF4Levels()[c] * v.Scale[g]
	case quant.MXFP4:
		return quant.E2M1Values()[c] * float32(math.Ldexp(1, int(v.Exp[g])-127))
	}
	return quant.E4M3Values()[c] * float32(math.Ldexp(1, int(v.Exp[g])-127))
}
