package mem

import (
	"strconv"
	"strings"
)

// ByteSize formats n bytes with a binary unit and three significant digits
// at most: "512 bytes", "97.3 MiB", "1.5 GiB".
func ByteSize(n uint64) string {
	if n < 1024 {
		return strconv.FormatUint(n, 10) + " bytes"
	}
	v, u := float64(n)/1024, 0
	for v >= 1024 && u < 5 {
		v /= 1024
		u++
	}
	prec := 2
	if v >= 100 {
		prec = 0
	} else if v >= 10 {
		prec = 1
	}
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s + " " + [...]string{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}[u]
}
