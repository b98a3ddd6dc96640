package bench

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/parallel"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/kernels"
	pform "github.com/hurray-format/hurray-go/prepared"
	"github.com/hurray-format/hurray-go/quant"
)

// Size selects the data sizes of a Suite run.
type Size int

const (
	// Full runs SpMV, SpMM and the matrix conversions on M2 and M4, MTTKRP
	// and the CSF index kernels on T3p (5M entries), attention on
	// Attn.Small(), the triad on 2^24 float64 per array. A few minutes.
	Full Size = iota
	// Quick runs the matrix cases on M2 only, the tensor cases on
	// T3p.Small() (500K entries), a 4-head attention mask and a 2^22 triad:
	// well under a minute on a busy two-core machine.
	Quick
	// Tiny is for tests: every case on data of a few thousand entries, and
	// short timing loops. Its figures mean nothing.
	Tiny
)

// String names the size as the command line does.
func (s Size) String() string {
	switch s {
	case Quick:
		return "quick"
	case Tiny:
		return "tiny"
	}
	return "full"
}

// Options configures Suite.
type Options struct {
	Size Size
	// Filter, when set, keeps the cases whose Name matches (the triad always
	// runs: it is the bandwidth reference).
	Filter *regexp.Regexp
	// Threads is the number of worker goroutines of the products (csr
	// workers, csf workspaces) and of the triad; 0 means 1, and more than
	// MaxThreads is MaxThreads.
	Threads int
	// Paths are the kernel paths each case runs on, in order; nil means
	// "auto", "generic", "ref". A path not in kernels.Available yields
	// results with Skipped set.
	Paths []string
	// Reps is the number of timed repetitions whose median is reported; 0
	// means 5 (3 for Tiny).
	Reps int
	// Progress, when set, is called before each measurement with its index,
	// the total count and a label.
	Progress func(done, total int, label string)
	// Only lists the matrices the matrix cases use, replacing the size's
	// default list (M2, M4 for Full, M2 for Quick): the generated M1 to M4,
	// or paths of matrix files (FilePattern), which must read without error.
	// Ignored for Tiny.
	Only []string
}

// Result is one measurement: a case on one kernel path.
type Result struct {
	// Name identifies the case, as "spmv/f64/M2" (Filter matches it).
	Name string `json:"name"`
	// Size describes the data: shape, entries.
	Size string `json:"size"`
	// Path is the kernel path asked for: "auto", "generic", "ref", ... ("-"
	// for the triad, which calls no kernel).
	Path string `json:"path"`
	// Kernels names the paths the case's kernel families actually ran on,
	// as "avx2" or "avx512+avx2".
	Kernels string `json:"kernels"`
	// NsPerOp is the median over the repetitions of the time of one
	// operation, in nanoseconds.
	NsPerOp float64 `json:"ns_per_op"`
	// MinNsPerOp and MaxNsPerOp are the fastest and slowest repetitions.
	MinNsPerOp float64 `json:"min_ns_per_op"`
	MaxNsPerOp float64 `json:"max_ns_per_op"`
	// CPUNsPerOp is the median over the repetitions of the process's CPU
	// time (user + system, every thread, GC included) per operation: on a
	// shared machine, where other processes take the cores, it is closer to
	// what an idle machine would show than NsPerOp (with one thread). 0 where
	// not measured.
	CPUNsPerOp float64 `json:"cpu_ns_per_op"`
	// BytesPerOp is the bytes one operation reads and writes at least once
	// (0 when the figure would mean nothing, as for searches in cache).
	BytesPerOp int64 `json:"bytes_per_op"`
	// Flops is the floating-point operations of one operation (0 for index
	// kernels and conversions).
	Flops int64 `json:"flops_per_op"`
	// Iters is the operations per repetition, Reps the repetitions.
	Iters int `json:"iters"`
	Reps  int `json:"reps"`
	// Threads is the worker count.
	Threads int `json:"threads"`
	// Skipped, when not empty, says why the case did not run on this path;
	// the timings are then zero.
	Skipped string `json:"skipped,omitempty"`
}

// GBps returns BytesPerOp / NsPerOp (GB/s, 1e9 bytes), or 0.
func (r Result) GBps() float64 {
	if r.NsPerOp <= 0 || r.BytesPerOp <= 0 {
		return 0
	}
	return float64(r.BytesPerOp) / r.NsPerOp
}

// GFlops returns Flops / NsPerOp (GFLOP/s), or 0.
func (r Result) GFlops() float64 {
	if r.NsPerOp <= 0 || r.Flops <= 0 {
		return 0
	}
	return float64(r.Flops) / r.NsPerOp
}

// TriadName is the Name of the STREAM-like triad result.
const TriadName = "triad"

// prepared is a case's data, ready to time.
type prepared struct {
	size         string
	bytes, flops int64
	op           func()
	// result, when set, runs op once on an output reset to a sentinel and
	// returns that output: the Suite compares every path's with the ref
	// path's (or generic's) before timing, within tol times the largest
	// magnitude of the reference (0: exactly), so that a path computing
	// wrong results posts no number.
	result func() []float64
	tol    float64
	// families lists the kernel families op calls (they can depend on the
	// data); a case that calls none (Go code alone) runs on the auto path
	// only, since every path would run the same code.
	families []string
}

// asFloats returns s as float64 (for prepared.result).
func asFloats[T ~int | ~uint64 | ~float32 | ~float64](s []T) []float64 {
	out := make([]float64, len(s))
	for i, v := range s {
		out[i] = float64(v)
	}
	return out
}

// resultOf returns a prepared.result that resets out to sentinel, runs op
// (which writes out) and returns out.
func resultOf[T ~int | ~uint64 | ~float32 | ~float64](out []T, sentinel T, op func()) func() []float64 {
	return func() []float64 {
		fill(out, sentinel)
		op()
		return asFloats(out)
	}
}

// fill sets every element of s to v.
func fill[T any](s []T, v T) {
	for i := range s {
		s[i] = v
	}
}

// tolOf is the result tolerance of element type T: the paths sum in
// different orders.
func tolOf[T csr.Float]() float64 {
	if sizeOf[T]() == 4 {
		return 1e-4
	}
	return 1e-10
}

// resultDiff compares got with want: "" when every element is within tol
// times want's largest magnitude (NaN only against NaN), else where not.
func resultDiff(got, want []float64, tol float64) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d results, want %d", len(got), len(want))
	}
	var scale float64
	for _, w := range want {
		scale = max(scale, math.Abs(w))
	}
	for i, w := range want {
		g := got[i]
		if math.IsNaN(g) != math.IsNaN(w) || !math.IsNaN(w) && math.Abs(g-w) > tol*scale {
			return fmt.Sprintf("element %d is %g, want %g (tolerance %g of %g)", i, g, w, tol, scale)
		}
	}
	return ""
}

// bcase is one benchmark case: setup builds the data once (untimed), and
// the returned op runs under each kernel path.
type bcase struct {
	name  string
	setup func() prepared
}

// sizes holds the data of one Size.
type sizes struct {
	mats     []func() *Pattern
	tensor   CSFSpec
	tensor4  CSFSpec // rank 4, for the MTTKRP that walks three levels at once
	attn     AttnSpec
	scanN    int
	searchN  int // queries per LowerBound op
	findN    int // queries per FindBatch op
	triadN   int
	target   time.Duration // time of one repetition
	maxCall  time.Duration // a path whose one call takes longer is skipped
	validate bool
}

func sizesOf(o Options) sizes {
	switch o.Size {
	case Tiny:
		return sizes{
			mats:    []func() *Pattern{tinyPattern},
			tensor:  CSFSpec{Name: "T3tiny", Shape: []uint64{60, 50, 40}, NNZ: 4000, Skew: 1, Seed: 2},
			tensor4: CSFSpec{Name: "T4tiny", Shape: []uint64{60, 50, 20, 10}, NNZ: 3000, Skew: 1.5, Seed: 3},
			attn:    AttnSpec{Heads: 2, Seq: 64, Window: 16, D: 16},
			scanN:   1 << 12, searchN: 256, findN: 256, triadN: 1 << 14,
			target: 200 * time.Microsecond, maxCall: 5 * time.Second,
		}
	case Quick:
		return sizes{
			mats:    pick(o.Only, []func() *Pattern{M2}),
			tensor:  T3p.Small(),
			tensor4: T4p.Small(),
			attn:    AttnSpec{Heads: 4, Seq: 512, Window: 128, D: 64},
			scanN:   1 << 20, searchN: 4096, findN: 1 << 15, triadN: 1 << 22,
			target: 20 * time.Millisecond, maxCall: time.Second,
		}
	}
	return sizes{
		mats:    pick(o.Only, []func() *Pattern{M2, M4}),
		tensor:  T3p,
		tensor4: T4p,
		attn:    Attn.Small(),
		scanN:   1 << 22, searchN: 4096, findN: 1 << 17, triadN: 1 << 24,
		target: 100 * time.Millisecond, maxCall: 10 * time.Second,
	}
}

func pick(only []string, def []func() *Pattern) []func() *Pattern {
	if len(only) == 0 {
		return def
	}
	var out []func() *Pattern
	for _, n := range only {
		if g, ok := generated[strings.ToUpper(n)]; ok {
			out = append(out, g)
			continue
		}
		out = append(out, func() *Pattern {
			p, err := FilePattern(n)
			if err != nil {
				panic(err)
			}
			return p
		})
	}
	return out
}

var (
	tinyP    *Pattern
	tinyOnce sync.Once
)

func tinyPattern() *Pattern {
	tinyOnce.Do(func() { tinyP = build("Mtiny", 300, 400, 6, func(*rand.Rand, int) int { return 8 }) })
	return tinyP
}

func matSize(p *Pattern) string {
	return fmt.Sprintf("%dx%d, %d nnz", p.Rows, p.Cols, p.NNZ())
}

func tensorSize[T csf.Float](t *csf.Tensor[T]) string {
	sh := t.Shape()
	s := make([]string, len(sh))
	for i, d := range sh {
		s[i] = fmt.Sprint(d)
	}
	return fmt.Sprintf("%s, %d nnz", strings.Join(s, "x"), t.NNZ())
}

// levelBytes is the bytes of a tensor's pos and crd arrays.
func levelBytes[T csf.Float](t *csf.Tensor[T]) int64 {
	var n int64
	for l := range t.Rank() {
		n += 8 * int64(len(t.Pos(l))+len(t.Crd(l)))
	}
	return n
}

// PatternCOO returns the pattern as a validated rank-2 COO tensor of
// float64, in row-major order (the order SciPy's tocoo gives).
func PatternCOO(p *Pattern) *coo.Tensor[float64] { return patternCOO(p, slices.Clone(p.Vals)) }

// patternCOO is PatternCOO with the given values (one per entry, in the
// pattern's order), of either element type.
func patternCOO[T csr.Float](p *Pattern, vals []T) *coo.Tensor[T] {
	coords := make([]uint64, 2*p.NNZ())
	for i := range p.Rows {
		for k := p.Ptr[i]; k < p.Ptr[i+1]; k++ {
			coords[2*k], coords[2*k+1] = uint64(i), p.Idx[k]
		}
	}
	t, err := coo.New([]uint64{uint64(p.Rows), uint64(p.Cols)}, coords, vals)
	if err != nil {
		panic(err)
	}
	return t
}

// SuiteMatrices returns the matrices a Suite run of this size uses for its
// matrix cases (to export them for peer comparisons).
func SuiteMatrices(o Options) []*Pattern {
	var out []*Pattern
	for _, g := range sizesOf(o).mats {
		out = append(out, g())
	}
	return out
}

func cases(o Options, sz sizes) []bcase {
	th := o.Threads
	var cs []bcase
	// Index kernels.
	cs = append(cs, bcase{name: "lowerbound", setup: func() prepared {
		const n = 1 << 16
		rng := rand.New(rand.NewPCG(21, 1))
		s := make([]uint64, n)
		v := uint64(0)
		for i := range s {
			v += 1 + rng.Uint64N(64)
			s[i] = v
		}
		keys := make([]uint64, sz.searchN)
		for i := range keys {
			keys[i] = rng.Uint64N(v + 1)
		}
		var sink int
		return prepared{
			families: []string{"lowerbound"},
			size:     fmt.Sprintf("64K sorted, %d keys", len(keys)),
			op: func() {
				for _, k := range keys {
					sink += kernels.LowerBound(s, k)
				}
			},
			result: func() []float64 {
				out := make([]int, len(keys))
				for i, k := range keys {
					out[i] = kernels.LowerBound(s, k)
				}
				return asFloats(out)
			},
		}
	}})
	tensorName := sz.tensor.Name
	cs = append(cs, bcase{name: "findbatch/" + tensorName, setup: func() prepared {
		t := GenCSF(sz.tensor, nil)
		rng := rand.New(rand.NewPCG(22, 1))
		n := t.Rank()
		q := make([]uint64, sz.findN*n)
		all := t.NNZ()
		k := 0
		// Half the queries hit (coordinates of stored entries), half are
		// uniform (mostly misses).
		for c := range t.All() {
			if k >= sz.findN/2 {
				break
			}
			if rng.IntN(max(1, all/(sz.findN/2+1))) == 0 {
				copy(q[k*n:], c)
				k++
			}
		}
		sh := t.Shape()
		for ; k < sz.findN; k++ {
			for m := range n {
				q[k*n+m] = rng.Uint64N(sh[m])
			}
		}
		out := make([]int, sz.findN)
		op := func() { t.FindBatch(q, out) }
		return prepared{
			families: []string{"descendlevel", "lowerbound"},
			size:     fmt.Sprintf("%s, %d queries", tensorSize(t), sz.findN),
			op:       op,
			result:   resultOf(out, -2, op),
		}
	}})
	cs = append(cs, bcase{name: "validate/" + tensorName, setup: func() prepared {
		t := GenCSF(sz.tensor, nil)
		return prepared{
			families: []string{"strictlyincreasing", "nondecreasing", "max", "firstnotbelow"},
			size:     tensorSize(t),
			bytes:    levelBytes(t), // every pos and crd read once
			op: func() {
				if err := t.Validate(); err != nil {
					panic(err)
				}
			},
		}
	}})
	cs = append(cs, bcase{name: "scan", setup: func() prepared {
		rng := rand.New(rand.NewPCG(23, 1))
		src := make([]uint64, sz.scanN)
		for i := range src {
			src[i] = rng.Uint64N(16)
		}
		dst := make([]uint64, sz.scanN)
		op := func() { kernels.ExclusiveScan(dst, src) }
		return prepared{
			families: []string{"exclusivescan"},
			size:     fmt.Sprintf("%d uint64", sz.scanN),
			bytes:    16 * int64(sz.scanN), // src read, dst written
			op:       op,
			result:   resultOf(dst, 1<<63, op),
		}
	}})
	cs = append(cs, bcase{name: "expandpos/" + tensorName, setup: func() prepared {
		t := GenCSF(sz.tensor, nil)
		pos := t.Pos(t.Rank() - 1)
		dst := make([]uint64, t.NNZ())
		op := func() { kernels.ExpandPos(dst, pos) }
		return prepared{
			families: []string{"expandpos"},
			size:     fmt.Sprintf("leaf level, %d parents, %d children", len(pos)-1, len(dst)),
			bytes:    8 * int64(len(pos)+len(dst)),
			op:       op,
			result:   resultOf(dst, 1<<63, op),
		}
	}})
	// Matrix products and conversions.
	for _, g := range sz.mats {
		mn := nameOf(g)
		cs = append(cs, spmvCase[float32](g, mn, th), spmvCase[float64](g, mn, th))
	}
	for _, g := range sz.mats {
		cs = append(cs, spmmCase[float32](g, nameOf(g), 64, th))
	}
	// The prepared forms (package prepared) of the same matrices.
	for _, g := range sz.mats {
		mn := nameOf(g)
		cs = append(cs, preparedSpMVCase[float32](g, mn, th), preparedSpMVCase[float64](g, mn, th),
			preparedQSpMVCase(g, mn, "int8:channel:axis=0", th), preparedQSpMVCase(g, mn, "nf4:block=64", th),
			preparedSpMMCase(g, mn, 64, th))
	}
	// Quantized matrix products, beside spmv/f32 and spmm/f32.
	for _, g := range sz.mats {
		mn := nameOf(g)
		for _, sp := range suiteSchemes {
			cs = append(cs, qspmvCase(g, mn, sp, th))
		}
		cs = append(cs, qspmmCase(g, mn, "int8:channel:axis=0", 64, th))
	}
	for _, g := range sz.mats {
		mn := nameOf(g)
		for _, sp := range suiteSchemes {
			cs = append(cs, quantizeCase(g, mn, sp))
		}
	}
	// Tensor products.
	cs = append(cs, mttkrpCase(sz.tensor, 0, 16, th), mttkrpCase(sz.tensor, len(sz.tensor.Shape)-1, 16, th), mttkrpCase(sz.tensor4, 0, 16, th))
	for _, mode := range []int{0, len(sz.tensor.Shape) - 1} {
		cs = append(cs, qmttkrpCase(sz.tensor, "", mode, 16, th), qmttkrpCase(sz.tensor, "int8:block=64", mode, 16, th))
	}
	cs = append(cs, attnCase(sz.attn, th))
	for _, g := range sz.mats {
		mn := nameOf(g)
		cs = append(cs, bcase{name: "coo-csr/f64/" + mn, setup: func() prepared {
			p := g()
			x := PatternCOO(p)
			return prepared{
				size:  matSize(p),
				bytes: int64(p.NNZ())*(16+8) + int64(p.NNZ())*(8+8) + 8*int64(p.Rows+1), // COO read, CSR written
				op: func() {
					if _, err := convert.COOToCSRWith(x, convert.Options{Workers: th}); err != nil {
						panic(err)
					}
				},
			}
		}})
	}
	for _, g := range sz.mats {
		mn := nameOf(g)
		cs = append(cs, bcase{name: "csr-csc/f64/" + mn, setup: func() prepared {
			p := g()
			a := CSR[float64](p)
			return prepared{
				size: matSize(p),
				// CSR read, CSC written
				bytes: 2*int64(p.NNZ())*16 + 8*int64(p.Rows+1) + 8*int64(p.Cols+1),
				op:    func() { convert.TransposeTo(nil, a, nil, convert.Options{Workers: th}) },
			}
		}})
	}
	cs = append(cs, bcase{name: "coo-csf/f64/" + tensorName + "/mo=2,0,1", setup: func() prepared {
		t := GenCSF(sz.tensor, nil)
		x := convert.CSFToCOO(t)
		mo := []uint32{2, 0, 1}
		opts := convert.Options{Workers: th}
		y, err := convert.COOToCSFWith(x, mo, opts) // the output's levels, for the bytes
		if err != nil {
			panic(err)
		}
		return prepared{
			families: []string{"countstarts", "compressstarts"},
			size:     tensorSize(t),
			bytes:    int64(t.NNZ())*(8*int64(t.Rank())+8) + levelBytes(y) + 8*int64(t.NNZ()), // COO read, CSF written
			op: func() {
				if _, err := convert.COOToCSFWith(x, mo, opts); err != nil {
					panic(err)
				}
			},
		}
	}})
	cs = append(cs, bcase{name: "csf-coo/f64/" + tensorName, setup: func() prepared {
		t := GenCSF(sz.tensor, nil)
		return prepared{
			size:  tensorSize(t),
			bytes: levelBytes(t) + 8*int64(t.NNZ()) + int64(t.NNZ())*(8*int64(t.Rank())+8), // CSF read, COO written
			op:    func() { convert.CSFToCOOTo(nil, t, nil, convert.Options{Workers: th}) },
		}
	}})
	return cs
}

func spmvCase[T csr.Float](g func() *Pattern, mn string, th int) bcase {
	tn := typeName[T]()
	return bcase{name: "spmv/" + tn + "/" + mn, setup: func() prepared {
		p := g()
		a := CSR[T](p)
		x := randVec[T](p.Cols, 1)
		y := make([]T, p.Rows)
		s := int64(sizeOf[T]())
		op := func() { withWorkers(th, func() { a.MulVec(y, x) }) }
		fam := []string{"spmv." + tn} // MulVec of a CSR matrix gathers
		if kernels.ShortRows(a.Ptr()) {
			fam = []string{"spmv1." + tn}
		}
		return prepared{
			size: matSize(p),
			// values + col_idx + row_ptr + x + y
			bytes:    int64(p.NNZ())*(s+8) + int64(p.Rows+1)*8 + int64(p.Cols)*s + int64(p.Rows)*s,
			flops:    2 * int64(p.NNZ()),
			op:       op,
			result:   resultOf(y, T(math.NaN()), op),
			tol:      tolOf[T](),
			families: fam,
		}
	}}
}

func spmmCase[T csr.Float](g func() *Pattern, mn string, k, th int) bcase {
	tn := typeName[T]()
	// MulMat of a CSR matrix gathers: spmm only.
	return bcase{name: fmt.Sprintf("spmm/%s/k=%d/%s", tn, k, mn), setup: func() prepared {
		p := g()
		a := CSR[T](p)
		x := randVec[T](p.Cols*k, 2)
		y := make([]T, p.Rows*k)
		s := int64(sizeOf[T]())
		op := func() { withWorkers(th, func() { a.MulMat(y, x, k) }) }
		return prepared{
			families: []string{"spmm." + tn},
			size:     matSize(p),
			// values + col_idx + row_ptr + X + Y
			bytes:  int64(p.NNZ())*(s+8) + int64(p.Rows+1)*8 + int64(p.Cols*k)*s + int64(p.Rows*k)*s,
			flops:  2 * int64(p.NNZ()) * int64(k),
			op:     op,
			result: resultOf(y, T(math.NaN()), op),
			tol:    tolOf[T](),
		}
	}}
}

// withWorkers runs f with csr's and prepared's worker counts set to th.
func withWorkers(th int, f func()) {
	prev, prevP := csr.SetWorkers(th), pform.SetWorkers(th)
	f()
	csr.SetWorkers(prev)
	pform.SetWorkers(prevP)
}

// narrowFamily is the kernel family a prepared form runs: stem for values
// vt and the form's index width.
func narrowFamily(stem, vt string, k pform.Index) string {
	if k == pform.Cols32 {
		return stem + "." + vt + ".u32"
	}
	return stem + "." + vt + ".u16"
}

// preparedSpMVCase is spmv-prepared/T/M: y = A x on the prepared form of
// the CSR matrix (cost model's choice).
func preparedSpMVCase[T csr.Float](g func() *Pattern, mn string, th int) bcase {
	tn := typeName[T]()
	return bcase{name: "spmv-prepared/" + tn + "/" + mn, setup: func() prepared {
		p := g()
		m, err := pform.Prepare(CSR[T](p), pform.Options{})
		if err != nil {
			panic(fmt.Sprintf("bench: preparing %s: %v", mn, err))
		}
		x := randVec[T](p.Cols, 1)
		y := make([]T, p.Rows)
		s := int64(sizeOf[T]())
		op := func() { withWorkers(th, func() { m.MulVec(y, x) }) }
		return prepared{
			size: fmt.Sprintf("%s, %v, %.2f B/value", matSize(p), m.Index(), m.BytesPerValue()),
			// the form's arrays + x + y
			bytes:  int64(m.Bytes()) + int64(p.Cols)*s + int64(p.Rows)*s,
			flops:  2 * int64(p.NNZ()),
			op:     op,
			result: resultOf(y, T(math.NaN()), op),
			tol:    tolOf[T](),
			// MulVec runs the short-row kernel on the blocks whose rows
			// the cost model finds short, the narrow kernel on the rest.
			families: []string{narrowFamily("spmvshort", tn, m.Index()), narrowFamily("spmvnarrow", tn, m.Index())},
		}
	}}
}

// preparedQSpMVCase is spmv-prepared/SCHEME/M: y = A x on the
// prepared form of the int8 matrix with a scale a row.
func preparedQSpMVCase(g func() *Pattern, mn, sp string, th int) bcase {
	return bcase{name: "spmv-prepared/" + sp + "/" + mn, setup: func() prepared {
		p, q := quantCSR(g, sp)
		m, err := pform.PrepareQuantized(q, pform.Options{})
		if err != nil {
			panic(fmt.Sprintf("bench: preparing %s: %v", mn, err))
		}
		x := randVec[float32](p.Cols, 1)
		y := make([]float32, p.Rows)
		op := func() { withWorkers(th, func() { m.MulVec(y, x) }) }
		return prepared{
			size:     fmt.Sprintf("%s, %v, %.2f B/value", matSize(p), m.Index(), m.BytesPerValue()),
			bytes:    int64(m.Bytes()) + int64(p.Cols)*4 + int64(p.Rows)*4,
			flops:    2 * int64(p.NNZ()),
			op:       op,
			result:   resultOf(y, float32(math.NaN()), op),
			tol:      tolOf[float32](),
			families: preparedQFamilies(m),
		}
	}}
}

// preparedQFamilies are the kernel families of y = A x on m: the fused
// int8 row kernel, the fused block kernel, or the decode and the float32
// narrow kernel.
func preparedQFamilies(m *pform.Quantized) []string {
	sc := m.Scheme()
	switch {
	case sc.Kind() == quant.Int8 && sc.Granularity() != quant.PerBlock:
		return []string{narrowFamily("qspmvnarrow", "i8", m.Index())}
	case engine.NarrowBlockScheme(sc):
		if m.Index() == pform.Cols32 {
			return []string{"qspmvnarrowblock.u32"}
		}
		return []string{"qspmvnarrowblock.u16"}
	}
	return []string{"dequantize", narrowFamily("spmvnarrow", "f32", m.Index())}
}

// preparedSpMMCase is spmm-prepared/f32/k=K/M: Y = A X on the prepared
// form of the float32 matrix.
func preparedSpMMCase(g func() *Pattern, mn string, k, th int) bcase {
	return bcase{name: fmt.Sprintf("spmm-prepared/f32/k=%d/%s", k, mn), setup: func() prepared {
		p := g()
		m, err := pform.Prepare(CSR[float32](p), pform.Options{})
		if err != nil {
			panic(fmt.Sprintf("bench: preparing %s: %v", mn, err))
		}
		x := randVec[float32](p.Cols*k, 2)
		y := make([]float32, p.Rows*k)
		op := func() { withWorkers(th, func() { m.MulMat(y, x, k) }) }
		return prepared{
			size:     fmt.Sprintf("%s, %v, %.2f B/value", matSize(p), m.Index(), m.BytesPerValue()),
			bytes:    int64(m.Bytes()) + int64(p.Cols+p.Rows)*int64(k)*4,
			flops:    2 * int64(p.NNZ()) * int64(k),
			op:       op,
			result:   resultOf(y, float32(math.NaN()), op),
			tol:      tolOf[float32](),
			families: []string{narrowFamily("spmmnarrow", "f32", m.Index())},
		}
	}}
}

// mttkrpFamilies lists the kernel families MTTKRP calls for mode on a
// tensor in identity mode order (csf's mttkrpWalk): the two-level gather
// when the output mode is at level N-3 or above, else the two-level push.
func mttkrpFamilies(n, mode int) []string {
	if mode <= n-3 {
		return []string{"gatherhadamard2.f64"}
	}
	return []string{"pushhadamard2.f64"}
}

// suiteSchemes are the schemes of the quantized SpMV cases.
var suiteSchemes = []string{"int8:channel:axis=0", "nf4:block=64", "mxfp4"}

// quantCSR returns g's matrix in float32 quantized by scheme sp.
func quantCSR(g func() *Pattern, sp string) (*Pattern, *csr.Quantized) {
	p := g()
	q, _, err := csr.Quantize(CSR[float32](p), quant.MustParse(sp))
	if err != nil {
		panic(fmt.Sprintf("bench: quantizing %s: %v", sp, err))
	}
	return p, q
}

// quantBytes is the bytes of q's codes and parameters.
func quantBytes(v quant.Values) int64 {
	return int64(len(v.Codes) + 4*len(v.Scale) + len(v.Zero) + len(v.Exp))
}

// qspmvCase is spmv/SCHEME/M: y = A x of the quantized matrix (float32).
func qspmvCase(g func() *Pattern, mn, sp string, th int) bcase {
	return bcase{name: "spmv/" + sp + "/" + mn, setup: func() prepared {
		p, q := quantCSR(g, sp)
		x := randVec[float32](p.Cols, 1)
		y := make([]float32, p.Rows)
		op := func() { withWorkers(th, func() { q.MulVec(y, x) }) }
		return prepared{
			size: matSize(p),
			// codes + parameters + col_idx + row_ptr + x + y
			bytes:    quantBytes(q.Values()) + int64(p.NNZ())*8 + int64(p.Rows+1)*8 + int64(p.Cols)*4 + int64(p.Rows)*4,
			flops:    2 * int64(p.NNZ()),
			op:       op,
			result:   resultOf(y, float32(math.NaN()), op),
			tol:      tolOf[float32](),
			families: []string{"dequantize", "spmv.f32", "spmv1.f32"},
		}
	}}
}

// quantizeCase is quantize/SCHEME/M: M's float32 values quantized by the
// scheme, codes, parameters and error report (quant.QuantizeTo into a
// reused quant.Values, rows as the channels of axis 0), on one thread. It
// calls no family of package kernels, so it runs on the auto path alone.
func quantizeCase(g func() *Pattern, mn, sp string) bcase {
	return bcase{name: "quantize/" + sp + "/" + mn, setup: func() prepared {
		p := g()
		s := quant.MustParse(sp)
		vals := p.Vals32()
		shape := []uint64{uint64(p.Rows), uint64(p.Cols)}
		var ch quant.Channels
		var chBytes int64
		if s.Granularity() == quant.PerChannel {
			ch, chBytes = quant.PerRun(p.Ptr, nil), int64(p.Rows+1)*8
		}
		var v quant.Values
		op := func() {
			if _, err := quant.QuantizeTo(&v, s, shape, vals, ch); err != nil {
				panic(fmt.Sprintf("bench: quantizing %s: %v", sp, err))
			}
		}
		op()
		return prepared{
			size: matSize(p),
			// values read, codes and parameters written, row_ptr read
			bytes: int64(len(vals))*4 + quantBytes(v) + chBytes,
			op:    op,
		}
	}}
}

// qspmmCase is spmm/SCHEME/k=K/M: Y = A X of the quantized matrix.
func qspmmCase(g func() *Pattern, mn, sp string, k, th int) bcase {
	return bcase{name: fmt.Sprintf("spmm/%s/k=%d/%s", sp, k, mn), setup: func() prepared {
		p, q := quantCSR(g, sp)
		x := randVec[float32](p.Cols*k, 2)
		y := make([]float32, p.Rows*k)
		op := func() { withWorkers(th, func() { q.MulMat(y, x, k) }) }
		return prepared{
			size:     matSize(p),
			bytes:    quantBytes(q.Values()) + int64(p.NNZ())*8 + int64(p.Rows+1)*8 + int64(p.Cols+p.Rows)*int64(k)*4,
			flops:    2 * int64(p.NNZ()) * int64(k),
			op:       op,
			result:   resultOf(y, float32(math.NaN()), op),
			tol:      tolOf[float32](),
			families: []string{"dequantize", "spmm.f32"},
		}
	}}
}

// qmttkrpCase is mttkrp/SCHEME/R=r/mode=m/T in float32: the float32 tensor
// for sp "" (named f32), else its values quantized by sp.
func qmttkrpCase(spec CSFSpec, sp string, mode, r, th int) bcase {
	name := sp
	if sp == "" {
		name = "f32"
	}
	return bcase{name: fmt.Sprintf("mttkrp/%s/R=%d/mode=%d/%s", name, r, mode, spec.Name), setup: func() prepared {
		t := GenCSF32(spec, nil)
		f := RandFactors[float32](t.Shape(), r, 11)
		out := make([]float32, int(t.Shape()[mode])*r)
		ws := csf.NewWorkspace[float32](th)
		var fb int64
		for _, d := range t.Shape() {
			fb += 4 * int64(d) * int64(r)
		}
		vb := 4 * int64(t.NNZ())
		op := func() { t.MTTKRPWith(ws, mode, f, r, out) }
		fam := []string{"gatherhadamard2.f32"}
		if mode > len(spec.Shape)-3 {
			fam = []string{"pushhadamard2.f32"}
		}
		if sp != "" {
			q, _, err := csf.Quantize(t, quant.MustParse(sp))
			if err != nil {
				panic(fmt.Sprintf("bench: quantizing %s: %v", sp, err))
			}
			vb = quantBytes(q.Values())
			op = func() { q.MTTKRPWith(ws, mode, f, r, out) }
			fam = append(fam, "dequantize")
		}
		return prepared{
			families: fam,
			size:     tensorSize(t),
			bytes:    levelBytes(t) + vb + fb,
			flops:    2 * int64(t.NNZ()) * int64(r),
			op:       op,
			result:   resultOf(out, float32(math.NaN()), op),
			tol:      tolOf[float32](),
		}
	}}
}

func mttkrpCase(spec CSFSpec, mode, r, th int) bcase {
	return bcase{name: fmt.Sprintf("mttkrp/f64/R=%d/mode=%d/%s", r, mode, spec.Name), setup: func() prepared {
		t := GenCSF(spec, nil)
		f := RandFactors[float64](t.Shape(), r, 11)
		out := make([]float64, int(t.Shape()[mode])*r)
		ws := csf.NewWorkspace[float64](th)
		var fb int64
		for _, d := range t.Shape() {
			fb += 8 * int64(d) * int64(r)
		}
		op := func() { t.MTTKRPWith(ws, mode, f, r, out) }
		return prepared{
			families: mttkrpFamilies(len(spec.Shape), mode),
			size:     tensorSize(t),
			// levels + values + every factor matrix (the output's included)
			bytes: levelBytes(t) + 8*int64(t.NNZ()) + fb,
			// Nominal: a multiply-add per entry and column. The walk
			// also multiplies at the internal nodes (1.5-2.8x this on
			// T3p and T4p), so GFLOP/s understates the arithmetic done.
			flops:  2 * int64(t.NNZ()) * int64(r),
			op:     op,
			result: resultOf(out, math.NaN(), op),
			tol:    tolOf[float64](),
		}
	}}
}

func attnCase(a AttnSpec, th int) bcase {
	return bcase{name: fmt.Sprintf("attention/f32/d=%d", a.D), setup: func() prepared {
		t := GenAttnMask(a)
		d := a.D
		n := uint64(a.Heads * a.Seq * d)
		f := RandFactors[float32]([]uint64{n, n, n}, 1, 13)
		q, k, v := f[0], f[1], f[2]
		vals := make([]float32, t.NNZ())
		out := make([]float32, a.Heads*a.Seq*d)
		ws := csf.NewWorkspace[float32](th)
		pat := t.SDDMM(q, k, d, 0.125) // shares the mask's levels
		op := func() {
			t.SDDMMWith(ws, vals, q, k, d, 0.125)
			copy(pat.Values(), vals)
			pat.SpMMWith(ws, out, v, d)
		}
		return prepared{
			families: []string{"dotrows.f32", "gatherhadamard.f32"},
			size:     fmt.Sprintf("%d heads, seq %d, window %d, %d nnz", a.Heads, a.Seq, a.Window, t.NNZ()),
			// levels + q, k, v, out + the scores' two arrays (vals and
			// the pattern's values), each counted once
			bytes:  levelBytes(t) + 4*4*int64(n) + 2*4*int64(t.NNZ()),
			flops:  4 * int64(d) * int64(t.NNZ()),
			op:     op,
			result: resultOf(out, float32(math.NaN()), op),
			tol:    tolOf[float32](),
		}
	}}
}

// CaseNames lists the names of the cases a run with these options would
// measure, in order, without building any data (the triad last).
func CaseNames(o Options) []string {
	o = o.withDefaults()
	var out []string
	for _, c := range cases(o, sizesOf(o)) {
		if o.Filter == nil || o.Filter.MatchString(c.name) {
			out = append(out, c.name)
		}
	}
	return append(out, TriadName)
}

// MaxThreads bounds Options.Threads: the suite starts that many goroutines
// per product, and the machines it measures have far fewer cores.
const MaxThreads = 1024

func (o Options) withDefaults() Options {
	o.Threads = min(max(o.Threads, 1), MaxThreads)
	if len(o.Paths) == 0 {
		o.Paths = []string{"auto", "generic", "ref"}
	}
	if o.Reps <= 0 {
		o.Reps = 5
		if o.Size == Tiny {
			o.Reps = 3
		}
	}
	return o
}

// Suite runs the benchmark cases selected by o on every path of o.Paths
// and the STREAM-like triad, and returns one Result per case and path (in
// case order, paths in o.Paths order), the triad last. Each result is the
// median of o.Reps timed repetitions, each long enough for the size's
// target (after two untimed warm-up calls), the repetitions of a case's
// paths interleaved; data generation is never timed.
// A path other than auto whose one warm-up call exceeds the size's cap (1 s
// quick, 10 s full), or that this CPU lacks, gets a Result with Skipped
// set: nothing is left out silently. A case whose o.Reps calls would take
// over twice the cap gets 3 repetitions instead.
// Suite changes the kernel path (kernels.Use) while it runs, "auto" meaning
// automatic selection even when a path was forced (HURRAY_KERNELS,
// kernels.Use), and restores the selection it found at the end; nothing
// else may run kernels meanwhile.
func Suite(o Options) []Result {
	o = o.withDefaults()
	sz := sizesOf(o)
	var sel []bcase
	for _, c := range cases(o, sz) {
		if o.Filter == nil || o.Filter.MatchString(c.name) {
			sel = append(sel, c)
		}
	}
	defer kernels.Use(kernels.Forced())
	total := len(sel)*len(o.Paths) + 1
	step := 0
	avail := kernels.Available()
	var out []Result
	for _, c := range sel {
		if o.Progress != nil {
			o.Progress(step, total, c.name+" (generating data)")
		}
		p := c.setup()
		// Return the generation's garbage to the OS now: left to the
		// background scavenger, that work runs on another core during
		// the first path's repetitions (auto's) and slows them alone.
		debug.FreeOSMemory()
		paths := o.Paths
		if len(p.families) == 0 {
			// Go code alone: every path would run the same code.
			paths = slices.DeleteFunc(slices.Clone(paths), func(q string) bool { return q != "auto" })
			step += len(o.Paths) - len(paths)
		}
		runs := make([]*timing, len(paths))
		for i, path := range paths {
			if o.Progress != nil {
				o.Progress(step, total, c.name+" "+path)
			}
			step++
			r := Result{Name: c.name, Size: p.size, Path: path, BytesPerOp: p.bytes, Flops: p.flops, Threads: o.Threads}
			runs[i] = &timing{r: r}
			if path != "auto" && !slices.Contains(avail, path) {
				runs[i].r.Skipped = fmt.Sprintf("path %s not available on this CPU and build (available: %s)", path, strings.Join(avail, ", "))
				continue
			}
			if err := kernels.Use(path); err != nil {
				runs[i].r.Skipped = err.Error()
				continue
			}
			runs[i].r.Kernels = "go"
			if len(p.families) > 0 {
				runs[i].r.Kernels = familyPaths(p.families)
			}
			runs[i].warm(p.op, sz, o.Reps)
		}
		if p.result != nil {
			checkResults(runs, paths, p)
		}
		// The repetitions of the paths interleave (auto, generic, ref,
		// auto, ...), so a burst of load or a heap state hits them alike.
		for rep := 0; ; rep++ {
			more := false
			for i, t := range runs {
				if t.r.Skipped != "" || rep >= t.r.Reps {
					continue
				}
				more = true
				if err := kernels.Use(paths[i]); err != nil {
					panic(err) // it was accepted above
				}
				t.rep(p.op)
			}
			if !more {
				break
			}
		}
		for _, t := range runs {
			out = append(out, t.result())
		}
		kernels.Use("")
	}
	if o.Progress != nil {
		o.Progress(step, total, TriadName)
	}
	out = append(out, triad(sz, o))
	return out
}

// checkResults runs each path's p.result once and compares it with the ref
// path's (else generic's); a path whose result differs is marked Skipped
// with the difference, so that it posts no time.
func checkResults(runs []*timing, paths []string, p prepared) {
	outs := make([][]float64, len(paths))
	for i, t := range runs {
		if t.r.Skipped != "" {
			continue
		}
		if err := kernels.Use(paths[i]); err != nil {
			panic(err) // it was accepted before
		}
		outs[i] = p.result()
	}
	ref := -1
	for _, name := range []string{"ref", "generic"} {
		if i := slices.Index(paths, name); i >= 0 && outs[i] != nil {
			ref = i
			break
		}
	}
	if ref < 0 {
		return
	}
	for i, o := range outs {
		if o == nil || i == ref {
			continue
		}
		if d := resultDiff(o, outs[ref], p.tol); d != "" {
			runs[i].r.Skipped = "result differs from the " + paths[ref] + " path's: " + d
		}
	}
}

// familyPaths names the paths the named families run on now.
func familyPaths(names []string) string {
	var ps []string
	for _, f := range kernels.Families() {
		if slices.Contains(names, f.Name) && !slices.Contains(ps, f.Active) {
			ps = append(ps, f.Active)
		}
	}
	return strings.Join(ps, "+")
}

// timing holds one case's measurement on one path.
type timing struct {
	r       Result
	ns, cpu []float64
}

// warm makes two untimed calls (the first checks the cap; the second lets
// an operation that allocates its result reuse pages the heap already
// holds) and chooses the calls per repetition, about sz.target's worth.
// A call so slow that reps of them would take over twice sz.maxCall gets
// 3 repetitions.
func (t *timing) warm(op func(), sz sizes, reps int) {
	runtime.GC()
	t0 := time.Now()
	op()
	first := time.Since(t0)
	if first > sz.maxCall && t.r.Path != "auto" {
		t.r.Skipped = fmt.Sprintf("one call took %.1f s, over the %.0f s cap of this size for paths other than auto", first.Seconds(), sz.maxCall.Seconds())
		return
	}
	t1 := time.Now()
	op()
	// The calls per repetition come from the faster of the two calls: the
	// first one after a case's setup runs cold, and choosing from it alone
	// would give the first path (auto) fewer calls a repetition than the
	// others, so a larger share of each repetition's cold start.
	call := min(first, time.Since(t1))
	iters := 1
	if call > 0 && call < sz.target {
		iters = int(sz.target / call)
	}
	if first*time.Duration(reps) > 2*sz.maxCall {
		reps = 3
	}
	t.r.Iters, t.r.Reps = iters, reps
}

// rep times one repetition of t.r.Iters calls.
func (t *timing) rep(op func()) {
	runtime.GC()
	c := processCPU()
	start := time.Now()
	for range t.r.Iters {
		op()
	}
	n := float64(t.r.Iters)
	t.ns = append(t.ns, float64(time.Since(start).Nanoseconds())/n)
	t.cpu = append(t.cpu, float64((processCPU()-c).Nanoseconds())/n)
}

// result returns the Result with the medians filled in.
func (t *timing) result() Result {
	r := t.r
	if r.Skipped != "" || len(t.ns) == 0 {
		return r
	}
	sort.Float64s(t.ns)
	sort.Float64s(t.cpu)
	r.NsPerOp, r.MinNsPerOp, r.MaxNsPerOp = t.ns[len(t.ns)/2], t.ns[0], t.ns[len(t.ns)-1]
	r.CPUNsPerOp = t.cpu[len(t.cpu)/2]
	return r
}

// triad is a STREAM-like a = b + 3*c over sz.triadN float64 per array on
// o.Threads goroutines; bytes count 3 arrays of 8-byte elements, as STREAM
// does.
func triad(sz sizes, o Options) Result {
	n := sz.triadN
	th := o.Threads
	op := triadOp(n, th)
	r := Result{Name: TriadName, Size: fmt.Sprintf("3 x %d float64", n), Path: "-", Kernels: "go",
		BytesPerOp: 3 * 8 * int64(n), Flops: 2 * int64(n), Threads: th}
	t := &timing{r: r}
	t.warm(op, sz, o.Reps)
	for range t.r.Reps {
		t.rep(op)
	}
	return t.result()
}

// TriadBytesPerSec returns the bandwidth of the package's triad (triadOp
// over three 128 MiB arrays on the given number of goroutines, best of 5
// after a warm-up), measured once per process and thread count: the
// reference of every "%triad" metric, here and in package quant's
// benchmarks. Each benchmark compares against the triad on its own thread
// count: on this kind of VM two threads may get up to twice the bandwidth
// of one, so a two-thread product against the one-thread triad would read
// up to 200%.
func TriadBytesPerSec(threads int) float64 {
	triadMu.Lock()
	defer triadMu.Unlock()
	if r, ok := triadRate[threads]; ok {
		return r
	}
	const n = 1 << 24
	op := triadOp(n, threads)
	op()
	var ts []time.Duration
	for range 5 {
		t0 := time.Now()
		op()
		ts = append(ts, time.Since(t0))
	}
	r := 3 * 8 * n / slices.Min(ts).Seconds()
	triadRate[threads] = r
	return r
}

var (
	triadMu   sync.Mutex
	triadRate = map[int]float64{}
)

// triadOp returns one STREAM-like triad a = b + 3*c over three arrays of n
// float64, split evenly over threads goroutines (the last on the caller's).
// It is the bandwidth reference of hurray bench and of BenchmarkTriad.
func triadOp(n, threads int) func() {
	a, b, c := make([]float64, n), randVec[float64](n, 3), randVec[float64](n, 4)
	bounds := parallel.Even(n, threads)
	return func() {
		parallel.Run(bounds, func(_, lo, hi int) {
			x, y, z := a[lo:hi], b[lo:hi], c[lo:hi]
			for i := range x {
				x[i] = y[i] + 3*z[i]
			}
		})
	}
}

// RandomVector returns n values uniform in [-1, 1) drawn from a PCG
// generator seeded (seed, stream): the dense operands of the benchmarks
// (stream 7) and of the hurray command's products.
func RandomVector[T csr.Float](n int, seed, stream uint64) []T {
	rng := rand.New(rand.NewPCG(seed, stream))
	v := make([]T, n)
	for i := range v {
		v[i] = T(2*rng.Float64() - 1)
	}
	return v
}

// randVec is RandomVector on the benchmarks' stream.
func randVec[T csr.Float](n int, seed uint64) []T { return RandomVector[T](n, seed, 7) }

func sizeOf[T csr.Float]() int {
	var z T
	return int(unsafe.Sizeof(z))
}

func typeName[T csr.Float]() string { return fmt.Sprintf("f%d", 8*sizeOf[T]()) }

// nameOf returns the matrix's name, without building a generated one.
func nameOf(gen func() *Pattern) string {
	for name, g := range generated {
		if fmt.Sprintf("%p", g) == fmt.Sprintf("%p", gen) {
			return name
		}
	}
	return gen().Name
}
