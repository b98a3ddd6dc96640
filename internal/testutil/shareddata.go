package testutil

import (
	"os"
	"path/filepath"
	"runtime"
)

// Dir returns the shared data folder: $HURRAY_SHARED_DATA when set, else the
// shared/data folder beside the module's checkout (../shared/data from the
// module root), or "" when neither exists. Tests skip with a message when it
// is "".
func Dir() string {
	if d := os.Getenv("HURRAY_SHARED_DATA"); d != "" {
		return d
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return ""
	}
	root := filepath.Join(filepath.Dir(file), "..", "..")
	d := filepath.Join(root, "..", "shared", "data")
	if st, err := os.Stat(d); err == nil && st.IsDir() {
		return d
	}
	return ""
}

// Sub returns a sub-folder of Dir ("mtx" or "tns"), or "" when Dir is "".
func Sub(name string) string {
	d := Dir()
	if d == "" {
		return ""
	}
	return filepath.Join(d, name)
}
