//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/amd64"

// The amd64 decode kernels: AVX2 decodes whole vectors of 8 (4-bit codes
// from an even nibble) and leaves the tail to the Go kernels; AVX-512
// decodes everything, the last vector under a mask. Blocks shorter than a
// vector run the Go kernels (dqSplit).
var (
	dqAVX2 = dqKernels{
		i8:      raceDQ(amd64.DequantizeI8AVX2),
		u8:      raceDQU8(amd64.DequantizeU8AVX2),
		e4m3:    raceDQ(amd64.DequantizeE4M3AVX2),
		nib:     raceDQ4(amd64.Dequantize4AVX2),
		minB:    8,
		nibEven: true,
	}
	dqAVX512 = dqKernels{
		i8:   raceDQ(amd64.DequantizeI8AVX512),
		u8:   raceDQU8(amd64.DequantizeU8AVX512),
		e4m3: raceDQ(amd64.DequantizeE4M3AVX512),
		nib:  raceDQ4(amd64.Dequantize4AVX512),
		minB: 16,
	}
)

func dequantizeAVX2(dst []float32, s *qScratch, i0, hint int) int {
	return dqSplit(dst, s, i0, hint, &dqAVX2)
}

func dequantizeAVX512(dst []float32, s *qScratch, i0, hint int) int {
	return dqSplit(dst, s, i0, hint, &dqAVX512)
}
