//go:build !arm64 || purego || noasm || !gc

package arm64

// HasNEON is false: the assembly is not built.
const HasNEON = false
