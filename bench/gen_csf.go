package bench

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"sync"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/radix"
)

// CSFSpec describes a seeded synthetic sparse tensor.
type CSFSpec struct {
	Name  string
	Shape []uint64
	NNZ   int
	// Skew 0 draws every coordinate uniformly; Skew s > 0 draws coordinate
	// floor(n * u^(1+s)) per mode, a power-law-like concentration on low
	// indices.
	Skew float64
	Seed uint64
}

// The CSF benchmark tensors (ADR-025 products): sizes after FROSTT-scale
// SPLATT comparisons.
var (
	T3u = CSFSpec{Name: "T3u", Shape: []uint64{20000, 20000, 20000}, NNZ: 5_000_000, Seed: 1}
	T3p = CSFSpec{Name: "T3p", Shape: []uint64{100000, 50000, 2000}, NNZ: 5_000_000, Skew: 1.5, Seed: 2}
	T4p = CSFSpec{Name: "T4p", Shape: []uint64{20000, 20000, 500, 100}, NNZ: 3_000_000, Skew: 1.5, Seed: 3}
)

// Small returns the spec scaled down by 10 in nonzeros and every dimension
// (for quick runs: HURRAY_BENCH_SMALL=1).
func (s CSFSpec) Small() CSFSpec {
	s.Name += "-small"
	s.NNZ /= 10
	s.Shape = slices.Clone(s.Shape)
	for i := range s.Shape {
		s.Shape[i] = max(8, s.Shape[i]/10)
	}
	return s
}

// SmallFromEnv applies Small when HURRAY_BENCH_SMALL is set.
func SmallFromEnv(s CSFSpec) CSFSpec {
	if os.Getenv("HURRAY_BENCH_SMALL") != "" {
		return s.Small()
	}
	return s
}

var csfCache sync.Map // name+order -> *csf.Tensor[float64]

// GenCSF returns the tensor of spec s stored with the given mode order (nil:
// identity), float64, generated once per process and cached. Generation
// draws NNZ tuples, sorts their mixed-radix keys (radix sort) and drops
// duplicates, so the tensor holds slightly fewer than NNZ entries when
// tuples collide; the levels are built directly, without COO.
func GenCSF(s CSFSpec, modeOrder []uint32) *csf.Tensor[float64] {
	if modeOrder == nil {
		modeOrder = identityOrder(len(s.Shape))
	}
	key := fmt.Sprint(s.Name, modeOrder)
	if t, ok := csfCache.Load(key); ok {
		return t.(*csf.Tensor[float64])
	}
	t := genCSF(s, modeOrder)
	csfCache.Store(key, t)
	return t
}

// identityOrder is the mode order 0, 1, ..., r-1.
func identityOrder(r int) []uint32 {
	mo := make([]uint32, r)
	for i := range mo {
		mo[i] = uint32(i)
	}
	return mo
}

// GenCSF32 is GenCSF converted to float32 (cached too).
func GenCSF32(s CSFSpec, modeOrder []uint32) *csf.Tensor[float32] {
	t64 := GenCSF(s, modeOrder)
	key := fmt.Sprint("f32", s.Name, modeOrder)
	if t, ok := csfCache.Load(key); ok {
		return t.(*csf.Tensor[float32])
	}
	v := make([]float32, t64.NNZ())
	for i, x := range t64.Values() {
		v[i] = float32(x)
	}
	pos := make([][]uint64, t64.Rank())
	crd := make([][]uint64, t64.Rank())
	for l := range pos {
		pos[l], crd[l] = t64.Pos(l), t64.Crd(l)
	}
	t, err := csf.New(t64.Shape(), t64.ModeOrder(), pos, crd, v)
	if err != nil {
		panic(err)
	}
	csfCache.Store(key, t)
	return t
}

func genCSF(s CSFSpec, mo []uint32) *csf.Tensor[float64] {
	n := len(s.Shape)
	rng := rand.New(rand.NewPCG(s.Seed, 0x9e3779b97f4a7c15))
	// Level dimensions in storage order; key = mixed radix over levels.
	dims := make([]uint64, n)
	for l, m := range mo {
		dims[l] = s.Shape[m]
	}
	keys := make([]uint64, s.NNZ)
	coord := make([]uint64, n)
	for i := range keys {
		for m, d := range s.Shape {
			u := rng.Float64()
			if s.Skew > 0 {
				u = math.Pow(u, 1+s.Skew)
			}
			coord[m] = min(d-1, uint64(u*float64(d)))
		}
		var k uint64
		for l, m := range mo {
			k = k*dims[l] + coord[m]
		}
		keys[i] = k
	}
	radixSort(keys)
	keys = slices.Compact(keys)
	nnz := len(keys)
	pos := make([][]uint64, n)
	crd := make([][]uint64, n)
	for l := 1; l < n; l++ {
		pos[l] = make([]uint64, 0, nnz/4+1)
		crd[l] = make([]uint64, 0, nnz/4+1)
	}
	crd[n-1] = make([]uint64, 0, nnz)
	prev := make([]uint64, n)
	cur := make([]uint64, n)
	for i, k := range keys {
		for l := n - 1; l >= 0; l-- {
			cur[l] = k % dims[l]
			k /= dims[l]
		}
		d := 0
		if i > 0 {
			for d < n && cur[d] == prev[d] {
				d++
			}
		}
		for l := d; l < n; l++ {
			if l+1 < n {
				pos[l+1] = append(pos[l+1], uint64(len(crd[l+1])))
			}
			crd[l] = append(crd[l], cur[l])
		}
		prev, cur = cur, prev
	}
	pos[0] = []uint64{0, uint64(len(crd[0]))}
	for l := 1; l < n; l++ {
		pos[l] = append(pos[l], uint64(len(crd[l])))
	}
	vals := make([]float64, nnz)
	for i := range vals {
		vals[i] = 0.5 + rng.Float64()
	}
	t, err := csf.New(slices.Clone(s.Shape), slices.Clone(mo), pos, crd, vals)
	if err != nil {
		panic(err)
	}
	return t
}

// radixSort sorts keys in place with the shared radix sort, over the bits
// the largest key has.
func radixSort(keys []uint64) {
	n := len(keys)
	if n == 0 {
		return
	}
	none := make([]struct{}, n)
	sorted, _ := radix.Sort(keys, make([]uint64, n), none, none, none, 0, bits.Len64(slices.Max(keys)), make([]int, 1<<radix.MaxWidth))
	if &sorted[0] != &keys[0] {
		copy(keys, sorted)
	}
}

// RandFactors returns seeded factor matrices shape[n] x r for every mode.
func RandFactors[T csf.Float](shape []uint64, r int, seed uint64) [][]T {
	rng := rand.New(rand.NewPCG(seed, 7))
	f := make([][]T, len(shape))
	for m, s := range shape {
		f[m] = make([]T, int(s)*r)
		for i := range f[m] {
			f[m][i] = T(rng.Float64())
		}
	}
	return f
}

// AttnSpec is a multi-head sliding-window causal attention mask: query i
// attends to keys max(0, i-Window+1)..i.
type AttnSpec struct {
	Heads, Seq, Window, D int
}

// Attn is the benchmark mask: 16 heads, 4096 positions, window 256, d = 64.
var Attn = AttnSpec{Heads: 16, Seq: 4096, Window: 256, D: 64}

// Small scales the sequence down by 8 (for quick runs).
func (a AttnSpec) Small() AttnSpec { a.Seq /= 8; return a }

// GenAttnMask returns the (h, i, j) mask as a float32 CSF tensor with
// identity mode order (j at the leaf), values 1, built directly.
func GenAttnMask(a AttnSpec) *csf.Tensor[float32] {
	key := fmt.Sprint("attn", a)
	if t, ok := csfCache.Load(key); ok {
		return t.(*csf.Tensor[float32])
	}
	h, s, w := a.Heads, a.Seq, a.Window
	pos1 := make([]uint64, 0, h+1)
	crd0 := make([]uint64, h)
	pos2 := make([]uint64, 0, h*s+1)
	crd1 := make([]uint64, 0, h*s)
	var crd2 []uint64
	for hh := range h {
		crd0[hh] = uint64(hh)
		pos1 = append(pos1, uint64(len(crd1)))
		for i := range s {
			crd1 = append(crd1, uint64(i))
			pos2 = append(pos2, uint64(len(crd2)))
			for j := max(0, i-w+1); j <= i; j++ {
				crd2 = append(crd2, uint64(j))
			}
		}
	}
	pos1 = append(pos1, uint64(len(crd1)))
	pos2 = append(pos2, uint64(len(crd2)))
	vals := make([]float32, len(crd2))
	for i := range vals {
		vals[i] = 1
	}
	t, err := csf.New([]uint64{uint64(h), uint64(s), uint64(s)}, []uint32{0, 1, 2},
		[][]uint64{{0, uint64(h)}, pos1, pos2}, [][]uint64{crd0, crd1, crd2}, vals)
	if err != nil {
		panic(err)
	}
	csfCache.Store(key, t)
	return t
}
