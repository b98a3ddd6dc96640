package csf

import (
	"os"
	"testing"

	"github.com/hurray-format/hurray-go/internal/trust"
)

func TestMain(m *testing.M) { os.Exit(trust.Main(m)) }
