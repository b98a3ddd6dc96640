package bench

import (
	"testing"
)

func dotsA(dst []float64, ptr, crd []uint64, vals, v []float64) {
	j := ptr[0]
	for c := range dst {
		end := ptr[c+1]
		var s float64
		for ; j < end; j++ {
			s += vals[j] * v[crd[j]]
		}
		dst[c] = s
	}
}

func dotsB(dst []float64, ptr, crd []uint64, vals, v []float64) {
	j := ptr[0]
	ptr = ptr[1:]
	ptr = ptr[:len(dst)]
	for c, end := range ptr {
		if end == j+1 {
			dst[c] = vals[j] * v[crd[j]]
			j = end
			continue
		}
		var s float64
		for ; j < end; j++ {
			s += vals[j] * v[crd[j]]
		}
		dst[c] = s
	}
}

// dotsC: blocks of 4 singleton fibers without per-fiber branches.
func dotsC(dst []float64, ptr, crd []uint64, vals, v []float64) {
	n := len(dst)
	c := 0
	for ; c+4 <= n; c += 4 {
		p := ptr[c : c+5]
		j := p[0]
		if p[1] == j+1 && p[2] == j+2 && p[3] == j+3 && p[4] == j+4 {
			cr := crd[j : j+4]
			vl := vals[j : j+4]
			d := dst[c : c+4]
			d[0] = vl[0] * v[cr[0]]
			d[1] = vl[1] * v[cr[1]]
			d[2] = vl[2] * v[cr[2]]
			d[3] = vl[3] * v[cr[3]]
			continue
		}
		dotsA(dst[c:c+4], p, crd, vals, v)
	}
	dotsA(dst[c:], ptr[c:], crd, vals, v)
}

func BenchmarkTmpTTV(b *testing.B) {
	t := GenCSF(T3u, nil)
	n := t.Rank()
	v := RandFactors[float64](t.Shape(), 1, 12)[n-1]
	dst := make([]float64, len(t.Crd(n-2)))
	ptr, crd, vals := t.Pos(n-1), t.Crd(n-1), t.Values()
	for _, f := range []struct {
		name string
		fn   func(dst []float64, ptr, crd []uint64, vals, v []float64)
	}{{"A", dotsA}, {"B", dotsB}, {"C", dotsC}} {
		b.Run(f.name, func(b *testing.B) {
			for b.Loop() {
				f.fn(dst, ptr, crd, vals, v)
			}
		})
	}
}
