package mem

import (
	"math"
	"testing"
)

func TestByteSize(t *testing.T) {
	for _, c := range []struct {
		n    uint64
		want string
	}{
		{0, "0 bytes"}, {1023, "1023 bytes"}, {1024, "1 KiB"}, {1536, "1.5 KiB"}, {100 << 20, "100 MiB"},
		{97 << 20, "97 MiB"}, {102_000_000, "97.3 MiB"}, {3 << 29, "1.5 GiB"}, {math.MaxUint64, "16 EiB"},
	} {
		if got := ByteSize(c.n); got != c.want {
			t.Errorf("ByteSize(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
