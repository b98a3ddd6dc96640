package engine

// The decode kernels' race annotations: in -race builds the glue records
// what the assembly reads and writes (raceEnabled is constant false
// elsewhere, and the wrappers reduce to the kernel).

type dqFunc = func(dst []float32, codes []byte, scale []float32, rem, b int) int

type dqU8Func = func(dst []float32, codes []byte, scale []float32, zero []uint8, rem, b int) int

type dqNibFunc = func(dst []float32, codes []byte, odd int, table, scale []float32, rem, b int) int

func raceDQ(k dqFunc) dqFunc {
	if !raceEnabled {
		return k
	}
	return func(dst []float32, codes []byte, scale []float32, rem, b int) int {
		raceRead(codes)
		raceRead(scale)
		raceWrite(dst)
		return k(dst, codes, scale, rem, b)
	}
}

func raceDQU8(k dqU8Func) dqU8Func {
	if !raceEnabled {
		return k
	}
	return func(dst []float32, codes []byte, scale []float32, zero []uint8, rem, b int) int {
		raceRead(codes)
		raceRead(scale)
		raceRead(zero)
		raceWrite(dst)
		return k(dst, codes, scale, zero, rem, b)
	}
}

func raceDQ4(k dqNibFunc) dqNibFunc {
	if !raceEnabled {
		return k
	}
	return func(dst []float32, codes []byte, odd int, table, scale []float32, rem, b int) int {
		raceRead(codes)
		raceRead(table)
		raceRead(scale)
		raceWrite(dst)
		return k(dst, codes, odd, table, scale, rem, b)
	}
}
