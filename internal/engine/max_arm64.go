package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

func maxNEON(s []uint64) uint64 {
	var m uint64
	for len(s) >= 4 {
		c := s[:min(len(s), chunk)&^3]
		m = max(m, arm64.MaxNEON(c))
		s = s[len(c):]
	}
	for _, v := range s {
		m = max(m, v)
	}
	return m
}
