package auto

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/formats/npz"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// TestBudget: Read gives an .npz and an .npy file the budget of
// Options.MaxBytes, DefaultMaxBytes of the file's size by default.
func TestBudget(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, n int) string {
		p := filepath.Join(dir, name)
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := testutil.NPZBomb(f, n); err != nil {
			t.Fatal(err)
		}
		return p
	}
	big, small := write("big.npz", 1<<26), write("small.npz", 1<<20)
	var err error
	d := testutil.Allocated(func() { _, err = Read[float64](big, Options{}) })
	if err == nil || !strings.HasPrefix(err.Error(), big+": array indices: reading needs 512 MiB in all, over the budget of ") || !errors.Is(err, formats.ErrTooLarge) {
		t.Errorf("2^26 entries in %s under the default budget: %v", big, err)
	}
	if d > 1<<20 {
		t.Errorf("refusing %s allocated %d bytes", big, d)
	}
	st, _ := os.Stat(small)
	if got, want := DefaultMaxBytes(st.Size()), npz.DefaultMaxBytes(st.Size()); got != want {
		t.Errorf("DefaultMaxBytes(%d) = %d, npz's is %d", st.Size(), got, want)
	}
	f, err := Read[float32](small, Options{})
	if err != nil || f.NNZ() != 1 || len(f.Notes) != 1 {
		t.Errorf("2^20 entries under the default budget: %v", err)
	}
	_, err = Read[float32](small, Options{MaxBytes: 4 << 20})
	if err == nil || !strings.Contains(err.Error(), "array indices: reading needs 8 MiB in all, over the budget of 4 MiB (Options.MaxBytes)") {
		t.Errorf("2^20 entries under a budget of 4 MiB: %v", err)
	}
	if _, err := Read[float32](small, Options{MaxBytes: -1}); err != nil {
		t.Errorf("2^20 entries without a budget: %v", err)
	}
	// .npy: the budget, and a header that claims more than the file holds
	// is refused before the data is allocated.
	x := filepath.Join("..", "..", "testdata", "x3.npy")
	if _, err := Read[float64](x, Options{MaxBytes: 100}); err == nil || !strings.HasPrefix(err.Error(), x+": reading needs") || !errors.Is(err, formats.ErrTooLarge) {
		t.Errorf("%s under a budget of 100 bytes: %v", x, err)
	}
	lie := filepath.Join(dir, "lie.npy")
	dict := "{'descr': '<f8', 'fortran_order': False, 'shape': (100000000,), }\n"
	if err := os.WriteFile(lie, fmt.Appendf(nil, "\x93NUMPY\x01\x00%c%c%s", len(dict), 0, dict), 0o644); err != nil {
		t.Fatal(err)
	}
	d = testutil.Allocated(func() { _, err = Read[float64](lie, Options{MaxBytes: -1}) })
	if err == nil || !strings.Contains(err.Error(), "truncated data") {
		t.Errorf("%s claiming 800 MB: %v", lie, err)
	}
	if d > 1<<20 {
		t.Errorf("%s claiming 800 MB: allocated %d bytes", lie, d)
	}
}
