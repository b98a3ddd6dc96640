package testutil

import (
	"testing"

	"github.com/hurray-format/hurray-go/kernels"
)

// ForEachPath runs fn as a subtest "path=P" under every kernel path this CPU
// and build run (kernels.Available) and under automatic selection, which
// picks each family's best; it restores automatic selection when it returns.
// The -short run (the race run) takes automatic selection alone: it
// exercises the parallel code, and the full run covers every path. The
// kernels' own tests compare each path with ref; this runs a package's
// products end to end on each.
//
// The path is process-wide state (kernels.Use): tests that call ForEachPath
// must not run in parallel with each other.
func ForEachPath(t *testing.T, fn func(t *testing.T)) {
	t.Helper()
	paths := append(kernels.Available(), "auto")
	if testing.Short() {
		paths = []string{"auto"}
	}
	defer kernels.Use("")
	for _, p := range paths {
		if err := kernels.Use(p); err != nil {
			t.Fatal(err)
		}
		t.Run("path="+p, fn)
	}
}
