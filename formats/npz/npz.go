package npz

import (
	"archive/zip"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unsafe"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/formats/internal/file"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/layout"
)

// Float is the element type constraint: float32 or float64.
type Float = kernels.Float

// Options tunes the readers.
type Options struct {
	// Name is the file name used in errors ("" for an unnamed stream).
	Name string
	// MaxBytes is the memory budget of one read: every allocation whose
	// size comes from the file (see "Memory budget" in the package doc)
	// counts against it, summed over the whole file, and a read that would
	// need more fails with an error matching formats.ErrTooLarge before
	// the allocation that would pass it. 0 means DefaultMaxBytes of the
	// file's size; a negative value means no budget but the memory itself
	// (the machine's, or GOMEMLIMIT when lower), which also caps a larger
	// positive value.
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
	// AllocBytes is what the read counted against its budget
	// (Options.MaxBytes): the smallest budget that reads the file.
	AllocBytes uint64
	// Scheme is the quantization scheme of a file of quantized values, its
	// full spelling (quant.Scheme.String); "" for float values.
	Scheme string
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
	switch {
	case errors.Is(err, formats.ErrUnsupported):
		e.Kind = formats.ErrUnsupported
	case errors.Is(err, formats.ErrTooLarge):
		e.Kind = formats.ErrTooLarge
	}
	return e
}

type npzReader struct {
	name    string
	size    int64 // the archive's
	b       *budget
	members map[string]*zip.File
	order   []string
}

func (z *npzReader) errf(arr string, format string, args ...any) error {
	return wrapErr(z.name, arr, fmt.Sprintf(format, args...), nil)
}

// printable returns a member name as errors show it: quoted when it holds
// a character that is not printable (a newline would break the one-line
// error).
func printable(name string) string {
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return strconv.Quote(name)
		}
	}
	return name
}

// maxInflate is the most bytes a deflated byte can expand to: a match of
// 258 bytes takes at least two bits (one for its length code, one for its
// distance code).
const maxInflate = 258 * 4

// member is a zip member whose .npy header has been read and checked,
// open at the start of its data.
type member struct {
	name string
	h    *header
	rc   io.ReadCloser
}

// open opens member name (without ".npy") and reads its header. Before
// anything is allocated it checks that the zip entry's declared size is
// what the compressed bytes can hold (stored: as many; deflated: at most
// maxInflate times as many, themselves within the archive) and exactly what
// the header's shape and dtype need, and that the shape has at most most
// elements (0: no bound). The caller closes the member.
func (z *npzReader) open(name string, required bool, most uint64) (*member, error) {
	f, ok := z.members[name]
	if !ok {
		if !required {
			return nil, nil
		}
		names := make([]string, len(z.order))
		for i, n := range z.order {
			names[i] = printable(n)
		}
		return nil, z.errf(name, "missing (members: %s)", strings.Join(names, ", "))
	}
	switch c, u := f.CompressedSize64, f.UncompressedSize64; {
	case f.Method != zip.Store && f.Method != zip.Deflate:
		return nil, wrapErr(z.name, name, fmt.Sprintf("zip compression method %d, want stored (0) or deflated (8) as NumPy writes", f.Method), formats.ErrUnsupported)
	case c > uint64(max(z.size, 0)):
		return nil, z.errf(name, "zip entry of %d compressed bytes in an archive of %d", c, z.size)
	case f.Method == zip.Store && u != c:
		return nil, z.errf(name, "stored zip entry of %d bytes declares %d uncompressed", c, u)
	case u/maxInflate > c:
		return nil, z.errf(name, "zip entry declares %d bytes, more than %d deflated bytes can hold", u, c)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, wrapErr(z.name, name, "cannot open zip member", err)
	}
	m, err := z.header(name, f, rc, most)
	if err != nil {
		rc.Close()
		return nil, err
	}
	return m, nil
}

// header reads and checks the .npy header of member name (see open).
func (z *npzReader) header(name string, f *zip.File, rc io.ReadCloser, most uint64) (*member, error) {
	h, err := readHeader(io.LimitReader(rc, int64(min(f.UncompressedSize64, 1<<62))), z.b, name)
	if errors.Is(err, formats.ErrTooLarge) {
		return nil, err
	}
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
	return &member{name: name, h: h, rc: rc}, nil
}

// read charges and allocates the buffer in which m's data is read and
// decoded into elements of out bytes (bufBytes), and reads the data into
// its start.
func (z *npzReader) read(m *member, out int) ([]uint64, error) {
	need := bufBytes(m.h, out)
	if err := z.b.charge(m.name, "reading", need); err != nil {
		return nil, err
	}
	w := make([]uint64, need/8)
	if err := readFull(m.rc, wordBytes(w)[:m.h.nbytes], m.h); err != nil {
		return nil, wrapErr(z.name, m.name, "bad data", err)
	}
	return w, nil
}

// maxText bounds the string members (the format name).
const maxText = 1024

// format reads the 0-d string member "format".
func (z *npzReader) format() (string, error) { return z.text("format") }

// vector opens a one-dimensional numeric member of one of the given dtype
// kinds.
func (z *npzReader) vector(name string, kinds string, most uint64) (*member, error) {
	m, err := z.open(name, true, most)
	if err != nil {
		return nil, err
	}
	h := m.h
	switch {
	case len(h.shape) != 1:
		err = z.errf(name, "shape %v, want one dimension", h.shape)
	case !strings.ContainsRune(kinds, rune(h.dtype.kind)) || h.dtype.kind == 'U' || h.dtype.kind == 'S':
		if numericKind(h.dtype.kind) {
			// Valid NumPy data SciPy loads (integer or bool values, say),
			// of a kind this package does not read.
			err = wrapErr(z.name, name, fmt.Sprintf("dtype %s is not read here (want %s)", h.dtype.descr, kindNames(kinds)), formats.ErrUnsupported)
		} else {
			err = z.errf(name, "wrong dtype %s", h.dtype.descr)
		}
	}
	if err != nil {
		m.rc.Close()
		return nil, err
	}
	return m, nil
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

// indices reads an integer vector of at most most elements (0: no bound),
// widened to uint64 in the buffer its data is read into.
func (z *npzReader) indices(name string, info *Info, most uint64) ([]uint64, error) {
	m, err := z.vector(name, "iu", most)
	if err != nil {
		return nil, err
	}
	defer m.rc.Close()
	info.IndexDType = m.h.dtype.descr
	w, err := z.read(m, 8)
	if err != nil {
		return nil, err
	}
	v, bad, val := decodeUints(w, m.h)
	if bad >= 0 {
		return nil, z.errf(name, "entry %d is negative (%s)", bad, val)
	}
	return v, nil
}

// values reads a float vector of at most most elements (0: no bound),
// decoded as T in the buffer its data is read into.
func values[T Float](z *npzReader, name string, info *Info, most uint64) ([]T, error) {
	m, err := z.vector(name, "f", most)
	if err != nil {
		return nil, err
	}
	defer m.rc.Close()
	info.DType = m.h.dtype.descr
	w, err := z.read(m, mem.ElemSize[T]())
	if err != nil {
		return nil, err
	}
	v, err := decodeFloats[T](w, m.h)
	if err != nil {
		return nil, z.errf(name, "%v", err)
	}
	return v, nil
}

// Read reads a SciPy save_npz file (csr, csc or coo) or the CSF layout of
// this package from r, which holds size bytes. See the package doc. A file
// of quantized values (with a quant array) is an error matching
// formats.ErrUnsupported: ReadQuantized or ReadAny reads it.
func Read[T Float](r io.ReaderAt, size int64, opts Options) (*Sparse[T], error) {
	z, err := openArchive(r, size, opts)
	if err != nil {
		return nil, err
	}
	if z.quantized() {
		return nil, z.floatOfQuantized()
	}
	return readSparse[T](z)
}

// openArchive opens the zip archive and indexes its .npy members.
func openArchive(r io.ReaderAt, size int64, opts Options) (*npzReader, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, wrapErr(opts.Name, "", "not a zip archive", err)
	}
	z := &npzReader{name: opts.Name, size: size, b: newBudget(opts.Name, opts.MaxBytes, size), members: map[string]*zip.File{}}
	for _, f := range zr.File {
		name, ok := strings.CutSuffix(f.Name, ".npy")
		if !ok {
			continue
		}
		if _, dup := z.members[name]; dup {
			return nil, z.errf(printable(name), "member repeated in the archive")
		}
		z.members[name] = f
		z.order = append(z.order, name)
	}
	return z, nil
}

// readSparse reads the float structure of an opened archive.
func readSparse[T Float](z *npzReader) (*Sparse[T], error) {
	format, err := z.format()
	if err != nil {
		return nil, err
	}
	out := &Sparse[T]{Info: Info{Format: format}}
	shape, err := z.shape(format)
	if err != nil {
		return nil, err
	}
	switch format {
	case "csr", "csc":
		out.Matrix, err = readCompressed[T](z, shape, format == "csc", &out.Info)
	case "coo":
		out.COO, err = readCOO[T](z, shape, &out.Info)
	case "csf":
		out.CSF, err = readCSF[T](z, shape, &out.Info)
	}
	if err != nil {
		return nil, err
	}
	out.Info.AllocBytes = z.b.used
	return out, nil
}

// shape reads the shape array and checks the format name and the rank it
// allows: 2 for csr, csc and coo (SciPy's layouts hold matrices), 3 to 64
// for csf.
func (z *npzReader) shape(format string) ([]uint64, error) {
	switch format {
	case "csr", "csc", "coo", "csf":
	default:
		return nil, wrapErr(z.name, "format", fmt.Sprintf("format %q, want csr, csc, coo or csf", format), formats.ErrUnsupported)
	}
	shape, err := z.indices("shape", &Info{}, layout.MaxRank)
	if err != nil {
		return nil, err
	}
	if format != "csf" && len(shape) != 2 {
		return nil, z.errf("shape", "%d dimensions, want 2 for %s", len(shape), format)
	}
	return shape, nil
}

// ReadFile reads the named .npz file with the default budget
// (DefaultMaxBytes of its size).
func ReadFile[T Float](path string) (*Sparse[T], error) {
	return readFile(path, Read[T])
}

// readFile opens the named file and reads it with read, the file's path
// as its name.
func readFile[R any](path string, read func(r io.ReaderAt, size int64, opts Options) (R, error)) (R, error) {
	f, err := os.Open(path)
	if err != nil {
		var zero R
		return zero, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		var zero R
		return zero, err
	}
	return read(f, st.Size(), Options{Name: path})
}

// Each array is read with the bound its shape or an earlier array gives
// (indptr: the major dimension + 1; indices and data: indptr's last entry;
// COO's col and data: row's length; CSF: pos and crd level by level), so a
// small deflated archive with members far longer than they can be is
// refused before it is inflated, not after.

// compressedIndex reads and checks indptr and indices of a CSR (csc
// false) or CSC array set of that shape: indptr of length major+1 from 0,
// nondecreasing, and as many indices as its last entry. It returns the
// length of the minor dimension with them; the indices' range is left to
// the caller.
func compressedIndex(z *npzReader, shape []uint64, csc bool, info *Info) (minor uint64, ptr, idx []uint64, err error) {
	major, minor := shape[0], shape[1]
	if csc {
		major, minor = minor, major
	}
	if major+1 == 0 {
		return 0, nil, nil, z.errf("shape", "shape %v: the compressed dimension is too large", shape)
	}
	if ptr, err = z.indices("indptr", info, major+1); err != nil {
		return 0, nil, nil, err
	}
	if uint64(len(ptr)) != major+1 {
		return 0, nil, nil, z.errf("indptr", "length %d, want %d (shape %v)", len(ptr), major+1, shape)
	}
	if ptr[0] != 0 {
		return 0, nil, nil, z.errf("indptr", "indptr[0] = %d, want 0", ptr[0])
	}
	for i := 1; i < len(ptr); i++ {
		if ptr[i] < ptr[i-1] {
			return 0, nil, nil, z.errf("indptr", "indptr[%d] = %d is below indptr[%d] = %d", i, ptr[i], i-1, ptr[i-1])
		}
	}
	idx, err = z.exactly("indices", info, ptr[len(ptr)-1], "indptr's last entry")
	if err != nil {
		return 0, nil, nil, err
	}
	return minor, ptr, idx, nil
}

func readCompressed[T Float](z *npzReader, shape []uint64, csc bool, info *Info) (*csr.Matrix[T], error) {
	rows, cols := shape[0], shape[1]
	minor, ptr, idx, err := compressedIndex(z, shape, csc, info)
	if err != nil {
		return nil, err
	}
	nnz := ptr[len(ptr)-1]
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
	if ptr, idx, vals, err = canonicalize(z, ptr, idx, vals, info); err != nil {
		return nil, err
	}
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

// canonicalize sorts the indices of every segment and sums duplicates, in
// place, recording what it did in info. Canonical input is returned
// unchanged. The only allocation is the scratch in which an unsorted
// segment is sorted, as long as the longest one, charged to z's budget.
func canonicalize[T Float](z *npzReader, ptr, idx []uint64, vals []T, info *Info) ([]uint64, []uint64, []T, error) {
	canonical, longest := true, uint64(0)
	for i := 0; i+1 < len(ptr); i++ {
		for k := ptr[i] + 1; k < ptr[i+1]; k++ {
			if idx[k] <= idx[k-1] {
				canonical = false
				if idx[k] < idx[k-1] {
					longest = max(longest, ptr[i+1]-ptr[i])
					break
				}
			}
		}
	}
	if canonical {
		return ptr, idx, vals, nil
	}
	info.Canonicalized = true
	var pairs []pair[T]
	if longest > 0 {
		if err := z.b.charge("indices", "canonicalising", longest*uint64(unsafe.Sizeof(pair[T]{}))); err != nil {
			return nil, nil, nil, err
		}
		pairs = make([]pair[T], longest)
	}
	// The entries kept are written at w, never past the segment being
	// read: compaction only removes entries.
	w, lo := uint64(0), ptr[0]
	for i := 0; i+1 < len(ptr); i++ {
		hi := ptr[i+1]
		if !slices.IsSorted(idx[lo:hi]) {
			info.Unsorted++
			p := pairs[:hi-lo]
			for k := range p {
				p[k] = pair[T]{idx[lo+uint64(k)], vals[lo+uint64(k)]}
			}
			// Stable: duplicates are summed in the file's order.
			slices.SortStableFunc(p, func(a, b pair[T]) int { return cmp.Compare(a.i, b.i) })
			for k := range p {
				idx[lo+uint64(k)], vals[lo+uint64(k)] = p[k].i, p[k].v
			}
		}
		start := w
		for k := lo; k < hi; k++ {
			if w > start && idx[w-1] == idx[k] {
				vals[w-1] += vals[k]
				info.Duplicates++
				continue
			}
			idx[w], vals[w] = idx[k], vals[k]
			w++
		}
		ptr[i+1] = w
		lo = hi
	}
	return ptr, idx[:w], vals[:w], nil
}

// pair is an index and its value, sorted together.
type pair[T Float] struct {
	i uint64
	v T
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
	if err := z.b.charge("", "building the coordinate pairs", 16*uint64(len(vals))); err != nil {
		return nil, err
	}
	if err := z.inShape(row, col, shape); err != nil {
		return nil, err
	}
	t, err := coo.New(shape, interleave(row, col), vals)
	if err != nil {
		return nil, wrapErr(z.name, "", "building the tensor", err)
	}
	return t, nil
}

// inShape checks that every row[k] and col[k] (of equal lengths) lies
// within the matrix shape.
func (z *npzReader) inShape(row, col, shape []uint64) error {
	for k := range row {
		if row[k] >= shape[0] {
			return z.errf("row", "row[%d] = %d is not below %d (shape %v)", k, row[k], shape[0], shape)
		}
		if col[k] >= shape[1] {
			return z.errf("col", "col[%d] = %d is not below %d (shape %v)", k, col[k], shape[1], shape)
		}
	}
	return nil
}

// interleave returns the coordinates row[k], col[k] interleaved, as COO holds
// them.
func interleave(row, col []uint64) []uint64 {
	coords := make([]uint64, 2*len(row))
	for k := range row {
		coords[2*k], coords[2*k+1] = row[k], col[k]
	}
	return coords
}

func readCSF[T Float](z *npzReader, shape []uint64, info *Info) (*csf.Tensor[T], error) {
	order, pos, crd, nodes, err := readLevels(z, shape, info)
	if err != nil {
		return nil, err
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

// readLevels reads a CSF file's mode_order and every level's pos and crd,
// and returns the leaf count.
func readLevels(z *npzReader, shape []uint64, info *Info) (order []uint32, pos, crd [][]uint64, nodes uint64, err error) {
	r := len(shape)
	if r < 3 || r > layout.MaxRank {
		return nil, nil, nil, 0, z.errf("shape", "%d dimensions, want 3..%d for csf", r, layout.MaxRank)
	}
	mo, err := z.indices("mode_order", &Info{}, layout.MaxRank)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	if len(mo) != r {
		return nil, nil, nil, 0, z.errf("mode_order", "length %d, want the rank %d", len(mo), r)
	}
	order = make([]uint32, r)
	for l, m := range mo {
		if m >= uint64(r) {
			return nil, nil, nil, 0, z.errf("mode_order", "mode_order[%d] = %d is not below the rank %d", l, m, r)
		}
		order[l] = uint32(m)
	}
	pos = make([][]uint64, r)
	crd = make([][]uint64, r)
	// Level 0's pos holds 2 entries; level l+1's one per node of level l,
	// plus one; crd_l and the values as many as pos_l's last entry says.
	nodes = 1
	for l := range r {
		if pos[l], err = z.indices(fmt.Sprintf("pos_%d", l), info, nodes+1); err != nil {
			return nil, nil, nil, 0, err
		}
		if len(pos[l]) == 0 {
			return nil, nil, nil, 0, z.errf(fmt.Sprintf("pos_%d", l), "empty")
		}
		nodes = pos[l][len(pos[l])-1]
		if crd[l], err = z.indices(fmt.Sprintf("crd_%d", l), info, max(nodes, 1)); err != nil {
			return nil, nil, nil, 0, err
		}
		nodes = uint64(len(crd[l]))
	}
	return order, pos, crd, nodes, nil
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

func (w *npzWriter) format(f string) error { return w.text("format", f) }

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
	return writeMatrix(out, a, opts, func(w *npzWriter) error { return writeVals(w, "data", a.Values()) })
}

// matrixIndex is what writeMatrix reads of a float or quantized matrix.
type matrixIndex interface {
	Valid() bool
	IsCSC() bool
	Shape() []uint64
	Ptr() []uint64
	Idx() []uint64
}

// writeMatrix writes a's format, shape, indptr and indices, then its
// values with vals.
func writeMatrix(out io.Writer, a matrixIndex, opts WriteOptions, vals func(w *npzWriter) error) error {
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
			w.ints("indices", a.Idx()), vals(w))
	})
}

// WriteCOO writes a rank-2 COO tensor in scipy.sparse.save_npz's layout
// (format 'coo', shape, row, col, data) with int64 indices.
func WriteCOO[T Float](out io.Writer, t *coo.Tensor[T], opts WriteOptions) error {
	return writeCOO(out, t, opts, func(w *npzWriter) error { return writeVals(w, "data", t.Values()) })
}

// cooIndex is what writeCOO reads of a float or quantized COO tensor.
type cooIndex interface {
	Valid() bool
	Rank() int
	NNZ() int
	Coord(i int) []uint64
	Shape() []uint64
}

// writeCOO writes t's format, shape, row and col, then its values with
// vals.
func writeCOO(out io.Writer, t cooIndex, opts WriteOptions, vals func(w *npzWriter) error) error {
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
			w.ints("col", col), vals(w))
	})
}

// WriteCSF writes a CSF tensor in this package's CSF layout: format 'csf',
// shape, mode_order, pos_L and crd_L for every level L (int64), values.
func WriteCSF[T Float](out io.Writer, t *csf.Tensor[T], opts WriteOptions) error {
	return writeCSF(out, t, opts, func(w *npzWriter) error { return writeVals(w, "values", t.Values()) })
}

// csfIndex is what writeCSF reads of a float or quantized CSF tensor.
type csfIndex interface {
	Valid() bool
	Rank() int
	ModeOrder() []uint32
	Shape() []uint64
	Pos(level int) []uint64
	Crd(level int) []uint64
}

// writeCSF writes t's format, shape, mode_order and levels, then its
// values with vals.
func writeCSF(out io.Writer, t csfIndex, opts WriteOptions, vals func(w *npzWriter) error) error {
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
		return cmp.Or(append(errs, vals(w))...)
	})
}

// WriteFile writes whichever of s.COO, s.Matrix and s.CSF is set to the named
// file.
func WriteFile[T Float](path string, s *Sparse[T], opts WriteOptions) error {
	return file.Write(path, func(f io.Writer) error {
		switch {
		case s.Matrix != nil:
			return WriteMatrix(f, s.Matrix, opts)
		case s.COO != nil:
			return WriteCOO(f, s.COO, opts)
		case s.CSF != nil:
			return WriteCSF(f, s.CSF, opts)
		}
		return errNothing
	})
}

var errNothing = errors.New("npz: nothing to write")
