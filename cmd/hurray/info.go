package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/formats/auto"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/quant"
)

func cmdInfo(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("info", "info FILE [--dtype float32|float64] [--budget SIZE]", stderr)
	dtype := dtypeFlag(fs)
	budget := budgetFlag(fs)
	pos, err := parse(fs, args, 1)
	if err != nil {
		return err
	}
	if *dtype == "float32" {
		return info[float32](pos[0], "float32", int64(*budget), stdout, stderr)
	}
	return info[float64](pos[0], "float64", int64(*budget), stdout, stderr)
}

func dims(shape []uint64) string {
	s := make([]string, len(shape))
	for i, d := range shape {
		s[i] = fmt.Sprint(d)
	}
	return strings.Join(s, " x ")
}

func info[T auto.Float](path, dtype string, budget int64, stdout, stderr io.Writer) error {
	q, err := readAny[T](path, budget, stderr)
	if err != nil {
		return err
	}
	// The description below reads the float twin of quantized values.
	f := q.Dequantize()
	w := func(k, format string, args ...any) {
		fmt.Fprintf(stdout, "%-10s %s\n", k+":", fmt.Sprintf(format, args...))
	}
	w("file", "%s", path)
	if f.Detail != "" {
		w("format", "%s (%s)", f.Format, f.Detail)
	} else {
		w("format", "%s", f.Format)
	}
	w("layout", "%s", f.Layout())
	if q.Quantized() {
		quantInfo(q, w)
	} else {
		w("dtype", "%s", dtype)
	}
	shape := f.Shape()
	w("shape", "%s (rank %d)", dims(shape), len(shape))
	stored := f.NNZ()
	if f.Dense != nil {
		// A dense array stores every value: count the nonzeros.
		stored = 0
		for _, v := range f.Dense {
			if v != 0 {
				stored++
			}
		}
		w("nnz", "%d (of %d values, dense)", stored, len(f.Dense))
	} else {
		w("nnz", "%d", stored)
	}
	if f.COO != nil && f.COO.Valid() {
		// Coordinate files may repeat a coordinate: the density counts
		// it once, as every conversion does (it sums the values).
		if d := distinct(f.COO); d < stored {
			w("repeats", "%d of the entries repeat an earlier coordinate: %d distinct (conversions sum them)", stored-d, d)
			stored = d
		}
	}
	cells := 1.0
	for _, d := range shape {
		cells *= float64(d)
	}
	if cells > 0 {
		w("density", "%.6g%%", 100*float64(stored)/cells)
	}
	for _, n := range f.Notes {
		w("note", "%s", n)
	}
	switch {
	case f.CSF != nil:
		w("mode order", "%v", f.CSF.ModeOrder())
		w("fibers", "%v (nodes per level, root first)", f.CSF.LevelSizes())
	case f.COO != nil && f.COO.Rank() >= 3:
		var c *csf.Tensor[T]
		during(stderr, "building CSF", func() { c, err = convert.COOToCSF(f.COO, nil) })
		if err != nil {
			return err
		}
		w("fibers", "%v (CSF with identity mode order, nodes per level)", c.LevelSizes())
	}
	if err := q.Validate(); err != nil {
		w("valid", "no: %v", err)
	} else {
		w("valid", "yes")
	}
	w("kernels", "%s (available: %s)", kernels.Active(), strings.Join(kernels.Available(), ", "))
	return nil
}

// quantInfo describes quantized values: the scheme, the codes and every
// parameter array with its size, and the bytes a stored value costs with
// the index.
func quantInfo[T auto.Float](f *auto.File[T], w func(k, format string, args ...any)) {
	var v quant.Values
	var bufs [][]byte
	switch {
	case f.QCOO != nil:
		v, bufs = f.QCOO.Values(), f.QCOO.Buffers()
	case f.QMatrix != nil:
		v, bufs = f.QMatrix.Values(), f.QMatrix.Buffers()
	default:
		v, bufs = f.QCSF.Values(), f.QCSF.Buffers()
	}
	s := v.Scheme
	w("dtype", "quantized codes (computes in float32)")
	w("scheme", "%v", s)
	w("codes", "%d bytes (%d bits a value)", len(v.Codes), s.CodeBits())
	params := v.ParamBuffers()
	for i, b := range params {
		p := s.Param(i)
		w(fmt.Sprintf("quant_%d", i), "%s %s[%d] (%d bytes)", p.Name, p.Type, len(b)/p.Type.Size(), len(b))
	}
	w("bytes", "%s a stored value (codes, parameters and indices)", perValue(tableBytes(bufs), v.N))
}

// distinct counts t's distinct coordinates (a sorted copy's runs).
func distinct[T auto.Float](t *coo.Tensor[T]) int {
	r, n := t.Rank(), t.NNZ()
	c, err := coo.New(t.Shape(), slices.Clone(t.Coords()), make([]T, n))
	if err != nil || c.Sort(nil) != nil {
		return n
	}
	x, d := c.Coords(), min(n, 1)
	for i := 1; i < n; i++ {
		if !slices.Equal(x[(i-1)*r:i*r], x[i*r:(i+1)*r]) {
			d++
		}
	}
	return d
}

func cmdValidate(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("validate", "validate FILE [--budget SIZE]", stderr)
	budget := budgetFlag(fs)
	pos, err := parse(fs, args, 1)
	if err != nil {
		return err
	}
	f, err := readAny[float64](pos[0], int64(*budget), stderr)
	if err != nil {
		return err
	}
	if err := f.Validate(); err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	scheme := ""
	if f.Quantized() {
		scheme = " " + f.Scheme().String()
	}
	fmt.Fprintf(stdout, "%s: valid %s %s%s, shape %s, nnz %d\n", pos[0], f.Format, f.Layout(), scheme, dims(f.Shape()), f.NNZ())
	for _, n := range f.Notes { // what the reader repaired, say
		fmt.Fprintf(stdout, "%s: note: %s\n", pos[0], n)
	}
	return nil
}

func cmdConvert(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("convert", "convert IN OUT [--to coo|csr|csc|csf] [--mode-order 2,0,1] [--dtype float32|float64] [--exact] [--dequantize] [--budget SIZE]\n"+
		"  .mtx and .tns hold coordinates (COO): --to csr, csc or csf writes them in that layout's order\n"+
		"  quantized .npz files convert to .npz, carrying their codes where the scheme allows", stderr)
	to := fs.String("to", "", "layout to convert to: coo, csr, csc or csf (default: as read)")
	mo := fs.String("mode-order", "", "CSF level order, comma-separated modes (default identity)")
	exact := fs.Bool("exact", false, "quantized input: refuse to re-quantize (a block scheme reordered, summed duplicates) rather than report it")
	dequant := fs.Bool("dequantize", false, "quantized input: write the dequantized values (the way to .mtx and .tns)")
	dtype := dtypeFlag(fs)
	budget := budgetFlag(fs)
	pos, err := parse(fs, args, 2)
	if err != nil {
		return err
	}
	order, err := parseTarget(*to, *mo)
	if err != nil {
		return err
	}
	if auto.Format(pos[1]) == "" { // before the read and the conversion
		return usageErr("%s: %v", pos[1], auto.ErrExtension)
	}
	q := quantFlags{exact: *exact, dequantize: *dequant}
	if *dtype == "float32" {
		return convertFile[float32](pos[0], pos[1], *to, order, q, int64(*budget), stdout, stderr)
	}
	return convertFile[float64](pos[0], pos[1], *to, order, q, int64(*budget), stdout, stderr)
}

// quantFlags are convert's flags for quantized input.
type quantFlags struct{ exact, dequantize bool }

func convertFile[T auto.Float](in, out, to string, order []uint32, qf quantFlags, budget int64, stdout, stderr io.Writer) error {
	f, err := readAny[T](in, budget, stderr)
	if err != nil {
		return err
	}
	var g *auto.File[T]
	if err := checkOrder(order, f.Shape(), in); err != nil {
		return err
	}
	var rep *quant.Report
	switch {
	case f.Quantized() && qf.dequantize:
		f = f.Dequantize()
		during(stderr, "converting to "+to, func() { g, err = toLayout(f, to, order) })
	case f.Quantized():
		if format := auto.Format(out); format != "npz" {
			return fmt.Errorf("%s: quantized values (%v) are written as .npz only; --dequantize writes them as .%s", in, f.Scheme(), format)
		}
		during(stderr, "converting to "+to, func() { g, rep, err = toLayoutQ(f, to, order, qf.exact) })
	default:
		during(stderr, "converting to "+to, func() { g, err = toLayout(f, to, order) })
	}
	if err != nil {
		return named(in, err)
	}
	during(stderr, "writing "+out, func() { err = auto.Write(out, g) })
	if err != nil {
		return named(out, err)
	}
	// .mtx and .tns store coordinates whatever the layout converted to.
	wrote := g.Layout()
	if format := auto.Format(out); (format == "mtx" || format == "tns") && (wrote == "csr" || wrote == "csc" || wrote == "csf") {
		wrote = "coo in " + wrote + " order"
	}
	if g.Quantized() {
		wrote += " " + g.Scheme().String()
	}
	fmt.Fprintf(stdout, "%s (%s %s) -> %s (%s %s), shape %s, nnz %d\n", in, f.Format, f.Layout(), out, auto.Format(out), wrote, dims(g.Shape()), g.NNZ())
	if rep != nil {
		fmt.Fprintf(stdout, "re-quantized (%v depends on the storage order, or duplicates were summed): max abs error %.6g, RMS %.6g over %d values\n", g.Scheme(), rep.MaxAbsErr, rep.RMSErr, rep.N)
	}
	return nil
}

// named prefixes err with path unless its message starts with it already.
func named(path string, err error) error {
	if strings.HasPrefix(err.Error(), path+":") {
		return err
	}
	return fmt.Errorf("%s: %w", path, err)
}

// checkOrder is the usage error of a --mode-order (parsed, a permutation)
// whose length is not the rank of the tensor in path, or nil.
func checkOrder(order []uint32, shape []uint64, path string) error {
	if order == nil || len(order) == len(shape) {
		return nil
	}
	s := make([]string, len(order))
	for i, m := range order {
		s[i] = fmt.Sprint(m)
	}
	return usageErr("--mode-order %s: %d modes for the rank-%d tensor in %s", strings.Join(s, ","), len(order), len(shape), path)
}

// maxDense returns the most rows the commands allocate for a dense work
// array (a pointer array, a vector, the factor matrices) for a file of nnz
// entries: a file's header can declare any dimension, so a 50-byte file
// could ask for gigabytes under a fixed bound such as 2^31. The bound grows
// with the data: 2^26 rows, or 8 per entry. Arrays of several columns are
// bounded by memory too (fitsMemory).
func maxDense(nnz int) float64 {
	return max(1<<26, 8*float64(nnz))
}

// fitsMemory reports whether n elements of size bytes fit in half of the
// machine's memory or the Go memory limit (a request beyond that would end
// the process with an out-of-memory failure that cannot be caught).
func fitsMemory(n float64, size int) bool {
	return n*float64(size) <= float64(mem.Limit())/2
}

// toLayout converts f's content to the named layout ("" keeps it).
func toLayout[T auto.Float](f *auto.File[T], to string, order []uint32) (*auto.File[T], error) {
	if to == "" || to == f.Layout() && order == nil {
		return f, nil
	}
	if f.Dense != nil {
		return nil, fmt.Errorf("%s: a dense array cannot be converted to %s", f.Path, to)
	}
	g := &auto.File[T]{Path: f.Path, Format: f.Format}
	t, err := f.ToCOO()
	if err != nil {
		return nil, err
	}
	switch to {
	case "coo":
		g.COO = t
	case "csr", "csc":
		if t.Rank() != 2 {
			return nil, fmt.Errorf("%s: rank %d tensor cannot be %s (rank 2 only)", f.Path, t.Rank(), to)
		}
		if major, lim := t.Shape()[map[string]int{"csr": 0, "csc": 1}[to]], maxDense(t.NNZ()); float64(major) > lim {
			return nil, fmt.Errorf("%s: %d %s to compress for %d entries: too many for this command (at most %.0f)", f.Path, major, map[string]string{"csr": "rows", "csc": "columns"}[to], t.NNZ(), lim)
		}
		if to == "csr" {
			g.Matrix, err = convert.COOToCSR(t)
		} else {
			g.Matrix, err = convert.COOToCSC(t)
		}
	case "csf":
		if t.Rank() < 3 {
			return nil, fmt.Errorf("%s: rank %d tensor cannot be csf (rank 3 or more)", f.Path, t.Rank())
		}
		g.CSF, err = convert.COOToCSF(t, order)
	}
	if err != nil {
		return nil, err
	}
	return g, nil
}
