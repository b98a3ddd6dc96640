package layout

import (
	"errors"
	"fmt"
	"strings"
)

// ErrInvalid is matched, through errors.Is, by every validation failure of
// every layout in this module.
var ErrInvalid = errors.New("invalid structure")

// ErrUnsupported is matched by errors for tags this library does not decode
// in strict mode (unknown, reserved, invalid, or named but not implemented).
var ErrUnsupported = errors.New("unsupported layout")

// ErrUnvalidated is matched by the errors (and panic values) of compute calls
// on a structure that permissive mode holds without having validated it.
var ErrUnvalidated = errors.New("structure not validated")

// Mode selects how constructors and decoders treat what they cannot or need
// not check.
type Mode uint8

const (
	// Strict validates every invariant and rejects unknown tags. It is the
	// zero value.
	Strict Mode = iota
	// Permissive holds unknown tags and unvalidated structures without
	// dereferencing their data. Compute calls refuse such structures until
	// Validate passes.
	Permissive
)

// String returns "strict" or "permissive".
func (m Mode) String() string {
	switch m {
	case Strict:
		return "strict"
	case Permissive:
		return "permissive"
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// ValidationError reports one broken invariant: the layout, the buffer or
// field, the CSF level and the element index where it broke, and what was
// found there.
type ValidationError struct {
	Layout Tag    // the layout whose rule failed
	Field  string // buffer or descriptor field: "pos", "crd", "values", "coords", "row_ptr", "col_idx", "mode_order", "shape", "buffers", ...
	Level  int    // CSF level, or -1 when the rule is not per level
	Index  int    // element index within Field, or -1 when the rule is not per element
	Reason string // what was found, with the values
}

// Error formats the error as "csf: level 1 crd[17]: 40 is not below shape[2] = 30".
func (e *ValidationError) Error() string {
	var b strings.Builder
	b.WriteString(e.Layout.String())
	b.WriteString(": ")
	if e.Level >= 0 {
		fmt.Fprintf(&b, "level %d ", e.Level)
	}
	b.WriteString(e.Field)
	if e.Index >= 0 {
		fmt.Fprintf(&b, "[%d]", e.Index)
	}
	b.WriteString(": ")
	b.WriteString(e.Reason)
	return b.String()
}

// Unwrap makes errors.Is(err, ErrInvalid) hold.
func (e *ValidationError) Unwrap() error { return ErrInvalid }

// Errorf builds a *ValidationError; level and index are -1 where they do not
// apply.
func Errorf(tag Tag, field string, level, index int, format string, args ...any) *ValidationError {
	return &ValidationError{Layout: tag, Field: field, Level: level, Index: index, Reason: fmt.Sprintf(format, args...)}
}
