package bench

import (
	"fmt"
	"os"
	"testing"

	"github.com/hurray-format/hurray-go/kernels"
)

// TestMain refuses to run when HURRAY_KERNELS names a path this machine
// lacks: the benchmarks would silently measure automatic selection.
func TestMain(m *testing.M) {
	if err := kernels.EnvError(); err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}
