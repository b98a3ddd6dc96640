package npz

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/formats/internal/file"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// Quantized is what ReadQuantized returns: exactly one of COO, Matrix (CSR
// or CSC) and CSF is set, according to Info.Format, and Info.Scheme names
// the scheme.
type Quantized struct {
	COO    *coo.Quantized
	Matrix *csr.Quantized
	CSF    *csf.Quantized
	Info   Info
}

// quantized reports whether the archive holds quantized values: a quant
// array.
func (z *npzReader) quantized() bool {
	_, ok := z.members["quant"]
	return ok
}

// floatOfQuantized is Read's error for a quantized file.
func (z *npzReader) floatOfQuantized() error {
	s, err := z.text("quant")
	if err != nil {
		return err
	}
	return wrapErr(z.name, "quant", fmt.Sprintf("quantized values (scheme %q), which Read does not read (ReadQuantized and ReadAny do)", s), formats.ErrUnsupported)
}

// ReadQuantized reads a file of quantized values (see the package doc's
// "Quantized values") from r, which holds size bytes. A file without a quant
// array is an error matching formats.ErrUnsupported (Read reads it), and an
// unknown scheme too; every other broken rule is an error matching
// formats.ErrMalformed naming the file, the array and the index and value
// where it broke.
func ReadQuantized(r io.ReaderAt, size int64, opts Options) (*Quantized, error) {
	z, err := openArchive(r, size, opts)
	if err != nil {
		return nil, err
	}
	if !z.quantized() {
		return nil, wrapErr(z.name, "quant", "missing: the values are not quantized (Read or ReadAny reads the file)", formats.ErrUnsupported)
	}
	return readQuantized(z)
}

// ReadAny reads a file of float values (as Read, into the first result) or
// of quantized values (as ReadQuantized, into the second): exactly one
// result is set when the error is nil.
func ReadAny[T Float](r io.ReaderAt, size int64, opts Options) (*Sparse[T], *Quantized, error) {
	z, err := openArchive(r, size, opts)
	if err != nil {
		return nil, nil, err
	}
	if z.quantized() {
		q, err := readQuantized(z)
		return nil, q, err
	}
	s, err := readSparse[T](z)
	return s, nil, err
}

// ReadQuantizedFile reads the named quantized .npz file with the default
// budget (DefaultMaxBytes of its size).
func ReadQuantizedFile(path string) (*Quantized, error) {
	return readFile(path, ReadQuantized)
}

// text reads a 0-d string member (format, quant).
func (z *npzReader) text(name string) (string, error) {
	m, err := z.open(name, true, 1)
	if err != nil {
		return "", err
	}
	defer m.rc.Close()
	h := m.h
	if (h.dtype.kind != 'U' && h.dtype.kind != 'S') || len(h.shape) != 0 {
		return "", z.errf(name, "dtype %s shape %v, want a 0-d string (e.g. '<U3')", h.dtype.descr, h.shape)
	}
	// The data, then the string decoded from it.
	if err := z.b.charge(name, "reading", 2*h.nbytes); err != nil {
		return "", err
	}
	data := make([]byte, h.nbytes)
	if err := readFull(m.rc, data, h); err != nil {
		return "", wrapErr(z.name, name, "bad data", err)
	}
	return text(h, data), nil
}

// scheme reads the quant array and the names of the parameter arrays: as
// many quant_k as the scheme has parameter buffers, and no other.
func (z *npzReader) scheme() (quant.Scheme, error) {
	sp, err := z.text("quant")
	if err != nil {
		return quant.Scheme{}, err
	}
	s, err := quant.Parse(sp)
	if err != nil {
		kind := formats.ErrMalformed
		if errors.Is(err, layout.ErrUnsupported) {
			kind = formats.ErrUnsupported
		}
		return quant.Scheme{}, &formats.Error{File: z.name, Array: "quant", Msg: "scheme " + strconv.Quote(sp), Err: err, Kind: kind}
	}
	for _, name := range z.order {
		k, ok := strings.CutPrefix(name, "quant_")
		if !ok {
			continue
		}
		if i, err := strconv.Atoi(k); err != nil || i < 0 || i >= s.ParamCount() || strconv.Itoa(i) != k {
			return quant.Scheme{}, z.errf(printable(name), "not a parameter array of %v, which has %d (quant_0 to quant_%d)", s, s.ParamCount(), s.ParamCount()-1)
		}
	}
	return s, nil
}

// codes reads the array of codes (data, or CSF's values) of n values of
// scheme s: one-byte integers, CodeBytes(n) of them.
func (z *npzReader) codes(name string, s quant.Scheme, n uint64, info *Info) ([]byte, error) {
	want := uint64(n)
	if s.CodeBits() == 4 {
		want = n/2 + n%2
	}
	// No bound from open: the count is checked against want below, from
	// the header, before the data is read.
	m, err := z.vector(name, "iu", 0)
	if err != nil {
		return nil, err
	}
	defer m.rc.Close()
	switch d := m.h.dtype.descr; d {
	case "|i1", "<i1", "|u1", "<u1":
	default:
		return nil, z.errf(name, "dtype %s, want one-byte codes (|i1 or |u1) for %v", d, s)
	}
	info.DType = m.h.dtype.descr
	if m.h.count != want {
		return nil, z.errf(name, "length %d, want %d (%d values of %d bits)", m.h.count, want, n, s.CodeBits())
	}
	w, err := z.read(m, 1)
	if err != nil {
		return nil, err
	}
	return wordBytes(w)[:m.h.count:m.h.count], nil
}

// params reads the parameter arrays quant_0, quant_1, ... of n values of
// scheme s for shape: each one element a group, float32 as <f4, zero points
// and E8M0 scales as |u1.
func (z *npzReader) params(s quant.Scheme, shape []uint64, n int, codes []byte) (quant.Values, error) {
	groups, err := s.Groups(shape, n)
	if err != nil {
		return quant.Values{}, z.errf("quant", "%v", err)
	}
	v := quant.Values{Scheme: s, N: n, Codes: codes}
	for i := range s.ParamCount() {
		p := s.Param(i)
		name := fmt.Sprintf("quant_%d", i)
		m, err := z.vector(name, "fiu", 0) // the count is checked below, before the data is read
		if err != nil {
			return quant.Values{}, err
		}
		want := "|u1"
		if p.Type == quant.ParamFloat32 {
			want = "<f4"
		}
		d := m.h.dtype.descr
		if d != want && !(want == "|u1" && d == "<u1") {
			m.rc.Close()
			return quant.Values{}, z.errf(name, "dtype %s, want %s (%s %s of %v)", d, want, p.Type, p.Name, s)
		}
		if m.h.count != uint64(groups) {
			m.rc.Close()
			return quant.Values{}, z.errf(name, "length %d, want %d (one %s a group of %v)", m.h.count, groups, p.Name, s)
		}
		size := 1
		if p.Type == quant.ParamFloat32 {
			size = 4
		}
		w, err := z.read(m, size)
		m.rc.Close()
		if err != nil {
			return quant.Values{}, err
		}
		switch p.Type {
		case quant.ParamFloat32:
			f, err := decodeFloats[float32](w, m.h)
			if err != nil {
				return quant.Values{}, z.errf(name, "%v", err)
			}
			v.Scale = f
		case quant.ParamUint8:
			v.Zero = wordBytes(w)[:groups:groups]
		default:
			v.Exp = wordBytes(w)[:groups:groups]
		}
	}
	return v, nil
}

// checkValues validates v (quant.Values.Validate) and names the array of
// a failure: the codes array, quant_k for parameter buffer first+k, or
// quant for the scheme.
func (z *npzReader) checkValues(v *quant.Values, shape []uint64, tag layout.Tag, first int, codesName string) error {
	err := v.Validate(shape, quant.Loc{Layout: tag, First: first})
	if err == nil {
		return nil
	}
	arr := "quant"
	var ve *layout.ValidationError
	if errors.As(err, &ve) {
		var b int
		if _, serr := fmt.Sscanf(ve.Field, "buffer %d", &b); serr == nil {
			if b == 0 {
				arr = codesName
			} else {
				arr = fmt.Sprintf("quant_%d", b-first)
			}
		}
	}
	return wrapErr(z.name, arr, "invalid", err)
}

// readQuantized reads the quantized structure of an opened archive.
//
// Twin of readSparse in npz.go (as WriteQuantizedFile is of WriteFile):
// kept separate because each dispatches on the format to functions of its
// own value types, and a generic over the six would only rename them.
func readQuantized(z *npzReader) (*Quantized, error) {
	format, err := z.format()
	if err != nil {
		return nil, err
	}
	s, err := z.scheme()
	if err != nil {
		return nil, err
	}
	out := &Quantized{Info: Info{Format: format, Scheme: s.String()}}
	shape, err := z.shape(format)
	if err != nil {
		return nil, err
	}
	switch format {
	case "csr", "csc":
		out.Matrix, err = readQuantizedMatrix(z, s, shape, format == "csc", &out.Info)
	case "coo":
		out.COO, err = readQuantizedCOO(z, s, shape, &out.Info)
	case "csf":
		out.CSF, err = readQuantizedCSF(z, s, shape, &out.Info)
	}
	if err != nil {
		return nil, err
	}
	out.Info.AllocBytes = z.b.used
	return out, nil
}

// The readers of the layouts read each array with the bound the shape or
// an earlier array gives, as the float readers do, and check the index
// arrays themselves so that errors name them. A quantized file must be
// canonical: a row's (column's) indices strictly increase, since summing
// or reordering codes on read would change them.

func readQuantizedMatrix(z *npzReader, s quant.Scheme, shape []uint64, csc bool, info *Info) (*csr.Quantized, error) {
	rows, cols := shape[0], shape[1]
	tag := layout.TagCSR
	if csc {
		tag = layout.TagCSC
	}
	minor, ptr, idx, err := compressedIndex(z, shape, csc, info)
	if err != nil {
		return nil, err
	}
	nnz := ptr[len(ptr)-1]
	for i := 0; i+1 < len(ptr); i++ {
		for k := ptr[i]; k < ptr[i+1]; k++ {
			if idx[k] >= minor {
				return nil, z.errf("indices", "indices[%d] = %d is not below %d (shape %v)", k, idx[k], minor, shape)
			}
			if k > ptr[i] && idx[k] <= idx[k-1] {
				return nil, z.errf("indices", "indices[%d] = %d follows %d in the same row or column: a quantized file must be canonical (indices strictly increasing)", k, idx[k], idx[k-1])
			}
		}
	}
	codes, err := z.codes("data", s, nnz, info)
	if err != nil {
		return nil, err
	}
	v, err := z.params(s, shape, len(idx), codes)
	if err != nil {
		return nil, err
	}
	if err := z.checkValues(&v, shape, tag, 3, "data"); err != nil {
		return nil, err
	}
	var q *csr.Quantized
	if csc {
		q, err = csr.NewQuantizedCSC(rows, cols, ptr, idx, v)
	} else {
		q, err = csr.NewQuantized(rows, cols, ptr, idx, v)
	}
	if err != nil {
		return nil, wrapErr(z.name, "", "building the matrix", err)
	}
	return q, nil
}

func readQuantizedCOO(z *npzReader, s quant.Scheme, shape []uint64, info *Info) (*coo.Quantized, error) {
	row, err := z.indices("row", info, 0)
	if err != nil {
		return nil, err
	}
	n := uint64(len(row))
	col, err := z.exactly("col", info, n, "row's length")
	if err != nil {
		return nil, err
	}
	if err := z.inShape(row, col, shape); err != nil {
		return nil, err
	}
	codes, err := z.codes("data", s, n, info)
	if err != nil {
		return nil, err
	}
	v, err := z.params(s, shape, len(row), codes)
	if err != nil {
		return nil, err
	}
	if err := z.checkValues(&v, shape, layout.TagCOO, 2, "data"); err != nil {
		return nil, err
	}
	if err := z.b.charge("", "building the coordinate pairs", 16*n); err != nil {
		return nil, err
	}
	t, err := coo.NewQuantized(shape, interleave(row, col), v)
	if err != nil {
		return nil, wrapErr(z.name, "", "building the tensor", err)
	}
	return t, nil
}

func readQuantizedCSF(z *npzReader, s quant.Scheme, shape []uint64, info *Info) (*csf.Quantized, error) {
	order, pos, crd, nodes, err := readLevels(z, shape, info)
	if err != nil {
		return nil, err
	}
	codes, err := z.codes("values", s, nodes, info)
	if err != nil {
		return nil, err
	}
	v, err := z.params(s, shape, int(nodes), codes)
	if err != nil {
		return nil, err
	}
	if err := z.checkValues(&v, shape, layout.TagCSF, 2*len(shape)+1, "values"); err != nil {
		return nil, err
	}
	t, err := csf.NewQuantized(shape, order, pos, crd, v)
	if err != nil {
		return nil, wrapErr(z.name, "", "building the tensor", err)
	}
	return t, nil
}

// bytes writes a one-dimensional array of one-byte elements.
func (w *npzWriter) bytes(name, descr string, b []byte) error {
	mw, err := w.member(name)
	if err != nil {
		return err
	}
	if err := writeHeader(mw, descr, []uint64{uint64(len(b))}); err != nil {
		return err
	}
	_, err = mw.Write(b)
	return err
}

// text writes a 0-d '<U<n>' string member.
func (w *npzWriter) text(name, s string) error {
	mw, err := w.member(name)
	if err != nil {
		return err
	}
	if err := writeHeader(mw, fmt.Sprintf("<U%d", len(s)), nil); err != nil {
		return err
	}
	b := make([]byte, 4*len(s))
	for i := range len(s) {
		b[4*i] = s[i]
	}
	_, err = mw.Write(b)
	return err
}

// values writes the codes array (|i1 for int8 codes, |u1 for the others),
// quant with the scheme's full spelling and quant_0, quant_1, ... in table
// order (float32 as <f4, zero points and E8M0 scales as |u1).
func (w *npzWriter) values(codesName string, v quant.Values) error {
	descr := "|u1"
	if v.Scheme.Kind() == quant.Int8 {
		descr = "|i1"
	}
	errs := []error{w.bytes(codesName, descr, v.Codes), w.text("quant", v.Scheme.String())}
	for i := range v.Scheme.ParamCount() {
		name := fmt.Sprintf("quant_%d", i)
		switch v.Scheme.Param(i).Type {
		case quant.ParamFloat32:
			errs = append(errs, writeVals(w, name, v.Scale))
		case quant.ParamUint8:
			errs = append(errs, w.bytes(name, "|u1", v.Zero))
		default:
			errs = append(errs, w.bytes(name, "|u1", v.Exp))
		}
	}
	return cmp.Or(errs...)
}

// WriteQuantizedMatrix writes a quantized CSR or CSC matrix: SciPy's layout
// (format, shape, indptr, indices as int64) with data holding the codes,
// then quant and the parameter arrays (see the package doc).
func WriteQuantizedMatrix(out io.Writer, a *csr.Quantized, opts WriteOptions) error {
	return writeMatrix(out, a, opts, func(w *npzWriter) error { return w.values("data", a.Values()) })
}

// WriteQuantizedCOO writes a rank-2 quantized COO tensor: SciPy's layout
// (format 'coo', shape, row, col) with data holding the codes, then quant
// and the parameter arrays.
func WriteQuantizedCOO(out io.Writer, t *coo.Quantized, opts WriteOptions) error {
	return writeCOO(out, t, opts, func(w *npzWriter) error { return w.values("data", t.Values()) })
}

// WriteQuantizedCSF writes a quantized CSF tensor in this package's CSF
// layout with values holding the codes, then quant and the parameter
// arrays.
func WriteQuantizedCSF(out io.Writer, t *csf.Quantized, opts WriteOptions) error {
	return writeCSF(out, t, opts, func(w *npzWriter) error { return w.values("values", t.Values()) })
}

// WriteQuantizedFile writes whichever of q.COO, q.Matrix and q.CSF is set
// to the named file.
func WriteQuantizedFile(path string, q *Quantized, opts WriteOptions) error {
	return file.Write(path, func(f io.Writer) error {
		switch {
		case q.Matrix != nil:
			return WriteQuantizedMatrix(f, q.Matrix, opts)
		case q.COO != nil:
			return WriteQuantizedCOO(f, q.COO, opts)
		case q.CSF != nil:
			return WriteQuantizedCSF(f, q.CSF, opts)
		}
		return errNothing
	})
}
