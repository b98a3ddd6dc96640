package file

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out")
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "abc"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "abc" {
		t.Fatalf("file holds %q (%v), want abc", b, err)
	}
	bad := errors.New("bad")
	if err := Write(path, func(io.Writer) error { return bad }); !errors.Is(err, bad) {
		t.Fatalf("error %v, want the writer's", err)
	}
	if err := Write(filepath.Join(path, "under a file"), func(io.Writer) error { return nil }); err == nil {
		t.Fatal("no error creating a file under a file")
	}
}
