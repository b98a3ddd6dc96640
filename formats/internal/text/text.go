// Package text holds the line scanning and number parsing that the text
// formats (tns, mtx) share.
package text

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math"
	"strconv"
)

// MaxLine is the longest line a scanner accepts.
const MaxLine = 1 << 20

// Scanner reads lines with their 1-based numbers.
type Scanner struct {
	s    *bufio.Scanner
	Line int
}

// NewScanner scans r line by line.
func NewScanner(r io.Reader) *Scanner {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 0, 64<<10), MaxLine)
	return &Scanner{s: s}
}

// Next returns the next line (without its end of line, which may be \n or
// \r\n) or ok = false at the end of input or on an error (see Err).
func (s *Scanner) Next() (line []byte, ok bool) {
	if !s.s.Scan() {
		return nil, false
	}
	s.Line++
	b := s.s.Bytes()
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b, true
}

// Err returns the read error, if any. A line longer than MaxLine is reported
// as ErrLineTooLong.
func (s *Scanner) Err() error {
	err := s.s.Err()
	if errors.Is(err, bufio.ErrTooLong) {
		return ErrLineTooLong
	}
	return err
}

// ErrLineTooLong reports a line over MaxLine bytes.
var ErrLineTooLong = errors.New("line longer than 1 MiB")

// Fields splits b at spaces and tabs into dst (reused) and returns it.
func Fields(dst [][]byte, b []byte) [][]byte {
	dst = dst[:0]
	i := 0
	for i < len(b) {
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		j := i
		for j < len(b) && !isSpace(b[j]) {
			j++
		}
		if j > i {
			dst = append(dst, b[i:j])
		}
		i = j
	}
	return dst
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

// Blank reports whether b holds only spaces.
func Blank(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// ErrNotUint reports a field that is not a decimal unsigned integer.
var ErrNotUint = errors.New("not a non-negative decimal integer")

// ErrUintRange reports an integer above 2^64-1.
var ErrUintRange = errors.New("integer above 2^64-1")

// Uint parses a decimal unsigned integer (an optional leading '+' allowed)
// without allocating.
func Uint(b []byte) (uint64, error) {
	if len(b) > 0 && b[0] == '+' {
		b = b[1:]
	}
	if len(b) == 0 {
		return 0, ErrNotUint
	}
	var n uint64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, ErrNotUint
		}
		d := uint64(c - '0')
		if n > (^uint64(0)-d)/10 {
			return 0, ErrUintRange
		}
		n = n*10 + d
	}
	return n, nil
}

// Float parses a floating-point number of the given bit size (32 or 64). A
// value out of range is an error, as is anything strconv rejects and a
// digit separator ('_', which Go literals allow and C's strtod, and so the
// other readers of these files, do not). A signed NaN ("-nan", which C's
// printf writes for x86's default NaN, or "+nan"), which strtod accepts
// and strconv does not, is a NaN with that sign.
func Float(b []byte, bits int) (float64, error) {
	if bytes.IndexByte(b, '_') >= 0 {
		return 0, strconv.ErrSyntax
	}
	if len(b) == 4 && (b[0] == '-' || b[0] == '+') && bytes.EqualFold(b[1:], []byte("nan")) {
		if b[0] == '-' {
			return math.Copysign(math.NaN(), -1), nil
		}
		return math.NaN(), nil
	}
	return cause(strconv.ParseFloat(string(b), bits))
}

// Int parses a decimal signed integer.
func Int(b []byte) (int64, error) {
	return cause(strconv.ParseInt(string(b), 10, 64))
}

// cause returns what a strconv parse returned, with the error of a
// *strconv.NumError (ErrSyntax, ErrRange) in place of the NumError, which
// names the text again.
func cause[T int64 | float64](v T, err error) (T, error) {
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) {
			return 0, ne.Err
		}
		return 0, err
	}
	return v, nil
}

// Bits returns 32 for a float32-based T and 64 for a float64-based one.
func Bits[T ~float32 | ~float64]() int {
	x := T(16777217) // 2^24+1 rounds in float32
	if float64(x) != 16777217 {
		return 32
	}
	return 64
}
