package engine

import (
	"fmt"
	"testing"
)

// fuzzProductArgs decodes arbitrary bytes into kernel operands: small
// integer-valued floats (so that fused and unfused sums agree exactly) and
// unchecked index arrays (which the exported wrappers must reject or accept
// without ever reading out of bounds).
func fuzzProductArgs(data []byte) (r int, mode GatherMode, ptr, crd, idx []uint64, vals, x, y, out []float64) {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	r = 1 + int(next()%70)
	mode = GatherMode(next() % 4)
	nc := int(next() % 6)
	ptr = make([]uint64, nc+1)
	ptr[0] = uint64(next() % 3)
	for c := 1; c <= nc; c++ {
		ptr[c] = ptr[c-1] + uint64(next()%4)
		if next()%16 == 0 {
			ptr[c] = uint64(next()) // malformed
		}
	}
	crd = make([]uint64, nc)
	for c := range crd {
		crd[c] = uint64(next() % 5)
	}
	idx = make([]uint64, int(next()%20))
	for j := range idx {
		idx[j] = uint64(next() % 5)
	}
	f := func(n int) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = float64(int(next()%17) - 8)
		}
		return s
	}
	vals = f(len(idx))
	x = f(int(next()%6) * r)
	y = f(int(next()%6) * r)
	out = f(int(next()%6) * r)
	return
}

func FuzzGatherHadamard(f *testing.F) {
	f.Add([]byte{3, 0, 2, 0, 1, 2, 0, 1, 5, 1, 2, 3, 4, 0, 5, 5, 5})
	f.Add([]byte{16, 1, 3, 1, 2, 3, 3, 4, 1, 0, 8, 1, 2, 3, 0, 1, 2, 3, 4, 4, 4, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		r, mode, ptr, crd, idx, vals, x, y, out := fuzzProductArgs(data)
		want := append([]float64(nil), out...)
		ok := returns(func() { GatherHadamard(mode, out, y, crd, ptr, vals, idx, x, r) })
		if !ok || len(ptr) <= 1 {
			return // refused, or no nodes: nothing ran
		}
		// Accepted: the dispatched path must match ref exactly.
		sO, cO, sU, c2 := refGatherArgs(mode, r, crd, ptr)
		gatherHadamardRef(want, y, c2, c2, ptr, vals, idx, x, r, sO, cO, sU)
		checkExact(t, fmt.Sprintf("r=%d mode=%d", r, mode), out, want)
	})
}

func FuzzScatterHadamard(f *testing.F) {
	f.Add([]byte{3, 0, 2, 0, 1, 2, 0, 1, 5, 1, 2, 3, 4, 0, 5, 5, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		r, _, ptr, crd, idx, vals, base, y, out := fuzzProductArgs(data)
		want := append([]float64(nil), out...)
		ok := returns(func() { ScatterHadamard(out, base, y, crd, ptr, vals, idx, r) })
		if !ok {
			return
		}
		scatterHadamardRef(want, base, y, crd, crd, ptr, vals, idx, r, 0)
		for i := range want {
			if out[i] != want[i] {
				t.Fatalf("r=%d [%d] = %v, want %v", r, i, out[i], want[i])
			}
		}
	})
}

func FuzzDotRows(f *testing.F) {
	f.Add([]byte{3, 0, 2, 0, 1, 2, 0, 1, 5, 1, 2, 3, 4, 0, 5, 5, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		r, _, _, _, idx, _, q, k, _ := fuzzProductArgs(data)
		q = q[:min(len(q), r)]
		dst := make([]float64, len(idx)/2)
		ok := returns(func() { DotRows(dst, q, k, idx, 0.5) })
		if !ok {
			return
		}
		want := make([]float64, len(dst))
		dotRowsRef(want, q, k, idx, 0.5)
		for i := range want {
			if dst[i] != want[i] {
				t.Fatalf("d=%d [%d] = %v, want %v", len(q), i, dst[i], want[i])
			}
		}
	})
}
