package prepared

import "testing"

func TestShortSums(t *testing.T) {
	for _, c := range []struct {
		rows, entries, longest int
		want                   uint8
	}{
		{0, 0, 0, 0},
		{10, 0, 0, 1},
		{10, 10, 1, 1},
		{10, 20, 3, 2},
		{10, 120, 40, 2},
		{10, 121, 40, 4},
		{10, 1280, 200, 4},
		{10, 1281, 200, 0},
	} {
		if got := shortSums(c.rows, c.entries, c.longest); got != c.want {
			t.Errorf("shortSums(%d, %d, %d) = %d, want %d", c.rows, c.entries, c.longest, got, c.want)
		}
	}
}
