//go:build !amd64 || purego || noasm || !gc

package amd64

// FirstNotBelowAVX2 is not built here; it panics.
func FirstNotBelowAVX2(s []uint64, bound uint64) int { panic(noAsm) }

// FirstNotBelowAVX512 is not built here; it panics.
func FirstNotBelowAVX512(s []uint64, bound uint64) int { panic(noAsm) }

// FirstNotBelowCycleAVX2 is not built here; it panics.
func FirstNotBelowCycleAVX2(s []uint64, pat []uint64) int { panic(noAsm) }

// FirstNotBelowCycleAVX512 is not built here; it panics.
func FirstNotBelowCycleAVX512(s []uint64, pat []uint64) int { panic(noAsm) }
