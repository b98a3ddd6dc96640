package kernels

import "github.com/hurray-format/hurray-go/kernels/arm64"

// NEON glue for GatherHadamard and GatherHadamard2: the assembly does the
// columns up to the largest multiple of the lane count (4 float32, 2 float64)
// on bounded runs of nodes (assembly is not preemptible); gatherColsNEON and
// gather2ColsNEON do the rest.

var _ = registerGatherARM64()

func registerGatherARM64() bool {
	if arm64.HasNEON {
		gatherF32.set(tierNEON, gatherNEON(arm64.GatherHadamardF32NEON, 4))
		gatherF64.set(tierNEON, gatherNEON(arm64.GatherHadamardF64NEON, 2))
		gather2F32.set(tierNEON, gather2NEON(arm64.GatherHadamard2F32NEON, 4))
		gather2F64.set(tierNEON, gather2NEON(arm64.GatherHadamard2F64NEON, 2))
	}
	return true
}

// gatherNEON runs asm on columns 0..w-1, w = r rounded down to a multiple of
// lanes, in runs of nodes holding about productChunk leaves (at least one
// node each), then the remaining columns in Go. Below one vector of columns
// the generic path runs. GatherHadamard has checked every bound.
func gatherNEON[T Float](asm func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, w int), lanes int) gatherFunc[T] {
	return func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
		w := r &^ (lanes - 1)
		if w == 0 {
			gatherGeneric(out, y, ocrd, ycrd, ptr, vals, idx, x, r, sO, cO, sU)
			return
		}
		nc := len(ptr) - 1
		for c0 := 0; c0 < nc; {
			c1 := productRun(ptr, c0)
			asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], vals, idx, x, r, sO, cO, sU, w)
			c0 = c1
		}
		if w < r {
			gatherColsNEON(out, y, ocrd, ycrd, ptr, vals, idx, x, r, sO, cO, sU, w)
		}
	}
}

// gatherColsNEON is gatherRef restricted to columns k0..r-1.
func gatherColsNEON[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, k0 int) {
	for c := 0; c+1 < len(ptr); c++ {
		o := int(ocrd[c])*sO + c*cO
		u := int(ycrd[c]) * sU
		for k := k0; k < r; k++ {
			var t T
			for j := ptr[c]; j < ptr[c+1]; j++ {
				t += vals[j] * x[int(idx[j])*r+k]
			}
			out[o+k] += y[u+k] * t
		}
	}
}

// gather2NEON is gatherNEON for the two-level kernel: runs of nodes from
// productRun2 (children and leaves bounded), columns 0..w-1 in assembly,
// the rest in Go. GatherHadamard2 has checked every bound.
func gather2NEON[T Float](asm func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, w int), lanes int) gather2Func[T] {
	return func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
		w := r &^ (lanes - 1)
		if w == 0 {
			gather2Generic(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU)
			return
		}
		forRuns2(ptr, lptr, func(c0, c1 int) {
			asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], crd, z, lptr, vals, idx, x, r, sO, cO, sU, w)
		})
		if w < r {
			gather2Cols(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, w)
		}
	}
}
