package auto

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// FuzzRead reads any bytes as a file of each extension, as the command
// line does: an error names the file and is one of the readers' kinds, an
// accepted file validates, and an .npz or .npy read allocates within its
// budget (the zip directory aside, in proportion to the input).
func FuzzRead(f *testing.F) {
	for _, name := range []string{"scipy_csr_i32.npz", "scipy_coo_i64.npz", "dense_f.npy", "symmetric.mtx", "array.mtx", "header.tns"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint8(strings.Index("npz npy mtx tns", name[len(name)-3:])/4))
	}
	dir := f.TempDir()
	exts := []string{".npz", ".npy", ".mtx", ".tns"}
	f.Fuzz(func(t *testing.T, b []byte, ext uint8) {
		path := filepath.Join(dir, "fuzz"+exts[int(ext)%len(exts)])
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		budget := 64<<10 + 16*int64(len(b))
		var file *File[float64]
		var err error
		d := testutil.Allocated(func() { file, err = Read[float64](path, Options{MaxBytes: budget}) })
		if format := Format(path); (format == "npz" || format == "npy") && d > uint64(budget)+512<<10+8*uint64(len(b)) {
			t.Fatalf("%s: allocated %d bytes under a budget of %d (err %v)", format, d, budget, err)
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), path+":") {
				t.Fatalf("error %q does not start with the file's name", err)
			}
			if !errors.Is(err, formats.ErrMalformed) && !errors.Is(err, formats.ErrUnsupported) && !errors.Is(err, formats.ErrTooLarge) {
				t.Fatalf("error %v is none of ErrMalformed, ErrUnsupported, ErrTooLarge", err)
			}
			return
		}
		if err := file.Validate(); err != nil {
			t.Fatalf("accepted file fails Validate: %v", err)
		}
	})
}
