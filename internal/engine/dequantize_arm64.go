//go:build !purego && !noasm && gc

package engine

import (
	"math"

	"github.com/hurray-format/hurray-go/kernels/arm64"
)

// The NEON decode kernels decode whole vectors of 4 (4-bit codes from a low
// nibble) and leave the tail to the Go kernels; blocks shorter than a vector
// run the Go kernels (dqSplit).
var dqNEON = dqKernels{
	i8:      raceDQ(arm64.DequantizeI8NEON),
	u8:      raceDQU8(arm64.DequantizeU8NEON),
	e4m3:    raceDQ(arm64.DequantizeE4M3NEON),
	nib:     raceDQ4(dequantize4NEON),
	minB:    4,
	nibEven: true,
}

// nibPlanes holds the byte planes of the 4-bit tables, in the order of
// their tables: int4, nf4, e2m1.
var nibPlanes = [3][64]byte{planes(&int4Table), planes(&nf4Table), planes(&e2m1Table)}

// planes returns the four byte planes of a 16-entry float32 table: byte p
// (little-endian) of entry q at 16p+q, what Dequantize4NEON's TBL reads.
func planes(t *[16]float32) (b [64]byte) {
	for q, v := range t {
		bits := math.Float32bits(v)
		for p := range 4 {
			b[16*p+q] = byte(bits >> (8 * p))
		}
	}
	return b
}

// dequantize4NEON runs Dequantize4NEON with the planes of table (one of the
// three 4-bit tables; odd is 0).
func dequantize4NEON(dst []float32, codes []byte, _ int, table, scale []float32, rem, b int) int {
	pl := &nibPlanes[0]
	switch &table[0] {
	case &nf4Table[0]:
		pl = &nibPlanes[1]
	case &e2m1Table[0]:
		pl = &nibPlanes[2]
	}
	return arm64.Dequantize4NEON(dst, codes, pl[:], scale, rem, b)
}

func dequantizeNEON(dst []float32, s *qScratch, i0, hint int) int {
	return dqSplit(dst, s, i0, hint, &dqNEON)
}
