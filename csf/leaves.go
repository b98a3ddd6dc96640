package csf

import (
	"github.com/hurray-format/hurray-go/internal/engine"
)

// leafOps is what the products run on the leaf values: the float kernels
// over a Tensor's values, or the fused-dequantize kernels over a
// Quantized's codes (qLeaves). The walks over the levels above are the same
// for both. Leaf indices are absolute, as in the kernels.
type leafOps[T Float] interface {
	// leafGather2 is GatherHadamard2 on the leaf values.
	leafGather2(mode engine.GatherMode, out, y []T, ncrd, ptr, crd []uint64, z []T, lptr, idx []uint64, x []T, r int)
	// leafPush2 is PushHadamard2 on the leaf values.
	leafPush2(mode engine.PushMode, out, above, y []T, ycrd, ptr, crd, lptr, idx []uint64, f []T, r int)
}

var _ leafOps[float64] = (*Tensor[float64])(nil)

func (t *Tensor[T]) leafGather2(mode engine.GatherMode, out, y []T, ncrd, ptr, crd []uint64, z []T, lptr, idx []uint64, x []T, r int) {
	engine.GatherHadamard2Unchecked(mode, out, y, ncrd, ptr, crd, z, lptr, t.values, idx, x, r)
}

func (t *Tensor[T]) leafPush2(mode engine.PushMode, out, above, y []T, ycrd, ptr, crd, lptr, idx []uint64, f []T, r int) {
	engine.PushHadamard2Unchecked(mode, out, above, y, ycrd, ptr, crd, lptr, t.values, idx, f, r)
}
