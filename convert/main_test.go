package convert

import (
	"os"
	"testing"

	"github.com/hurray-format/hurray-go/internal/trust"
)

// TestMain validates every trusted construction (internal/trust) that the
// tests and fuzz targets make: what the builders produce is checked here
// even though users do not pay for the scan.
func TestMain(m *testing.M) {
	trust.Verify = true
	os.Exit(m.Run())
}
