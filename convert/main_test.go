package convert

import (
	"os"
	"testing"

	"github.com/hurray-format/hurray-go/internal/check"
)

func TestMain(m *testing.M) { os.Exit(check.Main(m)) }
