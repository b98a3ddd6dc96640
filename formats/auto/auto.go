package auto

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats/mtx"
	"github.com/hurray-format/hurray-go/formats/npz"
	"github.com/hurray-format/hurray-go/formats/tns"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/quant"
)

// Float is the element type constraint: float32 or float64.
type Float = kernels.Float

// File is what Read returns: exactly one of COO, Matrix (CSR or CSC), CSF,
// Dense and, for a file of quantized values read with Options.Quantized,
// QCOO, QMatrix and QCSF is set.
type File[T Float] struct {
	Path   string
	Format string // "tns", "mtx", "npz" or "npy"
	// Detail describes the file's own header: "coordinate real symmetric",
	// "csr data <f8 indices <i4", "with rank/dimensions header" for a .tns
	// that has one, ...
	Detail string
	// Notes lists what the reader changed: symmetric expansion,
	// canonicalisation of a non-canonical SciPy matrix.
	Notes []string

	COO        *coo.Tensor[T]
	Matrix     *csr.Matrix[T]
	CSF        *csf.Tensor[T]
	Dense      []T
	DenseShape []uint64

	// Quantized values (an .npz file with a quant array, formats/npz's
	// "Quantized values"): they compute in float32 whatever T is.
	QCOO    *coo.Quantized
	QMatrix *csr.Quantized
	QCSF    *csf.Quantized
}

// Quantized reports whether f holds quantized values.
func (f *File[T]) Quantized() bool { return f.QCOO != nil || f.QMatrix != nil || f.QCSF != nil }

// Scheme returns the quantization scheme of quantized values, and the zero
// Scheme for float ones.
func (f *File[T]) Scheme() quant.Scheme {
	switch {
	case f.QCOO != nil:
		return f.QCOO.Scheme()
	case f.QMatrix != nil:
		return f.QMatrix.Scheme()
	case f.QCSF != nil:
		return f.QCSF.Scheme()
	}
	return quant.Scheme{}
}

// Dequantize returns f with its quantized values dequantized into the float
// structure of the same layout (coo.Dequantize, csr.Dequantize,
// csf.Dequantize, whose copies of the index it holds), and f itself when it
// holds float values.
func (f *File[T]) Dequantize() *File[T] {
	if !f.Quantized() {
		return f
	}
	g := &File[T]{Path: f.Path, Format: f.Format, Detail: f.Detail, Notes: f.Notes}
	switch {
	case f.QCOO != nil:
		g.COO = coo.Dequantize[T](f.QCOO)
	case f.QMatrix != nil:
		g.Matrix = csr.Dequantize[T](f.QMatrix)
	default:
		g.CSF = csf.Dequantize[T](f.QCSF)
	}
	return g
}

// Layout names the layout that is set: "coo", "csr", "csc", "csf" or
// "dense".
func (f *File[T]) Layout() string {
	switch {
	case f.COO != nil, f.QCOO != nil:
		return "coo"
	case f.Matrix != nil && f.Matrix.IsCSC(), f.QMatrix != nil && f.QMatrix.IsCSC():
		return "csc"
	case f.Matrix != nil, f.QMatrix != nil:
		return "csr"
	case f.CSF != nil, f.QCSF != nil:
		return "csf"
	}
	return "dense"
}

// Shape returns the shape of whatever is set.
func (f *File[T]) Shape() []uint64 {
	switch {
	case f.COO != nil:
		return f.COO.Shape()
	case f.Matrix != nil:
		return f.Matrix.Shape()
	case f.CSF != nil:
		return f.CSF.Shape()
	case f.QCOO != nil:
		return f.QCOO.Shape()
	case f.QMatrix != nil:
		return f.QMatrix.Shape()
	case f.QCSF != nil:
		return f.QCSF.Shape()
	}
	return f.DenseShape
}

// NNZ returns the stored entries (for Dense, the number of values).
func (f *File[T]) NNZ() int {
	switch {
	case f.COO != nil:
		return f.COO.NNZ()
	case f.Matrix != nil:
		return f.Matrix.NNZ()
	case f.CSF != nil:
		return f.CSF.NNZ()
	case f.QCOO != nil:
		return f.QCOO.NNZ()
	case f.QMatrix != nil:
		return f.QMatrix.NNZ()
	case f.QCSF != nil:
		return f.QCSF.NNZ()
	}
	return len(f.Dense)
}

// Validate re-runs the validation of whatever is set.
func (f *File[T]) Validate() error {
	switch {
	case f.COO != nil:
		return f.COO.Validate()
	case f.Matrix != nil:
		return f.Matrix.Validate()
	case f.CSF != nil:
		return f.CSF.Validate()
	case f.QCOO != nil:
		return f.QCOO.Validate()
	case f.QMatrix != nil:
		return f.QMatrix.Validate()
	case f.QCSF != nil:
		return f.QCSF.Validate()
	}
	return nil
}

// ToCOO returns the sparse content as COO (sharing nothing with f unless f
// already holds COO). Quantized values are an error: Dequantize first, or
// convert them with package convert's Q functions.
func (f *File[T]) ToCOO() (*coo.Tensor[T], error) {
	switch {
	case f.Quantized():
		return nil, fmt.Errorf("%s: quantized values (%v): dequantize them first", f.Path, f.Scheme())
	case f.COO != nil:
		return f.COO, nil
	case f.Matrix != nil:
		return convert.MatrixToCOO(f.Matrix), nil
	case f.CSF != nil:
		return convert.CSFToCOO(f.CSF), nil
	}
	return nil, fmt.Errorf("%s: a dense array has no sparse layout", f.Path)
}

// Options tunes Read.
type Options struct {
	// Progress, when not nil, is called as bytes are read with the count so
	// far and the file size.
	Progress func(done, total int64)
	// MaxBytes is the memory budget for reading one .npz or .npy file
	// (npz.Options.MaxBytes): every allocation whose size comes from the
	// file, raw data, indices widened to uint64, converted values,
	// canonicalisation scratch and the structure's own arrays, counts
	// against it, summed over the file, and a file that needs more is an
	// error matching formats.ErrTooLarge. 0 means DefaultMaxBytes of the
	// file's size; a negative value means no budget but the memory (the
	// machine's, or GOMEMLIMIT when lower). The .tns and .mtx readers do
	// not use it: they allocate as text arrives, in proportion to it, and
	// never from a count the file declares beyond formats.MaxPrealloc
	// elements.
	MaxBytes int64
	// Quantized accepts a file of quantized values (an .npz with a quant
	// array) into File's QCOO, QMatrix or QCSF. Without it such a file is
	// an error matching formats.ErrUnsupported that names its scheme, so
	// that a caller that computes on float values is not handed quantized
	// ones.
	Quantized bool
}

// DefaultMaxBytes returns the default Options.MaxBytes for a file of size
// bytes, npz.DefaultMaxBytes: 64 MiB plus 64 bytes for every byte of the
// file, at most half of the memory (the machine's, or GOMEMLIMIT when
// lower). A small deflated archive that claims gigabytes (a zip bomb) is
// refused within it, while real archives need a few to a few tens of bytes
// a byte of file.
func DefaultMaxBytes(size int64) int64 {
	return npz.DefaultMaxBytes(size)
}

// Format returns the format name for a path's extension ("mtx" for .mtx
// and .mm), or "" when it is not one of .tns, .mtx, .mm, .npz and .npy.
func Format(path string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".tns":
		return "tns"
	case ".mtx", ".mm":
		return "mtx"
	case ".npz":
		return "npz"
	case ".npy":
		return "npy"
	}
	return ""
}

// ErrExtension is returned for a path whose extension names no format.
var ErrExtension = errors.New("unknown extension (want .tns, .mtx, .mm, .npz or .npy)")

type countReader struct {
	r     io.Reader
	ra    io.ReaderAt
	n     int64
	total int64
	f     func(done, total int64)
}

// Read counts the bytes read and reports them.
func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if c.f != nil {
		c.f(c.n, c.total)
	}
	return n, err
}

// Size returns the file's size, so that npz.ReadNPY knows it.
func (c *countReader) Size() int64 { return c.total }

// ReadAt counts the bytes read and reports them.
func (c *countReader) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.ra.ReadAt(p, off)
	c.n += int64(n)
	if c.f != nil {
		c.f(min(c.n, c.total), c.total)
	}
	return n, err
}

// Read reads the named file as element type T.
func Read[T Float](path string, opts Options) (*File[T], error) {
	format := Format(path)
	if format == "" {
		return nil, fmt.Errorf("%s: %w", path, ErrExtension)
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	cr := &countReader{r: fh, ra: fh, total: st.Size(), f: opts.Progress}
	out := &File[T]{Path: path, Format: format}
	switch format {
	case "tns":
		t, info, err := tns.Read[T](cr, tns.Options{Name: path})
		if err != nil {
			return nil, err
		}
		out.COO = t
		if info.Header {
			out.Detail = "with rank/dimensions header"
		}
	case "mtx":
		h, err := mtx.ReadHeader(cr, mtx.Options{Name: path})
		if err != nil {
			return nil, err
		}
		if _, err := fh.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		cr.n = 0
		out.Detail = fmt.Sprintf("%s %s %s", h.Format, h.Field, h.Symmetry)
		if h.Format == mtx.Array {
			d, m, n, _, err := mtx.ReadDense[T](cr, mtx.Options{Name: path})
			if err != nil {
				return nil, err
			}
			out.Dense, out.DenseShape = d, []uint64{uint64(m), uint64(n)}
			break
		}
		t, h, err := mtx.Read[T](cr, mtx.Options{Name: path})
		if err != nil {
			return nil, err
		}
		out.COO = t
		if h.Symmetry != mtx.General {
			out.Notes = append(out.Notes, fmt.Sprintf("%s: %d stored entries expanded to %d", h.Symmetry, h.Entries, t.NNZ()))
		}
	case "npz":
		nopts := npz.Options{Name: path, MaxBytes: opts.MaxBytes}
		var s *npz.Sparse[T]
		var q *npz.Quantized
		if opts.Quantized {
			s, q, err = npz.ReadAny[T](cr, st.Size(), nopts)
		} else {
			s, err = npz.Read[T](cr, st.Size(), nopts)
		}
		if err != nil {
			return nil, err
		}
		if q != nil {
			out.QCOO, out.QMatrix, out.QCSF = q.COO, q.Matrix, q.CSF
			out.Detail = fmt.Sprintf("%s codes %s indices %s scheme %s", q.Info.Format, q.Info.DType, q.Info.IndexDType, q.Info.Scheme)
			break
		}
		out.COO, out.Matrix, out.CSF = s.COO, s.Matrix, s.CSF
		out.Detail = fmt.Sprintf("%s data %s indices %s", s.Info.Format, s.Info.DType, s.Info.IndexDType)
		if s.Info.Canonicalized {
			out.Notes = append(out.Notes, fmt.Sprintf("non-canonical SciPy input canonicalised: %d unsorted rows/columns sorted, %d duplicates summed", s.Info.Unsorted, s.Info.Duplicates))
		}
	case "npy":
		d, shape, err := npz.ReadNPY[T](cr, npz.Options{Name: path, MaxBytes: opts.MaxBytes})
		if err != nil {
			return nil, err
		}
		out.Dense, out.DenseShape = d, shape
	}
	return out, nil
}

// Write writes f to path in the format its extension names: .tns takes any
// sparse layout (as COO), .mtx a rank-2 sparse layout (as COO) or a rank-2
// dense array, .npz CSR, CSC, rank-2 COO or CSF, float or quantized (the
// only format that holds quantized values), .npy a dense array. The
// file is replaced only once the write has succeeded: on an error an
// existing file at path (which may be the file f was read from) is left as
// it was. A new file gets 0666 less the umask, a replaced one keeps its
// permissions, and a symbolic link, a dangling one too, is written
// through to its target.
func Write[T Float](path string, f *File[T]) (err error) {
	format := Format(path)
	if format == "" {
		return fmt.Errorf("%s: %w", path, ErrExtension)
	}
	if f.COO == nil && f.Matrix == nil && f.CSF == nil && f.Dense == nil && !f.Quantized() {
		return fmt.Errorf("%s: nothing to write", path)
	}
	if f.Quantized() && format != "npz" {
		return fmt.Errorf("%s: quantized values (%v) can be written as .npz only; dequantize them for .%s", path, f.Scheme(), format)
	}
	if f.Dense != nil && format != "npy" && format != "mtx" {
		return fmt.Errorf("%s: a dense array can be written as .npy or .mtx only", path)
	}
	if format == "npy" && f.Dense == nil {
		return fmt.Errorf("%s: .npy holds dense arrays; write a sparse layout as .npz, .mtx or .tns", path)
	}
	return writeFile(path, func(out io.Writer) error { return encode(out, format, path, f) })
}

// writeFile writes path through write. A regular file (or a new one) is
// written to a temporary file beside it that replaces it only when write
// succeeds, so that a failed write (a layout the format cannot hold, a full
// disk) leaves an existing file, possibly the input, as it was; a symbolic
// link is followed. An existing file must be writable, as for a write in
// place. Anything else (a device, a pipe) is written in place. Errors name
// path (not the temporary file).
func writeFile(path string, write func(io.Writer) error) (err error) {
	defer func() {
		var pe *os.PathError
		switch {
		case err == nil:
		case errors.As(err, &pe):
			err = fmt.Errorf("%s: %s: %w", path, pe.Op, pe.Err)
		case !strings.HasPrefix(err.Error(), path+":"):
			err = fmt.Errorf("%s: %w", path, err)
		}
	}()
	target := linkTarget(path)
	keep := false // an existing file's permissions, else the umask's
	var mode os.FileMode
	if st, err := os.Stat(target); err == nil {
		out, err := os.OpenFile(target, os.O_WRONLY, 0) // neither truncates nor writes
		if err != nil {
			return err
		}
		if !st.Mode().IsRegular() {
			return errors.Join(write(out), out.Close())
		}
		out.Close()
		keep, mode = true, st.Mode().Perm()
	}
	tmp, err := createTemp(target)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return fmt.Errorf("cannot create a temporary file beside it in %s to replace it when the write succeeds: %w", filepath.Dir(target), pe.Err)
		}
		return err
	}
	addPending(tmp.Name())
	defer func() {
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		// Under the lock, RemovePending cannot remove the file between
		// this test and the rename.
		pending.Lock()
		defer pending.Unlock()
		if _, ok := pending.names[tmp.Name()]; !ok && err == nil {
			err = errors.New("write interrupted (RemovePending removed its temporary file)")
		}
		delete(pending.names, tmp.Name())
		if err == nil && keep {
			err = os.Chmod(tmp.Name(), mode)
		}
		if err == nil {
			err = os.Rename(tmp.Name(), target)
		}
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	return write(tmp)
}

// pending holds the temporary files of the writes in progress.
var pending struct {
	sync.Mutex
	names map[string]struct{}
}

func addPending(name string) {
	pending.Lock()
	defer pending.Unlock()
	if pending.names == nil {
		pending.names = map[string]struct{}{}
	}
	pending.names[name] = struct{}{}
}

// RemovePending removes the temporary files of the writes in progress: Write
// writes into a new file beside its target and renames it over the target
// only when the write has succeeded, so a program that stops in the middle
// (on a signal: cmd/hurray calls it on SIGINT and SIGTERM) would leave that
// file behind. Each write it interrupts fails and leaves its target as it
// was; a write that has already renamed its file is not undone. It returns
// the first error other than a file that is already gone.
func RemovePending() error {
	pending.Lock()
	defer pending.Unlock()
	var first error
	for name := range pending.names {
		if err := os.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) && first == nil {
			first = err
		}
		delete(pending.names, name)
	}
	return first
}

// linkTarget returns the file a path names through symbolic links, also when
// the last link dangles (its target is then created, as a shell redirection
// does), or path itself when it is no link or the links loop.
func linkTarget(path string) string {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return p
	}
	p := path
	for range 40 {
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&os.ModeSymlink == 0 {
			return p
		}
		to, err := os.Readlink(p)
		if err != nil {
			return path
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return path
}

// createTemp creates a new file beside target, named after it, with the
// permissions a new file gets (0666 less the umask, which the system
// applies; os.CreateTemp gives 0600).
func createTemp(target string) (*os.File, error) {
	dir, base := filepath.Split(target)
	for {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64(), 36)+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
}

// encode writes f to out in the given format (path names it in errors).
func encode[T Float](out io.Writer, format, path string, f *File[T]) error {
	switch format {
	case "npy":
		return npz.WriteNPY(out, f.Dense, f.DenseShape)
	case "npz":
		switch {
		case f.QMatrix != nil:
			return npz.WriteQuantizedMatrix(out, f.QMatrix, npz.WriteOptions{})
		case f.QCSF != nil:
			return npz.WriteQuantizedCSF(out, f.QCSF, npz.WriteOptions{})
		case f.QCOO != nil && f.QCOO.Rank() == 2:
			return npz.WriteQuantizedCOO(out, f.QCOO, npz.WriteOptions{})
		case f.QCOO != nil && f.QCOO.Rank() >= 3:
			return fmt.Errorf("%s: .npz holds COO of rank 2 only; convert to csf for rank %d", path, f.QCOO.Rank())
		case f.QCOO != nil:
			return fmt.Errorf("%s: .npz holds COO of rank 2, CSR, CSC or CSF; quantized values of rank %d have no file format", path, f.QCOO.Rank())
		case f.Matrix != nil:
			return npz.WriteMatrix(out, f.Matrix, npz.WriteOptions{})
		case f.CSF != nil:
			return npz.WriteCSF(out, f.CSF, npz.WriteOptions{})
		case f.COO.Rank() == 2:
			return npz.WriteCOO(out, f.COO, npz.WriteOptions{})
		}
		if f.COO.Rank() >= 3 {
			return fmt.Errorf("%s: .npz holds COO of rank 2 only; convert to csf for rank %d", path, f.COO.Rank())
		}
		return fmt.Errorf("%s: .npz holds COO of rank 2, CSR, CSC or CSF; write a rank-%d tensor as .tns", path, f.COO.Rank())
	case "mtx":
		if f.Dense != nil {
			if len(f.DenseShape) != 2 {
				return fmt.Errorf("%s: Matrix Market holds matrices; the array has shape %v", path, f.DenseShape)
			}
			return mtx.WriteDense(out, f.Dense, int(f.DenseShape[0]), int(f.DenseShape[1]))
		}
		t, err := f.ToCOO()
		if err != nil {
			return err
		}
		if t.Rank() != 2 {
			return fmt.Errorf("%s: Matrix Market holds matrices; the tensor has rank %d", path, t.Rank())
		}
		return mtx.Write(out, t, mtx.WriteOptions{})
	default: // tns
		if f.CSF != nil {
			return tns.WriteCSF(out, f.CSF, tns.WriteOptions{Header: true})
		}
		t, err := f.ToCOO()
		if err != nil {
			return err
		}
		return tns.Write(out, t, tns.WriteOptions{Header: true})
	}
}
