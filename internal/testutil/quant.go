package testutil

import (
	"fmt"

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
