package convert

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/csr"
)

func zzM2() *csr.Matrix[float64] {
	const rows, per = 20000, 32
	rng := rand.New(rand.NewPCG(2, 2))
	ptr := make([]uint64, rows+1)
	var idx []uint64
	var vals []float64
	for i := range rows {
		set := map[uint64]bool{}
		for len(set) < per {
			set[rng.Uint64N(rows)] = true
		}
		var r []uint64
		for k := range set {
			r = append(r, k)
		}
		slices.Sort(r)
		idx = append(idx, r...)
		for range r {
			vals = append(vals, rng.Float64())
		}
		ptr[i+1] = uint64(len(idx))
	}
	a, err := csr.New(rows, rows, ptr, idx, vals)
	if err != nil {
		panic(err)
	}
	return a
}

func BenchmarkZZTranspose(b *testing.B) {
	a := zzM2()
	for _, th := range []int{1, 2} {
		for _, path := range []string{"radix", "counting"} {
			b.Run(fmt.Sprintf("th=%d/%s", th, path), func(b *testing.B) {
				old := matrixByCounting
				matrixByCounting = path == "counting"
				defer func() { matrixByCounting = old }()
				ws := new(Workspace)
				opts := Options{Workers: th}
				var dst *csr.Matrix[float64]
				for range b.N {
					dst = TransposeTo(dst, a, ws, opts)
				}
			})
		}
	}
}
