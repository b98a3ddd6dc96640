package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// Paths lists every path name Use accepts besides "auto", whether or not
// this CPU and build can run it: "ref", "generic", "neon", "avx2" and
// "avx512".
func Paths() []string {
	return engine.Paths()
}

// Available lists the paths this CPU and build can run for every kernel
// family, best last: always "ref" and "generic", then those of "neon", "avx2"
// and "avx512" that the CPU supports and every family implements.
func Available() []string {
	return engine.Available()
}

// Use forces every kernel family onto one path: "ref", "generic", "avx2",
// "avx512" or "neon"; "" or "auto" restores the per-family automatic choice.
// A path that is not in Available is an error and changes nothing.
// Use is not safe to call while kernels run on other goroutines.
func Use(path string) error {
	return engine.Use(path)
}

// Forced returns the path that Use or HURRAY_KERNELS forced on every
// family, or "" under automatic selection. Use(Forced()) restores the
// selection in effect when it was read.
func Forced() string {
	return engine.Forced()
}

// Active names the path in use: the forced one, or, under automatic
// selection, the path most families use followed by the exceptions, as in
// "avx512 (spmv: avx2)".
func Active() string {
	return engine.Active()
}

// Family describes one kernel family: its name, the path in use and every
// path it implements that this CPU runs.
type Family = engine.Family

// Families lists every kernel family, sorted by name.
func Families() []Family {
	return engine.Families()
}

// EnvError reports why HURRAY_KERNELS could not be honoured, or nil. The
// process then runs with automatic selection, and nothing is printed:
// commands should report a non-nil EnvError and treat it as fatal (cmd/hurray
// exits 1).
func EnvError() error {
	return engine.EnvError()
}
