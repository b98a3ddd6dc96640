package bench

// Seeded generators of the conversion benchmarks' inputs (M1 to M4 matrices
// and T3u, T3p, T4p tensors as COO), shuffled or sorted. Names here carry
// the conv prefix so they do not clash with the other benchmark files.

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/hurray-format/hurray-go/coo"
)

// ConvInput is a generated COO input: row-major coordinate tuples and
// float64 values, in generation (random) order.
type ConvInput struct {
	Name   string
	Shape  []uint64
	Coords []uint64
	Vals   []float64
}

// NNZ is the number of stored entries (duplicates included).
func (in *ConvInput) NNZ() int { return len(in.Vals) }

// convUniform draws a coordinate below dim uniformly.
func convUniform(rng *rand.Rand, dim uint64) uint64 { return rng.Uint64N(dim) }

// convPowerLaw draws a coordinate below dim with a heavy head: index
// floor(dim * u^3) (density ~ x^(-2/3)), its labels scattered by a
// multiplicative hash so the heavy indices are not all at the start.
func convPowerLaw(rng *rand.Rand, dim uint64) uint64 {
	u := rng.Float64()
	x := uint64(float64(dim) * u * u * u)
	if x >= dim {
		x = dim - 1
	}
	return (x*0x9E3779B97F4A7C15 + 12345) % dim
}

func convGenTensor(name string, seed uint64, shape []uint64, n int, draw func(*rand.Rand, uint64) uint64) *ConvInput {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	r := len(shape)
	in := &ConvInput{Name: name, Shape: shape, Coords: make([]uint64, n*r), Vals: make([]float64, n)}
	for i := range n {
		for m := range r {
			in.Coords[i*r+m] = draw(rng, shape[m])
		}
		in.Vals[i] = rng.NormFloat64()
	}
	return in
}

// convGenRows builds a matrix with rowLen(i) entries in row i at uniformly
// random columns, then shuffles the entries.
func convGenRows(name string, seed uint64, rows, cols uint64, rowLen func(rng *rand.Rand, i uint64) int) *ConvInput {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	in := &ConvInput{Name: name, Shape: []uint64{rows, cols}}
	for i := range rows {
		for range rowLen(rng, i) {
			in.Coords = append(in.Coords, i, rng.Uint64N(cols))
			in.Vals = append(in.Vals, rng.NormFloat64())
		}
	}
	convShuffle(rng, in)
	return in
}

func convShuffle(rng *rand.Rand, in *ConvInput) {
	r := len(in.Shape)
	rng.Shuffle(len(in.Vals), func(i, j int) {
		in.Vals[i], in.Vals[j] = in.Vals[j], in.Vals[i]
		for m := range r {
			in.Coords[i*r+m], in.Coords[j*r+m] = in.Coords[j*r+m], in.Coords[i*r+m]
		}
	})
}

// ConvM1 is 1M x 1M with 16 entries per row at uniform columns (16M).
func ConvM1() *ConvInput {
	return convGenRows("M1", 1, 1<<20, 1<<20, func(*rand.Rand, uint64) int { return 16 })
}

// convFromPattern is a suite matrix (gen.go) as a shuffled conversion
// input: M2 and M4, the matrices that SciPy is compared on.
func convFromPattern(p *Pattern, seed uint64) *ConvInput {
	in := &ConvInput{Name: p.Name, Shape: []uint64{uint64(p.Rows), uint64(p.Cols)}, Vals: slices.Clone(p.Vals)}
	in.Coords = make([]uint64, 0, 2*p.NNZ())
	for i := range p.Rows {
		for _, j := range p.Idx[p.Ptr[i]:p.Ptr[i+1]] {
			in.Coords = append(in.Coords, uint64(i), j)
		}
	}
	convShuffle(rand.New(rand.NewPCG(seed, 0x5eed)), in)
	return in
}

// ConvM2 is the suite's M2 (20000 x 20000, 32 entries per row), shuffled.
func ConvM2() *ConvInput { return convFromPattern(M2(), 2) }

// ConvM4 is the suite's M4 (4096 x 11008, about 4.5M entries), shuffled.
func ConvM4() *ConvInput { return convFromPattern(M4(), 4) }

// ConvM3 is 1M x 1M with power-law row lengths (Pareto, alpha 1.5, scaled
// to about 10M entries) at uniform columns.
func ConvM3() *ConvInput {
	return convGenRows("M3", 3, 1<<20, 1<<20, func(rng *rand.Rand, _ uint64) int {
		u := 1 - rng.Float64()
		l := 3.3 * math.Pow(u, -1/1.5)
		return int(min(l, 200000))
	})
}

// ConvT3u is 20000^3 with 5M uniform entries.
func ConvT3u() *ConvInput {
	return convGenTensor("T3u", 31, []uint64{20000, 20000, 20000}, 5_000_000, convUniform)
}

// ConvT3p is 100000 x 50000 x 2000 with 5M power-law entries.
func ConvT3p() *ConvInput {
	return convGenTensor("T3p", 32, []uint64{100000, 50000, 2000}, 5_000_000, convPowerLaw)
}

// ConvT4p is 20000 x 20000 x 500 x 100 with 3M power-law entries.
func ConvT4p() *ConvInput {
	return convGenTensor("T4p", 41, []uint64{20000, 20000, 500, 100}, 3_000_000, convPowerLaw)
}

// COO returns the input as a COO tensor in generation order (a copy).
func (in *ConvInput) COO() *coo.Tensor[float64] {
	x, err := coo.New(slices.Clone(in.Shape), slices.Clone(in.Coords), slices.Clone(in.Vals))
	if err != nil {
		panic(err)
	}
	return x
}

var convCache struct {
	sync.Mutex
	m map[string]*ConvInput
}

// convGet returns the named input, generating it once per process.
func convGet(name string) *ConvInput {
	convCache.Lock()
	defer convCache.Unlock()
	if convCache.m == nil {
		convCache.m = map[string]*ConvInput{}
	}
	if in, ok := convCache.m[name]; ok {
		return in
	}
	gen := map[string]func() *ConvInput{"M1": ConvM1, "M2": ConvM2, "M3": ConvM3, "M4": ConvM4, "T3u": ConvT3u, "T3p": ConvT3p, "T4p": ConvT4p}[name]
	in := gen()
	convCache.m[name] = in
	return in
}
