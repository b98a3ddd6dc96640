// Package bench holds the cross-package benchmarks of hurray-go and the
// deterministic (seeded) generators of their inputs.
package bench

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/mem"
)

// Pattern is a generated sparse matrix in CSR form with float64 values; the
// float32 values are the same values rounded.
type Pattern struct {
	Name       string
	Rows, Cols int
	Ptr, Idx   []uint64
	Vals       []float64

	once32 sync.Once
	vals32 []float32
}

// NNZ returns the number of stored entries.
func (p *Pattern) NNZ() int { return len(p.Idx) }

// Vals32 returns the values as float32 (computed once).
func (p *Pattern) Vals32() []float32 {
	p.once32.Do(func() {
		p.vals32 = make([]float32, len(p.Vals))
		for i, v := range p.Vals {
			p.vals32[i] = float32(v)
		}
	})
	return p.vals32
}

// CSR returns the pattern as a validated CSR matrix of T sharing the index
// arrays (values are shared for float64-sized T, converted once for
// float32-sized T).
func CSR[T csr.Float](p *Pattern) *csr.Matrix[T] {
	var vals []T
	if mem.ElemSize[T]() == 8 {
		vals = mem.Retype[T](p.Vals)
	} else {
		vals = mem.Retype[T](p.Vals32())
	}
	a, err := csr.New(uint64(p.Rows), uint64(p.Cols), p.Ptr, p.Idx, vals)
	if err != nil {
		panic(err)
	}
	return a
}

// build makes a pattern from a function giving each row's length; columns
// are distinct, uniform, sorted; values uniform in [-1, 1).
func build(name string, rows, cols int, seed uint64, rowLen func(rng *rand.Rand, i int) int) *Pattern {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	ptr := make([]uint64, rows+1)
	lens := make([]int, rows)
	for i := range rows {
		lens[i] = min(cols, max(0, rowLen(rng, i)))
		ptr[i+1] = ptr[i] + uint64(lens[i])
	}
	nnz := int(ptr[rows])
	idx := make([]uint64, nnz)
	vals := make([]float64, nnz)
	var seen map[uint64]struct{}
	for i := range rows {
		row := idx[ptr[i]:ptr[i+1]]
		n := len(row)
		if n*4 >= cols {
			// dense-ish row: Bernoulli over all columns until n are chosen
			k := 0
			for j := 0; j < cols && k < n; j++ {
				if rng.IntN(cols-j) < n-k {
					row[k] = uint64(j)
					k++
				}
			}
		} else {
			if seen == nil {
				seen = map[uint64]struct{}{}
			}
			clear(seen)
			for k := 0; k < n; {
				j := uint64(rng.IntN(cols))
				if _, dup := seen[j]; dup {
					continue
				}
				seen[j] = struct{}{}
				row[k] = j
				k++
			}
			slices.Sort(row)
		}
	}
	for k := range vals {
		vals[k] = 2*rng.Float64() - 1
	}
	return &Pattern{Name: name, Rows: rows, Cols: cols, Ptr: ptr, Idx: idx, Vals: vals}
}

var (
	m1, m2, m3, m4     *Pattern
	m1o, m2o, m3o, m4o sync.Once
)

// M1 is 1,000,000 x 1,000,000 with 16 uniformly placed entries per row.
func M1() *Pattern {
	m1o.Do(func() {
		m1 = build("M1", 1_000_000, 1_000_000, 1, func(*rand.Rand, int) int { return 16 })
	})
	return m1
}

// M2 is 20,000 x 20,000 with 32 uniformly placed entries per row.
func M2() *Pattern {
	m2o.Do(func() {
		m2 = build("M2", 20_000, 20_000, 2, func(*rand.Rand, int) int { return 32 })
	})
	return m2
}

// M3 is 1,000,000 x 1,000,000 with power-law row lengths (Pareto, shape
// 1.5, about 10 entries per row on average, about 10M entries).
func M3() *Pattern {
	m3o.Do(func() {
		m3 = build("M3", 1_000_000, 1_000_000, 3, func(rng *rand.Rand, _ int) int {
			u := 1 - rng.Float64()
			return int(10.0 / 3 * math.Pow(u, -1/1.5))
		})
	})
	return m3
}

// M4 is 4096 x 11008 at 90% sparsity (each entry present with probability
// 0.1, about 4.5M entries): a pruned transformer weight.
func M4() *Pattern {
	m4o.Do(func() {
		m4 = build("M4", 4096, 11008, 4, func(rng *rand.Rand, _ int) int {
			// Binomial(11008, 0.1) by its normal approximation
			return int(math.Round(1100.8 + rng.NormFloat64()*math.Sqrt(11008*0.1*0.9)))
		})
	})
	return m4
}
