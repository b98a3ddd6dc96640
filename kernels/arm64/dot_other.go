//go:build !arm64 || purego || noasm || !gc

package arm64

// DotRowsF32NEON is not built here; HasNEON is false, so it is never called.
func DotRowsF32NEON(dst, q, k []float32, idx []uint64, scale float32) { panic(noasm) }

// DotRowsF64NEON is not built here.
func DotRowsF64NEON(dst, q, k []float64, idx []uint64, scale float64) { panic(noasm) }
