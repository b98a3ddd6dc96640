package kernels

import "github.com/hurray-format/hurray-go/kernels/amd64"

var _ = registerSearchAMD64()

func registerSearchAMD64() bool {
	if amd64.HasAVX2 {
		// The assembly handles every length itself, so it is registered
		// without a Go wrapper: short searches pay one call only.
		lowerBound.set(tierAVX2, amd64.LowerBoundAVX2)
	}
	if amd64.HasAVX512 {
		lowerBound.set(tierAVX512, amd64.LowerBoundAVX512)
	}
	return true
}
