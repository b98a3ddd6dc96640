package kernels

import "github.com/hurray-format/hurray-go/kernels/arm64"

// NEON glue for ScatterHadamard and PushHadamard2: the assembly does the
// columns up to the largest multiple of the lane count (4 float32, 2 float64)
// on bounded runs of nodes (assembly is not preemptible); scatterColsNEON and
// push2ColsNEON do the rest.

var _ = registerAxpyARM64()

func registerAxpyARM64() bool {
	if arm64.HasNEON {
		axpyF32.set(tierNEON, axpyNEON(arm64.ScatterHadamardF32NEON, 4))
		axpyF64.set(tierNEON, axpyNEON(arm64.ScatterHadamardF64NEON, 2))
		push2F32.set(tierNEON, push2NEON(arm64.PushHadamard2F32NEON, 4))
		push2F64.set(tierNEON, push2NEON(arm64.PushHadamard2F64NEON, 2))
	}
	return true
}

// axpyNEON runs asm on columns 0..w-1, w = r rounded down to a multiple of
// lanes, in runs of nodes holding about productChunk leaves (at least one
// node each), then the remaining columns in Go. Below one vector of columns
// the generic path runs. ScatterHadamard has checked every bound.
func axpyNEON[T Float](asm func(out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB, w int), lanes int) axpyFunc[T] {
	return func(out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int) {
		w := r &^ (lanes - 1)
		if w == 0 {
			axpyGeneric(out, base, y, bcrd, crd, ptr, vals, idx, r, sB)
			return
		}
		nc := len(ptr) - 1
		for c0 := 0; c0 < nc; {
			c1 := productRun(ptr, c0)
			asm(out, base, y, bcrd[c0:c1], crd[c0:c1], ptr[c0:c1+1], vals, idx, r, sB, w)
			c0 = c1
		}
		if w < r {
			scatterColsNEON(out, base, y, bcrd, crd, ptr, vals, idx, r, sB, w)
		}
	}
}

// scatterColsNEON is axpyRef restricted to columns k0..r-1; nodes without
// leaves read nothing.
func scatterColsNEON[T Float](out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB, k0 int) {
	for c := 0; c+1 < len(ptr); c++ {
		lo, hi := ptr[c], ptr[c+1]
		if lo == hi {
			continue
		}
		b := base[int(bcrd[c])*sB:][:r]
		yr := y[int(crd[c])*r:][:r]
		for k := k0; k < r; k++ {
			p := b[k] * yr[k]
			for j := lo; j < hi; j++ {
				out[int(idx[j])*r+k] += vals[j] * p
			}
		}
	}
}

// push2NEON is axpyNEON for the two-level push: runs of nodes from
// productRun2 (children and leaves bounded), columns 0..w-1 in assembly, the
// rest in Go. out has no per-node offset: every run gets it whole.
// PushHadamard2 has checked every bound.
func push2NEON[T Float](asm func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode, w int), lanes int) push2Func[T] {
	return func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int) {
		w := r &^ (lanes - 1)
		if w == 0 {
			push2Generic(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode)
			return
		}
		forRuns2(ptr, lptr, func(c0, c1 int) {
			asm(out, above, y, ycrd[c0:c1], ptr[c0:c1+1], crd, lptr, vals, idx, f, r, mode, w)
		})
		if w < r {
			push2Cols(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode, w)
		}
	}
}
