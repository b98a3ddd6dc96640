package formats

import (
	"errors"
	"fmt"
	"strings"
)

// ErrMalformed is matched, through errors.Is, by every error a reader returns
// for input that breaks its format's rules.
var ErrMalformed = errors.New("malformed file")

// ErrUnsupported is matched by errors for valid files that use a feature the
// readers do not implement (complex values, a big-endian dtype, ...).
var ErrUnsupported = errors.New("unsupported feature")

// ErrTooLarge is matched by errors for a file whose reading would allocate
// more than the reader's memory budget allows (formats/npz's
// Options.MaxBytes). The file may be valid: a larger budget reads it.
var ErrTooLarge = errors.New("over the memory budget")

// Error locates a problem in an input file.
type Error struct {
	File  string // the file name, "" when reading an unnamed stream
	Line  int    // 1-based line of a text format, 0 when not applicable
	Array string // npz member or .npy array, "" when not applicable
	Msg   string // what was wrong, lowercase, no final period
	Err   error  // the cause, or nil
	Kind  error  // ErrMalformed (the default when nil), ErrUnsupported or ErrTooLarge
}

// Error formats the error as "file:line: message: cause" or
// "file: array name: message: cause".
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
	} else {
		b.WriteString("<input>")
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Array != "" {
		fmt.Fprintf(&b, ": array %s", e.Array)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the kind (ErrMalformed, ErrUnsupported or ErrTooLarge) and
// the cause.
func (e *Error) Unwrap() []error {
	k := e.Kind
	if k == nil {
		k = ErrMalformed
	}
	if e.Err != nil {
		return []error{k, e.Err}
	}
	return []error{k}
}

// MaxPrealloc caps how many elements a reader allocates up front from a count
// that the file claims (a size line, a header). Beyond it slices grow as data
// arrives, so a lying header cannot make a reader allocate without bound.
const MaxPrealloc = 1 << 20
