package npz

import (
	"fmt"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/internal/mem"
	"io"
	"io/fs"
	"math"
	"strconv"
)

// Default budget: DefaultMaxBytes(size) = budgetFloor + budgetPerByte*size,
// at most half of mem.Limit.
const (
	budgetFloor   = 64 << 20
	budgetPerByte = 64
)

// DefaultMaxBytes returns the memory budget that Read gives an archive of
// size bytes when Options.MaxBytes is 0 (and ReadNPY a stream of that size):
// 64 MiB plus 64 bytes for every byte of the file, and at most half of the
// memory the process can plausibly get (the machine's memory, or the Go
// memory limit, GOMEMLIMIT, when that is lower).
//
// The multiple follows what a legitimate archive needs: its index arrays
// carry the matrix's information and deflate a few times at most (a byte
// or more per stored entry), while reading needs 16 to 40 bytes an entry (8
// for each index array widened to uint64 and for the values, 16 more for
// COO's coordinate pairs); 64 covers that with room. A data array of zeros
// or ones deflates about 1000 times, so a small archive of such members (a
// 600 KB file claiming 2^26 entries) could otherwise need gigabytes: it
// gets the floor plus 64 times its size, about 100 MiB.
func DefaultMaxBytes(size int64) int64 {
	b := int64(budgetFloor)
	if size > 0 {
		b += min(size, (math.MaxInt64-budgetFloor)/budgetPerByte) * budgetPerByte
	}
	return int64(min(uint64(b), mem.Limit()/2))
}

// budget counts the bytes one read allocates against a limit. Every
// allocation whose size comes from the file (a header, an array's data, an
// index array widened to uint64, converted values, canonicalisation
// scratch, COO's coordinates, a Fortran-order copy) is charged before it is
// made, and nothing is credited back when it is freed: what is charged
// bounds both the total allocated and the peak.
type budget struct {
	file  string // for errors
	limit uint64
	used  uint64
	mem   bool // the limit is the memory, not a budget
}

// newBudget returns the budget for Options.MaxBytes: 0 means
// DefaultMaxBytes(size) (size < 0: unknown, then half of mem.Limit), a
// negative value mem.Limit, which also caps a positive value.
func newBudget(file string, maxBytes, size int64) *budget {
	avail := mem.Limit()
	b := &budget{file: file}
	switch {
	case maxBytes > 0 && uint64(maxBytes) <= avail:
		b.limit = uint64(maxBytes)
	case maxBytes == 0 && size >= 0:
		b.limit = uint64(DefaultMaxBytes(size))
	case maxBytes == 0:
		b.limit = avail / 2
	default:
		b.limit, b.mem = avail, true
	}
	return b
}

// charge counts n more bytes for array arr ("" for none), or returns an
// ErrTooLarge error naming what needs them ("reading", "canonicalising")
// when they do not fit.
func (b *budget) charge(arr, what string, n uint64) error {
	if n <= b.limit && b.used <= b.limit-n {
		b.used += n
		return nil
	}
	need := b.used + n
	if need < n {
		need = math.MaxUint64
	}
	hn, hl := mem.ByteSize(need), mem.ByteSize(b.limit)
	if hn == hl {
		hn, hl = strconv.FormatUint(need, 10)+" bytes", strconv.FormatUint(b.limit, 10)+" bytes"
	}
	msg := fmt.Sprintf("%s needs %s in all, over the budget of %s (Options.MaxBytes)", what, hn, hl)
	if b.mem {
		msg = fmt.Sprintf("%s needs %s in all, more than the memory, %s (the machine's, or GOMEMLIMIT)", what, hn, hl)
	}
	return &formats.Error{File: b.file, Array: arr, Kind: formats.ErrTooLarge, Msg: msg}
}

// streamSize returns an upper bound on the bytes r holds, when r tells it:
// Size (bytes.Reader, strings.Reader, io.SectionReader), Len (bytes.Buffer)
// or Stat of a regular file (os.File).
func streamSize(r io.Reader) (int64, bool) {
	switch s := r.(type) {
	case interface{ Size() int64 }:
		return s.Size(), true
	case interface{ Len() int }:
		return int64(s.Len()), true
	case interface{ Stat() (fs.FileInfo, error) }:
		if st, err := s.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size(), true
		}
	}
	return 0, false
}
