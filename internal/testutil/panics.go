package testutil

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Recovered runs f and returns the value it panicked with, or nil when it
// returned.
func Recovered(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

// WantPanic fails t unless f panics with a value whose text (fmt.Sprint:
// an error's Error) is want.
func WantPanic(t testing.TB, want string, f func()) {
	t.Helper()
	if r := Recovered(f); r == nil || fmt.Sprint(r) != want {
		t.Fatalf("panic %v, want %q", r, want)
	}
}

// WantPanicContaining fails t unless f panics with a value whose text
// contains want.
func WantPanicContaining(t testing.TB, want string, f func()) {
	t.Helper()
	if r := Recovered(f); r == nil || !strings.Contains(fmt.Sprint(r), want) {
		t.Fatalf("panic %v, want one containing %q", r, want)
	}
}

// WantPanicIs fails t unless f panics with an error matching target.
func WantPanicIs(t testing.TB, target error, f func()) {
	t.Helper()
	r := Recovered(f)
	if err, _ := r.(error); !errors.Is(err, target) {
		t.Fatalf("panic %v, want an error matching %v", r, target)
	}
}
