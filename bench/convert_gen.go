package bench

// The conversion benchmarks' inputs: the suite's M1 to M4 matrices (gen.go)
// and T3u, T3p, T4p tensors (gen_csf.go) as COO in a seeded shuffled order,
// the same data that the products are measured on. Names here carry the
// conv prefix so they do not clash with the other benchmark files.

import (
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
)

// ConvInput is a generated COO input: row-major coordinate tuples and
// float64 values, in a seeded random order.
type ConvInput struct {
	Name   string
	Shape  []uint64
	Coords []uint64
	Vals   []float64
}

// NNZ is the number of stored entries.
func (in *ConvInput) NNZ() int { return len(in.Vals) }

func convShuffle(rng *rand.Rand, in *ConvInput) {
	r := len(in.Shape)
	rng.Shuffle(len(in.Vals), func(i, j int) {
		in.Vals[i], in.Vals[j] = in.Vals[j], in.Vals[i]
		for m := range r {
			in.Coords[i*r+m], in.Coords[j*r+m] = in.Coords[j*r+m], in.Coords[i*r+m]
		}
	})
}

// convFromPattern is a suite matrix (gen.go) as a shuffled conversion
// input.
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

// convFromSpec is a suite tensor (gen_csf.go) as a shuffled conversion
// input. It generates the tensor afresh rather than through GenCSF's cache,
// so that the CSF is not kept alive beside the input.
func convFromSpec(s CSFSpec, seed uint64) *ConvInput {
	x := convert.CSFToCOO(genCSF(s, identityOrder(len(s.Shape))))
	in := &ConvInput{Name: s.Name, Shape: slices.Clone(s.Shape), Coords: x.Coords(), Vals: x.Values()}
	convShuffle(rand.New(rand.NewPCG(seed, 0x5eed)), in)
	return in
}

// ConvM1 is the suite's M1 (1,000,000 x 1,000,000, 16 entries per row),
// shuffled.
func ConvM1() *ConvInput { return convFromPattern(M1(), 1) }

// ConvM2 is the suite's M2 (20000 x 20000, 32 entries per row), shuffled.
func ConvM2() *ConvInput { return convFromPattern(M2(), 2) }

// ConvM3 is the suite's M3 (1,000,000 x 1,000,000, power-law row lengths,
// about 10M entries), shuffled.
func ConvM3() *ConvInput { return convFromPattern(M3(), 3) }

// ConvM4 is the suite's M4 (4096 x 11008, about 4.5M entries), shuffled.
func ConvM4() *ConvInput { return convFromPattern(M4(), 4) }

// ConvT3u is the suite's T3u (20000^3, 5M uniform draws), shuffled.
func ConvT3u() *ConvInput { return convFromSpec(T3u, 31) }

// ConvT3p is the suite's T3p (100000 x 50000 x 2000, 5M power-law draws),
// shuffled.
func ConvT3p() *ConvInput { return convFromSpec(T3p, 32) }

// ConvT4p is the suite's T4p (20000 x 20000 x 500 x 100, 3M power-law
// draws), shuffled.
func ConvT4p() *ConvInput { return convFromSpec(T4p, 41) }

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
