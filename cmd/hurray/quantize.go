package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats/auto"
	"github.com/hurray-format/hurray-go/quant"
)

// readAny reads path as T with a progress line, within the memory budget,
// accepting quantized values (auto.Options.Quantized). The product
// commands read with readFile, which refuses them.
func readAny[T auto.Float](path string, budget int64, stderr io.Writer) (*auto.File[T], error) {
	p := newProgress(stderr, "reading "+path)
	defer p.done()
	return auto.Read[T](path, auto.Options{Progress: p.bytes, MaxBytes: budget, Quantized: true})
}

// schemeOf parses --scheme, completing a channel spelling with --axis
// ("int8:channel" with --axis 1 is int8:channel:axis=1). Every error is a
// usage error.
func schemeOf(spelling string, axis int) (quant.Scheme, error) {
	if spelling == "" {
		return quant.Scheme{}, usageErr("--scheme is required: int8:tensor, int8:channel:axis=A, int8:block=B, uint8:..., int4:block=B, nf4[:block=B], mxfp4 or mxfp8")
	}
	sp := spelling
	if axis >= 0 {
		switch {
		case strings.HasSuffix(sp, ":channel"):
			sp += ":axis=" + strconv.Itoa(axis)
		case strings.Contains(sp, ":channel:axis="):
			if !strings.HasSuffix(sp, ":axis="+strconv.Itoa(axis)) {
				return quant.Scheme{}, usageErr("--scheme %q and --axis %d name different axes", spelling, axis)
			}
		default:
			return quant.Scheme{}, usageErr("--axis %d: the scheme %q has no channel (give KIND:channel)", axis, spelling)
		}
	}
	s, err := quant.Parse(sp)
	if err != nil {
		if strings.HasSuffix(sp, ":channel") {
			return quant.Scheme{}, usageErr("--scheme %q: a channel scheme needs its axis (:axis=A, or --axis A)", spelling)
		}
		return quant.Scheme{}, usageErr("--scheme %q: %v", spelling, err)
	}
	return s, nil
}

func cmdQuantize(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("quantize", "quantize IN OUT --scheme SPELLING [--axis A] [--to coo|csr|csc|csf] [--mode-order 2,0,1] [--dtype float32|float64] [--budget SIZE]\n"+
		"  OUT is an .npz file; the input's layout is kept unless --to names another (a COO of rank 3 or more needs --to csf)", stderr)
	spelling := fs.String("scheme", "", "quantization scheme: int8:tensor, int8:channel:axis=A, int8:block=B, the same for uint8, int4:block=B, nf4[:block=B], mxfp4, mxfp8")
	axis := fs.Int("axis", -1, "the `A` of a channel scheme given without it (--scheme int8:channel --axis 0: a scale per row of a matrix)")
	to := fs.String("to", "", "layout to quantize in: coo, csr, csc or csf (default: as read)")
	mo := fs.String("mode-order", "", "CSF level order, comma-separated modes (default identity)")
	dtype := fs.String("dtype", "float32", "element type to read the input in, and of the float bytes per value shown: float32 or float64")
	budget := budgetFlag(fs)
	pos, err := parse(fs, args, 2)
	if err != nil {
		return err
	}
	s, err := schemeOf(*spelling, *axis)
	if err != nil {
		return err
	}
	order, err := parseTarget(*to, *mo)
	if err != nil {
		return err
	}
	if auto.Format(pos[1]) != "npz" {
		return usageErr("%s: quantized values are written as .npz", pos[1])
	}
	if *dtype == "float32" {
		return quantizeFile[float32](pos[0], pos[1], s, *to, order, int64(*budget), stdout, stderr)
	}
	return quantizeFile[float64](pos[0], pos[1], s, *to, order, int64(*budget), stdout, stderr)
}

// tableBytes is the bytes of a buffer table.
func tableBytes(bufs [][]byte) int {
	n := 0
	for _, b := range bufs {
		n += len(b)
	}
	return n
}

// perValue formats bytes per stored value.
func perValue(bytes, nnz int) string {
	if nnz == 0 {
		return "no values"
	}
	return strconv.FormatFloat(float64(bytes)/float64(nnz), 'g', 4, 64)
}

func quantizeFile[T auto.Float](in, out string, s quant.Scheme, to string, order []uint32, budget int64, stdout, stderr io.Writer) error {
	f, err := readAny[T](in, budget, stderr)
	if err != nil {
		return err
	}
	from := fmt.Sprintf("%s %s", f.Format, f.Layout())
	if f.Quantized() {
		// Quantized input is quantized again from its dequantized values.
		from += " " + f.Scheme().String()
		f = f.Dequantize()
	}
	if f.Dense != nil {
		return fmt.Errorf("%s: a dense array: quantize takes a sparse layout", in)
	}
	if err := checkOrder(order, f.Shape(), in); err != nil {
		return err
	}
	if a := s.Axis(); a >= len(f.Shape()) {
		return usageErr("--scheme %v: axis %d is not below the rank %d of %s", s, a, len(f.Shape()), in)
	}
	var g *auto.File[T]
	during(stderr, "converting to "+to, func() { g, err = toLayout(f, to, order) })
	if err != nil {
		return named(in, err)
	}
	if g.COO != nil && g.COO.Rank() >= 3 {
		return fmt.Errorf("%s: a rank-%d COO: .npz holds COO of rank 2 only (add --to csf)", in, g.COO.Rank())
	}
	if g.COO != nil && g.COO.Rank() != 2 {
		return fmt.Errorf("%s: a rank-%d tensor: .npz holds matrices and CSF tensors (rank 3 or more)", in, g.COO.Rank())
	}
	q := &auto.File[T]{Path: g.Path, Format: g.Format}
	var before, after [][]byte
	var rep quant.Report
	during(stderr, "quantizing", func() {
		switch {
		case g.COO != nil:
			before = g.COO.Buffers()
			q.QCOO, rep, err = coo.Quantize(g.COO, s)
		case g.Matrix != nil:
			before = g.Matrix.Buffers()
			q.QMatrix, rep, err = csr.Quantize(g.Matrix, s)
		default:
			before = g.CSF.Buffers()
			q.QCSF, rep, err = csf.Quantize(g.CSF, s)
		}
	})
	if err != nil {
		return named(in, err)
	}
	switch {
	case q.QCOO != nil:
		after = q.QCOO.Buffers()
	case q.QMatrix != nil:
		after = q.QMatrix.Buffers()
	default:
		after = q.QCSF.Buffers()
	}
	during(stderr, "writing "+out, func() { err = auto.Write(out, q) })
	if err != nil {
		return named(out, err)
	}
	var zero T
	nnz := q.NNZ()
	fmt.Fprintf(stdout, "%s (%s) -> %s (npz %s %v), shape %s, nnz %d\n", in, from, out, q.Layout(), s, dims(q.Shape()), nnz)
	fmt.Fprintf(stdout, "error:     max abs %.6g, RMS %.6g over %d values\n", rep.MaxAbsErr, rep.RMSErr, rep.N)
	fmt.Fprintf(stdout, "bytes:     %s a stored value before (%T %s: values and indices), %s after (%v: codes, parameters and indices)\n",
		perValue(tableBytes(before), nnz), zero, g.Layout(), perValue(tableBytes(after), nnz), s)
	return nil
}

// toLayoutQ converts quantized values to the named layout ("" keeps it)
// with package convert's Q functions, which carry the codes where the
// scheme allows and otherwise re-quantize (the report, nil when carried).
func toLayoutQ[T auto.Float](f *auto.File[T], to string, order []uint32, exact bool) (*auto.File[T], *quant.Report, error) {
	if to == "" || to == f.Layout() && order == nil {
		return f, nil, nil
	}
	opts := convert.QuantOptions{Exact: exact}
	g := &auto.File[T]{Path: f.Path, Format: f.Format}
	var rep *quant.Report
	var err error
	rank := len(f.Shape())
	switch to {
	case "coo":
		switch {
		case f.QMatrix != nil:
			g.QCOO = convert.QMatrixToCOO(f.QMatrix)
		case f.QCSF != nil:
			g.QCOO = convert.QCSFToCOO(f.QCSF)
		}
	case "csr", "csc":
		if rank != 2 {
			return nil, nil, fmt.Errorf("%s: rank %d tensor cannot be %s (rank 2 only)", f.Path, rank, to)
		}
		if major, lim := f.Shape()[map[string]int{"csr": 0, "csc": 1}[to]], maxDense(f.NNZ()); float64(major) > lim {
			return nil, nil, fmt.Errorf("%s: %d %s to compress for %d entries: too many for this command (at most %.0f)", f.Path, major, map[string]string{"csr": "rows", "csc": "columns"}[to], f.NNZ(), lim)
		}
		switch {
		case f.QCOO != nil && to == "csr":
			g.QMatrix, rep, err = convert.QCOOToCSR(f.QCOO, opts)
		case f.QCOO != nil:
			g.QMatrix, rep, err = convert.QCOOToCSC(f.QCOO, opts)
		default: // the other compressed layout
			g.QMatrix, rep, err = convert.QCSRToCSC(f.QMatrix, opts)
		}
	case "csf":
		if rank < 3 {
			return nil, nil, fmt.Errorf("%s: rank %d tensor cannot be csf (rank 3 or more)", f.Path, rank)
		}
		if f.QCOO != nil {
			g.QCSF, rep, err = convert.QCOOToCSF(f.QCOO, order, opts)
		} else {
			g.QCSF, rep, err = convert.QReorder(f.QCSF, order, opts)
		}
	}
	if err != nil {
		return nil, nil, err
	}
	return g, rep, nil
}
