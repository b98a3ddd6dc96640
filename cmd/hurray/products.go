package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"time"
	"unsafe"

	"github.com/hurray-format/hurray-go/bench"
	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats/auto"
	"github.com/hurray-format/hurray-go/formats/npz"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/prepared"
)

// minTime is how long the product commands repeat when --iters is 0.
const minTime = 500 * time.Millisecond

func cmdSpMV(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("spmv", "spmv FILE [--x x.npy] [--out y.npy] [--prepare] [--threads N] [--iters N] [--seed S] [--dtype float32|float64] [--budget SIZE]", stderr)
	xPath := fs.String("x", "", "dense x as a .npy vector (default: random, uniform in [-1, 1))")
	outPath := fs.String("out", "", "write y as a .npy vector (float32 for a quantized file, else the --dtype)")
	prep := fs.Bool("prepare", false, "multiply by the matrix's prepared form (package prepared: narrow indices), printing its bytes a value and the time to prepare it")
	pf := newProductFlags(fs, "x")
	pos, err := parse(fs, args, 1)
	if err != nil {
		return err
	}
	if err := pf.checkIters(); err != nil {
		return err
	}
	if err := setThreads(*pf.threads); err != nil {
		return err
	}
	o := spmvOpts{xPath: *xPath, outPath: *outPath, iters: *pf.iters, seed: *pf.seed, budget: int64(*pf.budget), prepare: *prep}
	if *pf.dtype == "float32" {
		return spmv[float32](pos[0], o, stdout, stderr)
	}
	return spmv[float64](pos[0], o, stdout, stderr)
}

// productFlags are the flags the product commands share: the products to
// time, the seed of the random operand, the element type, the reading
// budget and the threads.
type productFlags struct {
	iters   *int
	seed    *uint64
	dtype   *string
	budget  *budgetValue
	threads *int
}

// newProductFlags defines the shared flags on fs; operand names what the
// seed makes.
func newProductFlags(fs *flag.FlagSet, operand string) productFlags {
	return productFlags{
		iters:   fs.Int("iters", 0, "products to time (0: repeat for about 0.5 s)"),
		seed:    fs.Uint64("seed", 1, "seed of the random "+operand),
		dtype:   dtypeFlag(fs),
		budget:  budgetFlag(fs),
		threads: threadsFlag(fs),
	}
}

// checkIters refuses a negative --iters.
func (p productFlags) checkIters() error {
	if *p.iters < 0 {
		return usageErr("--iters %d: want 0 or more", *p.iters)
	}
	return nil
}

// randomVec is bench.RandomVector on the command's own stream.
func randomVec[T auto.Float](n int, seed uint64) []T {
	return bench.RandomVector[T](n, seed, 0x68757272)
}

func readVec[T auto.Float](path string, n int, budget int64) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	x, shape, err := npz.ReadNPY[T](f, npz.Options{Name: path, MaxBytes: budget})
	if err != nil {
		return nil, err
	}
	if len(x) != n {
		return nil, fmt.Errorf("%s: shape %v, want a vector of %d values (the matrix's columns)", path, shape, n)
	}
	return x, nil
}

// timeLoop runs f iters times (or for minTime when iters is 0) with a
// progress line, and returns the count and time per call.
func timeLoop(label string, iters int, stderr io.Writer, f func()) (int, time.Duration) {
	p := newProgress(stderr, label)
	defer p.done()
	start := time.Now()
	n := 0
	for {
		f()
		n++
		el := time.Since(start)
		if iters > 0 {
			if n >= iters {
				return n, el / time.Duration(n)
			}
			p.step(n, iters)
		} else if el >= minTime {
			return n, el / time.Duration(n)
		}
	}
}

// spmvOpts are spmv's flags.
type spmvOpts struct {
	xPath, outPath string
	iters          int
	seed           uint64
	budget         int64
	prepare        bool // multiply by the prepared form
}

// readFileQ is readFile accepting files of quantized values.
func readFileQ[T auto.Float](path string, budget int64, stderr io.Writer) (*auto.File[T], error) {
	p := newProgress(stderr, "reading "+path)
	defer p.done()
	return auto.Read[T](path, auto.Options{Progress: p.bytes, MaxBytes: budget, Quantized: true})
}

// vecProduct is y = A x of a float or quantized matrix, in U.
type vecProduct[U auto.Float] interface {
	MulVec(y, x []U)
	fmt.Stringer
}

func spmv[T auto.Float](path string, o spmvOpts, stdout, stderr io.Writer) error {
	f, err := readFileQ[T](path, o.budget, stderr)
	if err != nil {
		return err
	}
	if sh, lim := f.Shape(), maxDense(f.NNZ()); len(sh) == 2 && (float64(sh[0]) > lim || float64(sh[1]) > lim) {
		return fmt.Errorf("%s: %dx%d with %d entries: dimensions too large for dense vectors (at most %.0f)", path, sh[0], sh[1], f.NNZ(), lim)
	}
	switch {
	case f.QMatrix != nil && o.prepare:
		var m *prepared.Quantized
		if err := prepareTimed(stdout, func() (err error) { m, err = prepared.PrepareQuantized(f.QMatrix, prepared.Options{}); return err }); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return runSpMV[float32](path, m, f.NNZ(), f.Shape(), o, stdout, stderr)
	case f.QMatrix != nil:
		return runSpMV[float32](path, f.QMatrix, f.NNZ(), f.Shape(), o, stdout, stderr)
	case f.QCOO != nil && len(f.QCOO.Shape()) == 2:
		return runSpMV[float32](path, f.QCOO, f.NNZ(), f.Shape(), o, stdout, stderr)
	case f.Quantized():
		return fmt.Errorf("%s: spmv needs a matrix (rank 2 sparse), have quantized %s of shape %s", path, f.Layout(), dims(f.Shape()))
	}
	var a *csr.Matrix[T]
	switch {
	case f.Matrix != nil && !f.Matrix.IsCSC():
		a = f.Matrix
	case f.Matrix != nil:
		a = convert.CSCToCSR(f.Matrix)
	case f.COO != nil && f.COO.Rank() == 2:
		during(stderr, "building CSR", func() { a, err = convert.COOToCSR(f.COO) })
		if err != nil {
			return err
		}
	default:
		return fmt.Errorf("%s: spmv needs a matrix (rank 2 sparse), have %s of shape %s", path, f.Layout(), dims(f.Shape()))
	}
	if o.prepare {
		var m *prepared.Matrix[T]
		if err := prepareTimed(stdout, func() (err error) { m, err = prepared.Prepare(a, prepared.Options{}); return err }); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return runSpMV[T](path, m, a.NNZ(), f.Shape(), o, stdout, stderr)
	}
	return runSpMV[T](path, a, a.NNZ(), f.Shape(), o, stdout, stderr)
}

// prepareTimed runs prep (building a prepared form) and prints its time.
func prepareTimed(stdout io.Writer, prep func() error) error {
	start := time.Now()
	if err := prep(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "prepared in %v\n", time.Since(start))
	return nil
}

// runSpMV times y = A x for a matrix of the given shape and nnz, prints
// the figures and y's sum and norm, and writes y to o.outPath if set.
func runSpMV[U auto.Float](path string, a vecProduct[U], nnz int, shape []uint64, o spmvOpts, stdout, stderr io.Writer) error {
	rows, cols := int(shape[0]), int(shape[1])
	var x []U
	var err error
	if o.xPath != "" {
		if x, err = readVec[U](o.xPath, cols, o.budget); err != nil {
			return err
		}
	} else {
		x = randomVec[U](cols, o.seed)
	}
	y := make([]U, rows)
	n, per := timeLoop("spmv", o.iters, stderr, func() { a.MulVec(y, x) })
	flops := 2 * float64(nnz)
	var sum, sq float64
	for _, v := range y {
		sum += float64(v)
		sq += float64(v) * float64(v)
	}
	fmt.Fprintf(stdout, "spmv %s: %v\n", path, a)
	fmt.Fprintf(stdout, "products: %d, time per product: %v, %.3f GFLOP/s (2*nnz flops)\n", n, per, flops/per.Seconds()/1e9)
	fmt.Fprintf(stdout, "y: sum %.6g, norm %.6g\n", sum, math.Sqrt(sq))
	if o.outPath != "" {
		if err := writeNPY(o.outPath, y, []uint64{uint64(len(y))}); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "y written to %s (%d values)\n", o.outPath, len(y))
	}
	return nil
}

// writeNPY writes data to path as a .npy array of the given shape (C order).
func writeNPY[U auto.Float](path string, data []U, shape []uint64) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := npz.WriteNPY(out, data, shape); err != nil {
		out.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return out.Close()
}

func cmdMTTKRP(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("mttkrp", "mttkrp FILE [--cols R] [--mode N] [--out M.npy] [--threads N] [--mode-order 0,1,2] [--iters N] [--seed S] [--dtype float32|float64] [--budget SIZE]", stderr)
	rank := fs.Int("cols", 16, "columns of the factor matrices (the rank of a CP decomposition)")
	fs.IntVar(rank, "rank", 16, "the same as --cols")
	mode := fs.Int("mode", 0, "the mode whose factor is computed")
	outPath := fs.String("out", "", "write the result as a .npy matrix, shape[mode] x cols in C order (float32 for a quantized file, else the --dtype)")
	mo := fs.String("mode-order", "", "CSF level order (default: the file's for a CSF file, else identity); a CSF file is reordered to it")
	pf := newProductFlags(fs, "factors")
	pos, err := parse(fs, args, 1)
	if err != nil {
		return err
	}
	if *rank < 1 || *rank > 1<<16 {
		return usageErr("--cols %d: want 1..65536", *rank)
	}
	if err := setThreads(*pf.threads); err != nil {
		return err
	}
	if err := pf.checkIters(); err != nil {
		return err
	}
	order, err := parseModeOrder(*mo)
	if err != nil {
		return err
	}
	o := mttkrpOpts{rank: *rank, mode: *mode, order: order, outPath: *outPath, iters: *pf.iters, seed: *pf.seed, budget: int64(*pf.budget)}
	if *pf.dtype == "float32" {
		return mttkrp[float32](pos[0], o, stdout, stderr)
	}
	return mttkrp[float64](pos[0], o, stdout, stderr)
}

// mttkrpOpts are the settings of hurray mttkrp.
type mttkrpOpts struct {
	rank, mode int
	order      []uint32
	outPath    string
	iters      int
	seed       uint64
	budget     int64
}

func mttkrp[T auto.Float](path string, o mttkrpOpts, stdout, stderr io.Writer) error {
	order := o.order
	f, err := readFileQ[T](path, o.budget, stderr)
	if err != nil {
		return err
	}
	if err := checkOrder(order, f.Shape(), path); err != nil {
		return err
	}
	if f.Quantized() {
		q, err := quantizedCSF(f, path, order)
		if err != nil {
			return err
		}
		return runMTTKRP[float32](path, q, o, stdout, stderr)
	}
	t := f.CSF
	if t == nil || order != nil {
		var g *auto.File[T]
		during(stderr, "building CSF", func() { g, err = toLayout(f, "csf", order) })
		if err != nil {
			return named(path, err)
		}
		t = g.CSF
	}
	return runMTTKRP[T](path, t, o, stdout, stderr)
}

// mttkrpProduct is MTTKRP of a float or quantized CSF tensor, in U.
type mttkrpProduct[U auto.Float] interface {
	MTTKRP(mode int, factors [][]U, rank int, out []U)
	Shape() []uint64
	NNZ() int
	fmt.Stringer
}

// quantizedCSF returns the quantized CSF tensor of a quantized file, in
// the file's mode order (order nil or equal to it): a quantized file of
// rank 3 or more is CSF (.npz holds COO of rank 2 only).
func quantizedCSF[T auto.Float](f *auto.File[T], path string, order []uint32) (*csf.Quantized, error) {
	if f.QCSF != nil {
		if order != nil && !slices.Equal(order, f.QCSF.ModeOrder()) {
			return nil, fmt.Errorf("%s: quantized CSF in mode order %v: mttkrp does not reorder quantized tensors (convert it with hurray convert --to csf --mode-order)", path, f.QCSF.ModeOrder())
		}
		return f.QCSF, nil
	}
	return nil, fmt.Errorf("%s: mttkrp needs a tensor of rank 3 or more, have quantized %s of shape %s", path, f.Layout(), dims(f.Shape()))
}

// runMTTKRP times MTTKRP along mode with random factors of the given rank
// and prints the figures and the output's sum, and writes the output to
// o.outPath if set.
func runMTTKRP[U auto.Float](path string, t mttkrpProduct[U], o mttkrpOpts, stdout, stderr io.Writer) error {
	rank, mode, seed := o.rank, o.mode, o.seed
	shape := t.Shape()
	if mode < 0 || mode >= len(shape) {
		return usageErr("--mode %d: want 0..%d for rank %d", mode, len(shape)-1, len(shape))
	}
	factors := make([][]U, len(shape))
	var rows float64
	for _, d := range shape {
		rows += float64(d)
	}
	if lim := maxDense(t.NNZ()); rows > lim {
		return fmt.Errorf("%s: factor matrices of %.3g rows for %d entries are too large for this command (at most %.3g)", path, rows, t.NNZ(), lim)
	}
	var zero U
	if cells := rows * float64(rank); !fitsMemory(cells, int(unsafe.Sizeof(zero))) {
		return fmt.Errorf("%s: factor matrices of %.3g values (%d columns) would take more than half of the memory (%d bytes)", path, cells, rank, mem.Limit())
	}
	for n, d := range shape {
		if n != mode {
			factors[n] = randomVec[U](int(d)*rank, seed+uint64(n))
		}
	}
	out := make([]U, int(shape[mode])*rank)
	n, per := timeLoop("mttkrp", o.iters, stderr, func() { t.MTTKRP(mode, factors, rank, out) })
	// Nominal, as hurray bench's: a multiply-add per entry and column.
	flops := 2 * float64(t.NNZ()) * float64(rank)
	var sum float64
	for _, v := range out {
		sum += float64(v)
	}
	fmt.Fprintf(stdout, "mttkrp %s: %v\n", path, t)
	fmt.Fprintf(stdout, "mode %d, rank %d: products: %d, time per product: %v, %.3f GFLOP/s (2*nnz*R flops)\n", mode, rank, n, per, flops/per.Seconds()/1e9)
	fmt.Fprintf(stdout, "out: %d x %d, sum %.6g\n", shape[mode], rank, sum)
	if o.outPath != "" {
		if err := writeNPY(o.outPath, out, []uint64{shape[mode], uint64(rank)}); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "out written to %s (%d x %d)\n", o.outPath, shape[mode], rank)
	}
	return nil
}
