package bench

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/hurray-format/hurray-go/formats/auto"
)

var (
	filesMu sync.Mutex
	files   = map[string]*Pattern{}
)

// FilePattern reads the matrix in the file at path (any file
// formats/auto.ReadCSR reads: .mtx, .npz, .tns of rank 2) as a Pattern
// named after the file's base name without its extension. A path read
// once is kept for the rest of the process. The error names the file.
func FilePattern(path string) (*Pattern, error) {
	filesMu.Lock()
	defer filesMu.Unlock()
	if p, ok := files[path]; ok {
		return p, nil
	}
	a, err := auto.ReadCSR[float64](path, auto.Options{})
	if err != nil {
		return nil, err
	}
	if a.IsCSC() {
		return nil, fmt.Errorf("bench: %s: a CSC matrix; the matrix cases take CSR", path)
	}
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	p := &Pattern{Name: name, Rows: int(a.Rows()), Cols: int(a.Cols()), Ptr: a.Ptr(), Idx: a.Idx(), Vals: a.Values()}
	files[path] = p
	return p, nil
}

// generated are the generated matrices by name.
var generated = map[string]func() *Pattern{"M1": M1, "M2": M2, "M3": M3, "M4": M4}

// IsGenerated reports whether name is one of the generated matrices M1 to
// M4 (any case); other names in Options.Only are file paths.
func IsGenerated(name string) bool {
	_, ok := generated[strings.ToUpper(name)]
	return ok
}
