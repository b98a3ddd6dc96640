package bench

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/hurray-format/hurray-go/csf"
)

// fbShape is the logical shape of the FindBatch benchmark tensor.
var fbShape = []uint64{100000, 50000, 2000}

// fbParetoLen draws a power-law length: floor(xmin * u^(-1/alpha)), capped.
func fbParetoLen(rng *rand.Rand, xmin, alpha float64, limit int) int {
	u := 1 - rng.Float64() // (0, 1]
	return min(int(xmin*math.Pow(u, -1/alpha)), limit)
}

// fbSortedSample appends n distinct sorted values from [0, dim) to dst
// without sorting: exponential spacings give sorted uniforms s_0 < ... <
// s_{n-1} in (0, 1), and floor(s_i*(dim-n)) + i is strictly increasing and
// below dim. n <= dim.
func fbSortedSample(dst []uint64, rng *rand.Rand, n int, dim uint64, tmp []float64) ([]uint64, []float64) {
	tmp = tmp[:0]
	var sum float64
	for range n + 1 {
		sum += rng.ExpFloat64()
		tmp = append(tmp, sum)
	}
	span := float64(dim - uint64(n))
	for i := range n {
		v := uint64(tmp[i] / sum * span)
		v = min(v, dim-uint64(n)) // guard the float rounding
		dst = append(dst, v+uint64(i))
	}
	return dst, tmp
}

// fbTensor builds, from a fixed seed, a 3-D power-law CSF of exactly nnz
// leaves over fbShape with mode_order [0 1 2]: level-2 fiber lengths are
// Pareto(xmin 1, alpha 1.3) capped at 2000, level-1 fan-outs Pareto(xmin 4,
// alpha 1.2) capped at 50000 (the last of each truncated so the totals come
// out exact). Levels are built directly in sorted order (sorted sampling by
// exponential spacings), so generation is O(nnz) with no sort.
func fbTensor(nnz int) *csf.Tensor[float64] {
	rng := rand.New(rand.NewPCG(2024, uint64(nnz)))
	// Fiber lengths of level 2, summing to nnz.
	var fiber []int
	for total := 0; total < nnz; {
		l := min(max(fbParetoLen(rng, 1, 1.3, int(fbShape[2])), 1), nnz-total)
		fiber = append(fiber, l)
		total += l
	}
	n1 := len(fiber)
	// Fan-outs of level 1, summing to n1.
	var fan []int
	for total := 0; total < n1; {
		l := min(max(fbParetoLen(rng, 4, 1.2, int(fbShape[1])), 1), n1-total)
		fan = append(fan, l)
		total += l
	}
	n0 := len(fan)
	if uint64(n0) > fbShape[0] {
		panic("bench: fbTensor: too many roots for the shape")
	}
	// Spread the heavy fan-outs (and fibers) over the tree instead of leaving
	// them in generation order: shuffle both.
	rng.Shuffle(len(fiber), func(i, j int) { fiber[i], fiber[j] = fiber[j], fiber[i] })
	rng.Shuffle(len(fan), func(i, j int) { fan[i], fan[j] = fan[j], fan[i] })

	var tmp []float64
	crd0, tmp := fbSortedSample(make([]uint64, 0, n0), rng, n0, fbShape[0], tmp)
	pos1 := make([]uint64, 1, n0+1)
	crd1 := make([]uint64, 0, n1)
	for _, f := range fan {
		crd1, tmp = fbSortedSample(crd1, rng, f, fbShape[1], tmp)
		pos1 = append(pos1, uint64(len(crd1)))
	}
	pos2 := make([]uint64, 1, n1+1)
	crd2 := make([]uint64, 0, nnz)
	for _, f := range fiber {
		crd2, tmp = fbSortedSample(crd2, rng, f, fbShape[2], tmp)
		pos2 = append(pos2, uint64(len(crd2)))
	}
	vals := make([]float64, nnz)
	for i := range vals {
		vals[i] = float64(i%1000) + 0.5
	}
	t, err := csf.New(slices.Clone(fbShape), []uint32{0, 1, 2},
		[][]uint64{{0, uint64(n0)}, pos1, pos2}, [][]uint64{crd0, crd1, crd2}, vals)
	if err != nil {
		panic("bench: fbTensor: " + err.Error())
	}
	return t
}

// fbQueries draws nq logical coordinates for t (rank 3, mode_order [0 1 2])
// from a fixed seed, in random order: even-numbered queries are stored
// coordinates (a uniformly chosen leaf), odd-numbered ones are absent, a
// third each missing at level 0 or 1 (a uniform random coordinate), at
// level 1 (a stored root with a random j) and at level 2 (a stored (i, j)
// with a random k). want[q] is the leaf of query q or -1.
func fbQueries(t *csf.Tensor[float64], nq int) (coords []uint64, want []int) {
	rng := rand.New(rand.NewPCG(4242, uint64(nq)))
	crd0, crd1, crd2 := t.Crd(0), t.Crd(1), t.Crd(2)
	pos1, pos2 := t.Pos(1), t.Pos(2)
	// parent1[n] is the root of level-1 node n; parent2[leaf] the level-1
	// node of a leaf.
	parent1 := fbParents(pos1)
	parent2 := fbParents(pos2)
	coords = make([]uint64, 0, 3*nq)
	want = make([]int, nq)
	for q := range nq {
		if q%2 == 0 {
			leaf := rng.IntN(len(crd2))
			n := parent2[leaf]
			coords = append(coords, crd0[parent1[n]], crd1[n], crd2[leaf])
			want[q] = leaf
			continue
		}
		for {
			var c [3]uint64
			switch rng.IntN(3) {
			case 0:
				c = [3]uint64{rng.Uint64N(fbShape[0]), rng.Uint64N(fbShape[1]), rng.Uint64N(fbShape[2])}
			case 1:
				r := rng.IntN(len(crd0))
				c = [3]uint64{crd0[r], rng.Uint64N(fbShape[1]), rng.Uint64N(fbShape[2])}
			default:
				n := rng.IntN(len(crd1))
				c = [3]uint64{crd0[parent1[n]], crd1[n], rng.Uint64N(fbShape[2])}
			}
			if _, ok := t.Find(c[:]); !ok {
				coords = append(coords, c[:]...)
				want[q] = -1
				break
			}
		}
	}
	return coords, want
}

// fbParents returns, for every child of a compressed level with pointer
// array pos, the index of its parent.
func fbParents(pos []uint64) []int32 {
	out := make([]int32, pos[len(pos)-1])
	for p := 0; p+1 < len(pos); p++ {
		for i := pos[p]; i < pos[p+1]; i++ {
			out[i] = int32(p)
		}
	}
	return out
}
