package auto

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
)

func TestReadWriteEveryLayout(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		in, layout string
		outs       []string
	}{
		{"west0479.mtx", "coo", []string{"a.tns", "a.mtx", "a.npz"}},
		{"scipy_csr_i32.npz", "csr", []string{"b.tns", "b.mtx", "b.npz"}},
		{"scipy_csc_i64.npz", "csc", []string{"c.npz", "c.mtx"}},
		{"array.mtx", "dense", []string{"d.npy", "d.mtx"}},
		{"dense_c.npy", "dense", []string{"e.npy"}},
		{"splatt_med_head300.tns", "coo", []string{"f.tns"}},
	} {
		f, err := Read[float64](filepath.Join("../../testdata", c.in), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if f.Layout() != c.layout {
			t.Errorf("%s: layout %s, want %s", c.in, f.Layout(), c.layout)
		}
		for _, o := range c.outs {
			p := filepath.Join(dir, o)
			if err := Write(p, f); err != nil {
				t.Fatalf("%s -> %s: %v", c.in, o, err)
			}
			g, err := Read[float64](p, Options{})
			if err != nil {
				t.Fatalf("%s -> %s: %v", c.in, o, err)
			}
			if !slices.Equal(g.Shape(), f.Shape()) || g.NNZ() != f.NNZ() {
				t.Errorf("%s -> %s: shape %v nnz %d, want %v %d", c.in, o, g.Shape(), g.NNZ(), f.Shape(), f.NNZ())
			}
			if f.Dense != nil && !slices.Equal(g.Dense, f.Dense) {
				t.Errorf("%s -> %s: dense values differ", c.in, o)
			}
		}
	}
	if _, err := Read[float64]("x.csv", Options{}); !errors.Is(err, ErrExtension) {
		t.Errorf("x.csv: %v", err)
	}
	f, _ := Read[float64]("../../testdata/header.tns", Options{})
	if err := Write(filepath.Join(dir, "h.npz"), f); err == nil {
		t.Errorf("rank-3 COO to .npz: no error")
	}
	if err := Write(filepath.Join(dir, "h.npy"), f); err == nil {
		t.Errorf("sparse to .npy: no error")
	}
}

func TestProgress(t *testing.T) {
	var last, total int64
	_, err := Read[float32]("../../testdata/lp_ship04l.mtx", Options{Progress: func(d, n int64) { last, total = d, n }})
	if err != nil {
		t.Fatal(err)
	}
	if total == 0 || last != total {
		t.Errorf("progress ended at %d of %d", last, total)
	}
}

// TestWriteFailureKeepsFile: a write that fails (here a rank-3 tensor to
// .mtx and .npz) leaves the file already at the path, even the one the
// tensor was read from, byte for byte, and no temporary file behind; a write
// that succeeds replaces it keeping its permissions, through a symbolic
// link.
func TestWriteFailureKeepsFile(t *testing.T) {
	dir := t.TempDir()
	f, err := Read[float64]("../../testdata/header.tns", Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"keep.mtx", "keep.npz"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("IMPORTANT\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := Write(p, f); err == nil {
			t.Fatalf("%s: rank-3 COO written", name)
		}
		if b, err := os.ReadFile(p); err != nil || string(b) != "IMPORTANT\n" {
			t.Fatalf("%s after a failed write: %q, %v", name, b, err)
		}
	}
	// The input itself: read a rank-3 .npz (CSF), fail to write it as COO.
	in := filepath.Join(dir, "t.npz")
	g, err := convert.COOToCSF(f.COO, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(in, &File[float64]{CSF: g}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(in)
	h, err := Read[float64](in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := h.ToCOO()
	if err := Write(in, &File[float64]{COO: c}); err == nil {
		t.Fatal("rank-3 COO written to .npz")
	}
	if after, _ := os.ReadFile(in); !slices.Equal(before, after) {
		t.Fatal("the input changed after a failed write onto it")
	}
	// Success through a link replaces the target and keeps its mode.
	target := filepath.Join(dir, "keep.tns")
	if err := os.WriteFile(target, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.tns")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, f); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", st, err)
	}
	if st, err := os.Stat(target); err != nil || st.Mode().Perm() != 0o600 || st.Size() < 10 {
		t.Fatalf("target after the write: %v %v", st, err)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Fatalf("temporary file %s left behind", e.Name())
		}
	}
}

// TestWriteNewFileModeAndLinks: a new file gets 0666 less the umask, as
// os.Create gives, an existing file keeps its permissions, and a dangling
// symbolic link is written through to its target, not replaced by a
// regular file.
func TestWriteNewFileModeAndLinks(t *testing.T) {
	dir := t.TempDir()
	f, err := Read[float64]("../../testdata/header.tns", Options{})
	if err != nil {
		t.Fatal(err)
	}
	old := syscall.Umask(0o077)
	p := filepath.Join(dir, "new.tns")
	err = Write(p, f)
	syscall.Umask(old)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("new file under umask 077: %v, %v; want -rw-------", st.Mode(), err)
	}
	if err := os.Chmod(p, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, f); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o640 {
		t.Errorf("rewritten file: %v, want -rw-r-----", st.Mode())
	}
	if err := os.Mkdir(filepath.Join(dir, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.tns")
	if err := os.Symlink(filepath.Join("real", "t.tns"), link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, f); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the dangling link was replaced: %v, %v", st.Mode(), err)
	}
	if _, err := Read[float64](filepath.Join(dir, "real", "t.tns"), Options{}); err != nil {
		t.Errorf("the link's target: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 3 {
		t.Errorf("left behind in the directory: %v", ents)
	}
}

// TestRemovePending: a write in progress whose temporary file RemovePending
// removes fails, leaves its target as it was and no file beside it; a write
// that has finished is kept.
func TestRemovePending(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.tns")
	if err := os.WriteFile(target, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	temps := func() int {
		m, err := filepath.Glob(filepath.Join(dir, ".out.tns.*.tmp"))
		if err != nil {
			t.Fatal(err)
		}
		return len(m)
	}
	started, resume, done := make(chan struct{}), make(chan struct{}), make(chan error)
	go func() {
		done <- writeFile(target, func(w io.Writer) error {
			if _, err := io.WriteString(w, "new\n"); err != nil {
				return err
			}
			close(started)
			<-resume
			return nil
		})
	}()
	<-started
	if n := temps(); n != 1 {
		t.Fatalf("%d temporary files during the write, want 1", n)
	}
	if err := RemovePending(); err != nil {
		t.Fatal(err)
	}
	if n := temps(); n != 0 {
		t.Fatalf("%d temporary files after RemovePending, want 0", n)
	}
	close(resume)
	if err := <-done; err == nil || !strings.Contains(err.Error(), "interrupted") || !strings.HasPrefix(err.Error(), target+": ") {
		t.Fatalf("interrupted write: error %v, want one naming %s and the interruption", err, target)
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != "old\n" {
		t.Fatalf("target after the interrupted write: %q, %v; want the old contents", b, err)
	}
	if n := temps(); n != 0 {
		t.Fatalf("%d temporary files after the interrupted write, want 0", n)
	}
	if err := writeFile(target, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if err := RemovePending(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != "new\n" {
		t.Fatalf("target after a finished write and RemovePending: %q, %v; want the new contents", b, err)
	}
}
