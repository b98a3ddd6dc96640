package npz

import (
	"archive/zip"
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/layout"
)

// Float is the element type constraint: float32 or float64.
type Float = kernels.Float

// Options tunes the readers.
type Options struct {
	// Name is the file name used in errors ("" for an unnamed stream).
	Name string
	// MaxBytes, when positive, caps the data bytes of any one array; a
	// larger array is an error before anything is read. Without it an array
	// is bounded by the bytes actually present: the archive's own size for
	// stored members, about 1032 times the compressed size for deflated
	// ones.
	MaxBytes int64
}

// Info reports what a reader found and what it changed.
type Info struct {
	Format     string // "csr", "csc", "coo" or "csf"
	DType      string // the data array's dtype in the file, e.g. "<f8"
	IndexDType string // the index arrays' dtype, e.g. "<i4"
	// Canonicalized is true when a CSR/CSC input was in SciPy's
	// non-canonical form (indices unsorted within a row/column, or repeated)
	// and was sorted and had its duplicates summed on read.
	Canonicalized bool
	Unsorted      int // rows (CSC: columns) whose indices were not sorted
	Duplicates    int // entries merged into an earlier one with the same index
}

// Sparse is what Read returns: exactly one of COO, Matrix (CSR or CSC) and
// CSF is set, according to Info.Format.
type Sparse[T Float] struct {
	COO    *coo.Tensor[T]
	Matrix *csr.Matrix[T]
	CSF    *csf.Tensor[T]
	Info   Info
}

func wrapErr(file, arr, msg string, err error) error {
	e := &formats.Error{File: file, Array: arr, Msg: msg, Err: err}
	if errors.Is(err, formats.ErrUnsupported) {
		e.Kind = formats.ErrUnsupported
	}
	return e
}

type npzReader struct {
	name    string
	max     int64
	members map[string]*zip.File
	order   []string
}

func (z *npzReader) errf(arr string, format string, args ...any) error {
	return wrapErr(z.name, arr, fmt.Sprintf(format, args...), nil)
}

// array reads member name (without ".npy"). Before allocating it checks that
// the zip entry's declared size is exactly what the header's shape and dtype
// need; the data is then read through an io.LimitReader into a buffer that
// grows as bytes arrive.
func (z *npzReader) array(name string, required bool, most uint64) (*array, error) {
	f, ok := z.members[name]
	if !ok {
		if !required {
			return nil, nil
		}
		return nil, z.errf(name, "missing (members: %s)", strings.Join(z.order, ", "))
	}
	rc, err := f.Open()
	if err != nil {
		return nil, wrapErr(z.name, name, "cannot open zip member", err)
	}
	defer rc.Close()
	h, err := readHeader(io.LimitReader(rc, int64(min(f.UncompressedSize64, 1<<62))))
	if err != nil {
		return nil, wrapErr(z.name, name, "bad header", err)
	}
	if got := f.UncompressedSize64; got < uint64(h.prefix) || got-uint64(h.prefix) != h.nbytes {
		return nil, z.errf(name, "zip entry holds %d bytes after a %d-byte header, but shape %v of %s needs %d", int64(got)-int64(h.prefix), h.prefix, h.shape, h.dtype.descr, h.nbytes)
	}
	if most > 0 && h.count > most {
		return nil, z.errf(name, "shape %v: %d elements, at most %d here", h.shape, h.count, most)
	}
	if (h.dtype.kind == 'U' || h.dtype.kind == 'S') && h.nbytes > maxText {
		return nil, z.errf(name, "a %d-byte string, at most %d here", h.nbytes, maxText)
	}
	// Index arrays widen to 8 bytes an element in memory.
	if mem := max(h.nbytes, min(h.count, math.MaxUint64/8)*8); z.max > 0 && mem > uint64(z.max) {
		return nil, z.errf(name, "shape %v of %s needs %d bytes in memory, over the limit of %d", h.shape, h.dtype.descr, mem, z.max)
	}
	data, err := readData(rc, h)
	if err != nil {
		return nil, wrapErr(z.name, name, "bad data", err)
	}
	return &array{h: h, data: data}, nil
}

// maxText bounds the string members (the format name).
const maxText = 1024

func (z *npzReader) vector(name string, kinds string, most uint64) (*array, error) {
	a, err := z.array(name, true, most)
	if err != nil {
		return nil, err
	}
	if len(a.h.shape) != 1 {
		return nil, z.errf(name, "shape %v, want one dimension", a.h.shape)
	}
	if !strings.ContainsRune(kinds, rune(a.h.dtype.kind)) || a.h.dtype.kind == 'U' || a.h.dtype.kind == 'S' {
		if numericKind(a.h.dtype.kind) {
			// Valid NumPy data SciPy loads (integer or bool values, say),
			// of a kind this package does not read.
			return nil, wrapErr(z.name, name, fmt.Sprintf("dtype %s is not read here (want %s)", a.h.dtype.descr, kindNames(kinds)), formats.ErrUnsupported)
		}
		return nil, z.errf(name, "wrong dtype %s", a.h.dtype.descr)
	}
	if a.h.fortran && len(a.h.shape) > 1 {
		return nil, z.errf(name, "fortran_order is not supported here")
	}
	return a, nil
}

// numericKind reports whether a NumPy dtype kind is a number or a bool.
func numericKind(k byte) bool { return strings.IndexByte("biufc", k) >= 0 }

// kindNames names the dtype kinds a member may have, for errors.
func kindNames(kinds string) string {
	if kinds == "f" {
		return "float32 or float64 values"
	}
	return "integer indices"
}

// exactly reads an integer vector that must hold n elements, as what says.
func (z *npzReader) exactly(name string, info *Info, n uint64, what string) ([]uint64, error) {
	v, err := z.indices(name, info, max(n, 1))
	if err == nil && uint64(len(v)) != n {
		return nil, z.errf(name, "length %d, want %d (%s)", len(v), n, what)
	}
	return v, err
}

// indices reads an integer vector of at most most elements (0: no bound).
func (z *npzReader) indices(name string, info *Info, most uint64) ([]uint64, error) {
	a, err := z.vector(name, "iu", most)
	if err != nil {
		return nil, err
	}
	info.IndexDType = a.h.dtype.descr
	v, bad, val := a.uints()
	if bad >= 0 {
		return nil, z.errf(name, "entry %d is negative (%s)", bad, val)
	}
	return v, nil
}

// values reads a float vector of at most most elements (0: no bound).
func values[T Float](z *npzReader, name string, info *Info, most uint64) ([]T, error) {
	a, err := z.vector(name, "f", most)
	if err != nil {
		return nil, err
	}
	info.DType = a.h.dtype.descr
	v, err := convertFloats[T](a)
	if err != nil {
		return nil, z.errf(name, "%v", err)
	}
	return v, nil
}

// Read reads a SciPy save_npz file (csr, csc or coo) or the CSF layout of
// this package from r, which holds size bytes. See the package doc.
func Read[T Float](r io.ReaderAt, size int64, opts Options) (*Sparse[T], error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, wrapErr(opts.Name, "", "not a zip archive", err)
	}
	z := &npzReader{name: opts.Name, max: opts.MaxBytes, members: map[string]*zip.File{}}
	for _, f := range zr.File {
		name, ok := strings.CutSuffix(f.Name, ".npy")
		if !ok {
			continue
		}
		if _, dup := z.members[name]; dup {
			return nil, z.errf(name, "member repeated in the archive")
		}
		z.members[name] = f
		z.order = append(z.order, name)
	}
	fa, err := z.array("format", true, 1)
	if err != nil {
		return nil, err
	}
	if (fa.h.dtype.kind != 'U' && fa.h.dtype.kind != 'S') || len(fa.h.shape) != 0 {
		return nil, z.errf("format", "dtype %s shape %v, want a 0-d string (e.g. '<U3')", fa.h.dtype.descr, fa.h.shape)
	}
	format := fa.text()
	out := &Sparse[T]{Info: Info{Format: format}}
	shape, err := z.indices("shape", &Info{}, layout.MaxRank)
	if err != nil {
		return nil, err
	}
	switch format {
	case "csr", "csc":
		if len(shape) != 2 {
			return nil, z.errf("shape", "%d dimensions, want 2 for %s", len(shape), format)
		}
		out.Matrix, err = readCompressed[T](z, shape, format == "csc", &out.Info)
	case "coo":
		if len(shape) != 2 {
			return nil, z.errf("shape", "%d dimensions, want 2 for coo", len(shape))
		}
		out.COO, err = readCOO[T](z, shape, &out.Info)
	case "csf":
		out.CSF, err = readCSF[T](z, shape, &out.Info)
	default:
		return nil, wrapErr(opts.Name, "format", fmt.Sprintf("format %q, want csr, csc, coo or csf", format), formats.ErrUnsupported)
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ReadFile reads the named .npz file.
func ReadFile[T Float](path string) (*Sparse[T], error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return Read[T](f, st.Size(), Options{Name: path})
}

// Each array is read with the bound its shape or an earlier array gives
// (indptr: the major dimension + 1; indices and data: indptr's last entry;
// COO's col and data: row's length; CSF: pos and crd level by level), so a
// small deflated archive with members far longer than they can be is
// refused before it is inflated, not after (three 512 MiB members of a
// 1.5 MB file took 7.6 GiB).
func readCompressed[T Float](z *npzReader, shape []uint64, csc bool, info *Info) (*csr.Matrix[T], error) {
	rows, cols := shape[0], shape[1]
	major, minor := rows, cols
	if csc {
		major, minor = cols, rows
	}
	if major+1 == 0 {
		return nil, z.errf("shape", "shape %v: the compressed dimension is too large", shape)
	}
	ptr, err := z.indices("indptr", info, major+1)
	if err != nil {
		return nil, err
	}
	if uint64(len(ptr)) != major+1 {
		return nil, z.errf("indptr", "length %d, want %d (shape %v)", len(ptr), major+1, shape)
	}
	if ptr[0] != 0 {
		return nil, z.errf("indptr", "indptr[0] = %d, want 0", ptr[0])
	}
	for i := 1; i < len(ptr); i++ {
		if ptr[i] < ptr[i-1] {
			return nil, z.errf("indptr", "indptr[%d] = %d is below indptr[%d] = %d", i, ptr[i], i-1, ptr[i-1])
		}
	}
	nnz := ptr[len(ptr)-1]
	idx, err := z.exactly("indices", info, nnz, "indptr's last entry")
	if err != nil {
		return nil, err
	}
	vals, err := values[T](z, "data", info, max(nnz, 1))
	if err != nil {
		return nil, err
	}
	if len(idx) != len(vals) {
		return nil, z.errf("indices", "length %d, but data has %d", len(idx), len(vals))
	}
	for k, j := range idx {
		if j >= minor {
			return nil, z.errf("indices", "indices[%d] = %d is not below %d (shape %v)", k, j, minor, shape)
		}
	}
	ptr, idx, vals = canonicalize(ptr, idx, vals, info)
	var m *csr.Matrix[T]
	if csc {
		m, err = csr.NewCSC(rows, cols, ptr, idx, vals)
	} else {
		m, err = csr.New(rows, cols, ptr, idx, vals)
	}
	if err != nil {
		return nil, wrapErr(z.name, "", "building the matrix", err)
	}
	return m, nil
}

// canonicalize sorts the indices of every segment and sums duplicates,
// recording what it did in info. Canonical input is returned unchanged.
func canonicalize[T Float](ptr, idx []uint64, vals []T, info *Info) ([]uint64, []uint64, []T) {
	canonical := true
	for i := 0; i+1 < len(ptr) && canonical; i++ {
		for k := ptr[i] + 1; k < ptr[i+1]; k++ {
			if idx[k] <= idx[k-1] {
				canonical = false
				break
			}
		}
	}
	if canonical {
		return ptr, idx, vals
	}
	info.Canonicalized = true
	nptr := make([]uint64, len(ptr))
	nidx := make([]uint64, 0, len(idx))
	nvals := make([]T, 0, len(vals))
	var perm []int
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := int(ptr[i]), int(ptr[i+1])
		perm = perm[:0]
		sorted := true
		for k := lo; k < hi; k++ {
			perm = append(perm, k)
			if k > lo && idx[k] < idx[k-1] {
				sorted = false
			}
		}
		if !sorted {
			info.Unsorted++
			slices.SortStableFunc(perm, func(a, b int) int { return cmp.Compare(idx[a], idx[b]) })
		}
		start := len(nidx)
		for _, k := range perm {
			if len(nidx) > start && nidx[len(nidx)-1] == idx[k] {
				nvals[len(nvals)-1] += vals[k]
				info.Duplicates++
				continue
			}
			nidx = append(nidx, idx[k])
			nvals = append(nvals, vals[k])
		}
		nptr[i+1] = uint64(len(nidx))
	}
	return nptr, nidx, nvals
}

func readCOO[T Float](z *npzReader, shape []uint64, info *Info) (*coo.Tensor[T], error) {
	row, err := z.indices("row", info, 0)
	if err != nil {
		return nil, err
	}
	n := uint64(len(row))
	col, err := z.indices("col", info, max(n, 1))
	if err != nil {
		return nil, err
	}
	vals, err := values[T](z, "data", info, max(n, 1))
	if err != nil {
		return nil, err
	}
	if len(row) != len(vals) || len(col) != len(vals) {
		return nil, z.errf("row", "row has %d entries, col %d, data %d: want equal lengths", len(row), len(col), len(vals))
	}
	coords := make([]uint64, 2*len(vals))
	for k := range vals {
		if row[k] >= shape[0] {
			return nil, z.errf("row", "row[%d] = %d is not below %d (shape %v)", k, row[k], shape[0], shape)
		}
		if col[k] >= shape[1] {
			return nil, z.errf("col", "col[%d] = %d is not below %d (shape %v)", k, col[k], shape[1], shape)
		}
		coords[2*k], coords[2*k+1] = row[k], col[k]
	}
	t, err := coo.New(shape, coords, vals)
	if err != nil {
		return nil, wrapErr(z.name, "", "building the tensor", err)
	}
	return t, nil
}

func readCSF[T Float](z *npzReader, shape []uint64, info *Info) (*csf.Tensor[T], error) {
	r := len(shape)
	if r < 3 || r > layout.MaxRank {
		return nil, z.errf("shape", "%d dimensions, want 3..%d for csf", r, layout.MaxRank)
	}
	mo, err := z.indices("mode_order", &Info{}, layout.MaxRank)
	if err != nil {
		return nil, err
	}
	if len(mo) != r {
		return nil, z.errf("mode_order", "length %d, want the rank %d", len(mo), r)
	}
	order := make([]uint32, r)
	for l, m := range mo {
		if m >= uint64(r) {
			return nil, z.errf("mode_order", "mode_order[%d] = %d is not below the rank %d", l, m, r)
		}
		order[l] = uint32(m)
	}
	pos := make([][]uint64, r)
	crd := make([][]uint64, r)
	// Level 0's pos holds 2 entries; level l+1's one per node of level l,
	// plus one; crd_l and the values as many as pos_l's last entry says.
	nodes := uint64(1)
	for l := range r {
		if pos[l], err = z.indices(fmt.Sprintf("pos_%d", l), info, nodes+1); err != nil {
			return nil, err
		}
		if len(pos[l]) == 0 {
			return nil, z.errf(fmt.Sprintf("pos_%d", l), "empty")
		}
		nodes = pos[l][len(pos[l])-1]
		if crd[l], err = z.indices(fmt.Sprintf("crd_%d", l), info, max(nodes, 1)); err != nil {
			return nil, err
		}
		nodes = uint64(len(crd[l]))
	}
	vals, err := values[T](z, "values", info, max(nodes, 1))
	if err != nil {
		return nil, err
	}
	t, err := csf.New(shape, order, pos, crd, vals)
	if err != nil {
		return nil, wrapErr(z.name, "", "building the tensor", err)
	}
	return t, nil
}

// WriteOptions tunes the writers.
type WriteOptions struct {
	// Compress deflates every member, as scipy.sparse.save_npz does by
	// default; the zero value stores them uncompressed (faster).
	Compress bool
}

type npzWriter struct {
	zw   *zip.Writer
	opts WriteOptions
}

func (w *npzWriter) member(name string) (io.Writer, error) {
	m := zip.Store
	if w.opts.Compress {
		m = zip.Deflate
	}
	return w.zw.CreateHeader(&zip.FileHeader{Name: name + ".npy", Method: m})
}

func (w *npzWriter) format(f string) error {
	mw, err := w.member("format")
	if err != nil {
		return err
	}
	if err := writeHeader(mw, fmt.Sprintf("<U%d", len(f)), nil); err != nil {
		return err
	}
	b := make([]byte, 4*len(f))
	for i := range len(f) {
		b[4*i] = f[i]
	}
	_, err = mw.Write(b)
	return err
}

func (w *npzWriter) ints(name string, v []uint64) error {
	mw, err := w.member(name)
	if err != nil {
		return err
	}
	if err := writeHeader(mw, "<i8", []uint64{uint64(len(v))}); err != nil {
		return err
	}
	return writeInt64s(mw, name, v)
}

func writeVals[T Float](w *npzWriter, name string, v []T) error {
	mw, err := w.member(name)
	if err != nil {
		return err
	}
	if err := writeHeader(mw, floatDescr[T](), []uint64{uint64(len(v))}); err != nil {
		return err
	}
	return writeFloats(mw, v)
}

func write(out io.Writer, opts WriteOptions, f func(w *npzWriter) error) error {
	w := &npzWriter{zw: zip.NewWriter(out), opts: opts}
	if err := f(w); err != nil {
		return err
	}
	return w.zw.Close()
}

// WriteMatrix writes a CSR or CSC matrix in scipy.sparse.save_npz's layout
// (format 'csr' or 'csc', shape, indptr, indices, data) with int64 indices.
func WriteMatrix[T Float](out io.Writer, a *csr.Matrix[T], opts WriteOptions) error {
	if !a.Valid() {
		return fmt.Errorf("npz: %w", layout.ErrUnvalidated)
	}
	format := "csr"
	if a.IsCSC() {
		format = "csc"
	}
	return write(out, opts, func(w *npzWriter) error {
		// The first error only: every later member would repeat it.
		return cmp.Or(w.format(format), w.ints("shape", a.Shape()), w.ints("indptr", a.Ptr()),
			w.ints("indices", a.Idx()), writeVals(w, "data", a.Values()))
	})
}

// WriteCOO writes a rank-2 COO tensor in scipy.sparse.save_npz's layout
// (format 'coo', shape, row, col, data) with int64 indices.
func WriteCOO[T Float](out io.Writer, t *coo.Tensor[T], opts WriteOptions) error {
	if !t.Valid() {
		return fmt.Errorf("npz: %w", layout.ErrUnvalidated)
	}
	if t.Rank() != 2 {
		return fmt.Errorf("npz: rank %d COO: the SciPy layout holds matrices (rank 2)", t.Rank())
	}
	n := t.NNZ()
	row, col := make([]uint64, n), make([]uint64, n)
	for k := range n {
		c := t.Coord(k)
		row[k], col[k] = c[0], c[1]
	}
	return write(out, opts, func(w *npzWriter) error {
		return cmp.Or(w.format("coo"), w.ints("shape", t.Shape()), w.ints("row", row),
			w.ints("col", col), writeVals(w, "data", t.Values()))
	})
}

// WriteCSF writes a CSF tensor in this package's CSF layout: format 'csf',
// shape, mode_order, pos_L and crd_L for every level L (int64), values.
func WriteCSF[T Float](out io.Writer, t *csf.Tensor[T], opts WriteOptions) error {
	if !t.Valid() {
		return fmt.Errorf("npz: %w", layout.ErrUnvalidated)
	}
	mo := make([]uint64, t.Rank())
	for l, m := range t.ModeOrder() {
		mo[l] = uint64(m)
	}
	return write(out, opts, func(w *npzWriter) error {
		errs := []error{w.format("csf"), w.ints("shape", t.Shape()), w.ints("mode_order", mo)}
		for l := range t.Rank() {
			errs = append(errs, w.ints(fmt.Sprintf("pos_%d", l), t.Pos(l)), w.ints(fmt.Sprintf("crd_%d", l), t.Crd(l)))
		}
		errs = append(errs, writeVals(w, "values", t.Values()))
		return cmp.Or(errs...)
	})
}

// WriteFile writes whichever of s.COO, s.Matrix and s.CSF is set to the named
// file.
func WriteFile[T Float](path string, s *Sparse[T], opts WriteOptions) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	switch {
	case s.Matrix != nil:
		err = WriteMatrix(f, s.Matrix, opts)
	case s.COO != nil:
		err = WriteCOO(f, s.COO, opts)
	case s.CSF != nil:
		err = WriteCSF(f, s.CSF, opts)
	default:
		err = errors.New("npz: nothing to write")
	}
	return errors.Join(err, f.Close())
}
