package tns

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/formats/internal/file"
	"github.com/hurray-format/hurray-go/formats/internal/text"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/layout"
)

// Float is the element type constraint: float32 or float64.
type Float = kernels.Float

// Options tunes Read. The zero value infers the shape.
type Options struct {
	// Name is the file name used in errors ("" for an unnamed stream).
	Name string
	// Shape, when not nil, is the shape of the tensor: its length must be
	// the file's rank and every coordinate must lie within it.
	Shape []uint64
}

// Info tells how a file was read.
type Info struct {
	Header bool // the file had the rank/dimensions header
	Lines  int  // lines read
}

// Read parses a .tns stream into a COO tensor. See the package doc for what
// is accepted.
func Read[T Float](r io.Reader, opts Options) (*coo.Tensor[T], Info, error) {
	// The tensor adopts its shape slice: a copy, so that the caller may reuse
	// Options.Shape.
	rd := reader[T]{name: opts.Name, shape: slices.Clone(opts.Shape), given: opts.Shape != nil}
	t, err := rd.read(r)
	return t, Info{Header: rd.header, Lines: rd.sc.Line}, err
}

// ReadFile reads the named .tns file.
func ReadFile[T Float](path string, opts Options) (*coo.Tensor[T], Info, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, Info{}, err
	}
	defer f.Close()
	if opts.Name == "" {
		opts.Name = path
	}
	return Read[T](f, opts)
}

type reader[T Float] struct {
	name   string
	sc     *text.Scanner
	shape  []uint64
	given  bool // shape from the caller
	header bool // shape from the file's header
}

func (rd *reader[T]) errf(err error, format string, args ...any) error {
	return &formats.Error{File: rd.name, Line: rd.sc.Line, Msg: fmt.Sprintf(format, args...), Err: err}
}

func (rd *reader[T]) read(r io.Reader) (*coo.Tensor[T], error) {
	rd.sc = text.NewScanner(r)
	bits := text.Bits[T]()
	var (
		fields [][]byte
		coords []uint64
		values []T
		rank   int
		maxc   []uint64
		state  = 0 // 0: nothing seen, 1: header rank seen, 2: data
	)
	for {
		line, ok := rd.sc.Next()
		if !ok {
			break
		}
		fields = text.Fields(fields, line)
		if len(fields) == 0 || fields[0][0] == '#' {
			continue
		}
		switch {
		case state == 0 && len(fields) == 1:
			n, err := text.Uint(fields[0])
			if err != nil || n < 1 || n > layout.MaxRank {
				return nil, rd.errf(err, "a one-field first line must be a header rank 1..%d, got %q", layout.MaxRank, fields[0])
			}
			rank = int(n)
			state = 1
			continue
		case state == 1:
			if len(fields) != rank {
				return nil, rd.errf(nil, "header dimensions: %d fields, want the rank %d", len(fields), rank)
			}
			dims := make([]uint64, rank)
			for m, f := range fields {
				d, err := text.Uint(f)
				if err != nil {
					return nil, rd.errf(err, "header dimension %d: bad number %q", m+1, f)
				}
				dims[m] = d
			}
			if rd.given {
				if len(rd.shape) != rank {
					return nil, rd.errf(nil, "header rank %d disagrees with the given shape %v", rank, rd.shape)
				}
				for m := range dims {
					if dims[m] != rd.shape[m] {
						return nil, rd.errf(nil, "header dimensions %v disagree with the given shape %v", dims, rd.shape)
					}
				}
			}
			rd.shape, rd.header = dims, true
			state = 2
			continue
		case state == 0:
			rank = len(fields) - 1
			if rank > layout.MaxRank {
				return nil, rd.errf(nil, "%d fields: rank %d is above %d", len(fields), rank, layout.MaxRank)
			}
			if rd.given && len(rd.shape) != rank {
				return nil, rd.errf(nil, "%d coordinates, but the given shape has rank %d", rank, len(rd.shape))
			}
			state = 2
		}
		if len(fields) != rank+1 {
			return nil, rd.errf(nil, "%d fields, want %d (rank %d coordinates and a value)", len(fields), rank+1, rank)
		}
		if maxc == nil {
			maxc = make([]uint64, rank)
		}
		for m := range rank {
			c, err := text.Uint(fields[m])
			if err != nil {
				return nil, rd.errf(err, "coordinate %d: bad number %q", m+1, fields[m])
			}
			if c == 0 {
				return nil, rd.errf(nil, "coordinate %d is 0 (coordinates are 1-based)", m+1)
			}
			if rd.shape != nil && c > rd.shape[m] {
				return nil, rd.errf(nil, "coordinate %d is %d, above the dimension %d", m+1, c, rd.shape[m])
			}
			maxc[m] = max(maxc[m], c)
			coords = append(coords, c-1)
		}
		v, err := text.Float(fields[rank], bits)
		if err != nil {
			return nil, rd.errf(err, "value: bad number %q", fields[rank])
		}
		values = append(values, T(v))
	}
	if err := rd.sc.Err(); err != nil {
		rd.sc.Line++
		return nil, rd.errf(err, "read error")
	}
	if state == 1 {
		return nil, rd.errf(nil, "truncated header: the rank line has no dimensions line after it")
	}
	shape := rd.shape
	if shape == nil {
		if rank == 0 {
			return nil, &formats.Error{File: rd.name, Msg: "no entries and no shape: the rank is unknown"}
		}
		shape = maxc
	}
	if values == nil {
		values = []T{}
		coords = []uint64{}
	}
	t, err := coo.New(shape, coords, values)
	if err != nil {
		return nil, &formats.Error{File: rd.name, Msg: "building the tensor", Err: err}
	}
	return t, nil
}

// WriteOptions tunes Write. The zero value writes no header.
type WriteOptions struct {
	// Header writes the rank and dimension lines first, so that the shape
	// survives trailing empty slices.
	Header bool
}

// Write streams t as .tns text: one line per stored entry, 1-based
// coordinates, then the value in the shortest form that reads back exactly.
func Write[T Float](w io.Writer, t *coo.Tensor[T], opts WriteOptions) error {
	if !t.Valid() {
		return fmt.Errorf("tns: %w", layout.ErrUnvalidated)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var buf []byte
	if opts.Header {
		buf = strconv.AppendInt(buf, int64(t.Rank()), 10)
		buf = append(buf, '\n')
		for m, d := range t.Shape() {
			if m > 0 {
				buf = append(buf, ' ')
			}
			buf = strconv.AppendUint(buf, d, 10)
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	bits := text.Bits[T]()
	for c, v := range t.All() {
		buf = buf[:0]
		for _, x := range c {
			buf = strconv.AppendUint(buf, x+1, 10)
			buf = append(buf, ' ')
		}
		buf = strconv.AppendFloat(buf, float64(v), 'g', -1, bits)
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteFile writes t to the named file.
func WriteFile[T Float](path string, t *coo.Tensor[T], opts WriteOptions) error {
	return file.Write(path, func(w io.Writer) error { return Write(w, t, opts) })
}

// WriteCSF writes a CSF tensor as .tns through convert.CSFToCOO, in storage
// order.
func WriteCSF[T Float](w io.Writer, t *csf.Tensor[T], opts WriteOptions) error {
	if !t.Valid() {
		return fmt.Errorf("tns: %w", layout.ErrUnvalidated)
	}
	return Write(w, convert.CSFToCOO(t), opts)
}
