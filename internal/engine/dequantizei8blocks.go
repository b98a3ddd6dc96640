package engine

// dequantizeI8BlocksFunc decodes int8 codes whose scales go by blocks of
// 2^shift >= 16 values (shift 63: one scale), a whole vector at a time:
// dst[i] = float32(int8(codes[i])) * scale[(j0+i)>>shift], the same
// product, rounded once, as the dequantize family and quant's Values.At.
// len(dst) and j0 are multiples of 16, len(codes) >= len(dst) and scale
// holds the scale of every value; the caller (decodeI8Blocks) checks it,
// the kernels do not.
type dequantizeI8BlocksFunc = func(dst []float32, codes []byte, scale []float32, j0, shift uint64)

// dequantizeI8Blocks is nodes2's decode of int8 values by power-of-two
// blocks of at least 16 values, or with one scale (qI8Blocks): the
// AVX-512 kernel's vectors share one scale each, with no mask and no walk
// over the blocks.
// The paths without a kernel of their own run the int8 kernel of their
// dequantize path (dequantizeI8BlocksBy).
var dequantizeI8Blocks = newPartialFamily[dequantizeI8BlocksFunc]("dequantizei8blocks", dequantizeI8BlocksRef, dequantizeI8BlocksBy(dqI8Go))

// dequantizeI8BlocksRef is the reference of the family.
func dequantizeI8BlocksRef(dst []float32, codes []byte, scale []float32, j0, shift uint64) {
	codes = codes[:len(dst)]
	for i := range dst {
		dst[i] = float32(int8(codes[i])) * scale[(j0+uint64(i))>>shift]
	}
}

// dequantizeI8BlocksBy runs a dequantize path's int8 kernel (dqKernels'
// i8: value i in group 0 for i < rem, then 1+(i-rem)/b) as a kernel of
// the family, the values it leaves in Go.
func dequantizeI8BlocksBy(k func(dst []float32, codes []byte, scale []float32, rem, b int) int) dequantizeI8BlocksFunc {
	return func(dst []float32, codes []byte, scale []float32, j0, shift uint64) {
		var n int
		codes = codes[:len(dst)]
		if shift >= 63 {
			n = k(dst, codes, scale, dqWhole, dqWhole)
		} else {
			b := uint64(1) << shift
			n = k(dst, codes, scale[j0>>shift:], int(b-j0&(b-1)), int(b))
		}
		dequantizeI8BlocksRef(dst[n:], codes[n:], scale, j0+uint64(n), shift)
	}
}

// raceDQBlocks is raceDQ (dequantize_race.go) for the family's kernels:
// in -race builds it records the codes and scales as read whole, a
// superset of what the kernel reads, and dst as written.
func raceDQBlocks(k dequantizeI8BlocksFunc) dequantizeI8BlocksFunc {
	if !raceEnabled {
		return k
	}
	return func(dst []float32, codes []byte, scale []float32, j0, shift uint64) {
		raceRead(codes)
		raceRead(scale)
		raceWrite(dst)
		k(dst, codes, scale, j0, shift)
	}
}
