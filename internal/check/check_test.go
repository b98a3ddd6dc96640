package check

import (
	"errors"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/layout"
)

// TestDisjoint: buffers that share a byte are refused, naming both; empty
// and adjacent buffers are not overlaps.
func TestDisjoint(t *testing.T) {
	b := make([]byte, 64)
	if err := Disjoint(layout.TagCSF, [][]byte{b[:8], b[8:16], nil, b[16:16], b[16:]}); err != nil {
		t.Fatalf("disjoint buffers: %v", err)
	}
	err := Disjoint(layout.TagCSF, [][]byte{b[:8], b[8:16], b[40:48], b[15:20]})
	if err == nil || !errors.Is(err, layout.ErrInvalid) || !strings.Contains(err.Error(), "buffer 3 shares memory with buffer 1") {
		t.Fatalf("overlap: %v", err)
	}
}
