//go:build !purego && !noasm && gc

package amd64

import (
	"github.com/klauspost/cpuid/v2"
	"golang.org/x/sys/cpu"
)

// HasAVX2 reports whether the AVX2 path may run: AVX2, BMI2 and FMA3 with OS
// support for the YMM state.
var HasAVX2 = cpuid.CPU.Supports(cpuid.AVX2, cpuid.BMI2, cpuid.FMA3) && cpu.X86.HasAVX2

// HasAVX512 reports whether the AVX-512 path may run: AVX512F, VL, BW and DQ
// with OS support for the ZMM and mask state (cpuid checks XCR0). GODEBUG=
// cpu.avx512f=off turns it off through golang.org/x/sys/cpu.
var HasAVX512 = HasAVX2 && cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512VL, cpuid.AVX512BW, cpuid.AVX512DQ) && cpu.X86.HasAVX512F

// CacheL1D, CacheL2 and CacheL3 are the data cache sizes in bytes cpuid
// reports (per core for L1 and L2), or 0 where it reports none.
var (
	CacheL1D = max(cpuid.CPU.Cache.L1D, 0)
	CacheL2  = max(cpuid.CPU.Cache.L2, 0)
	CacheL3  = max(cpuid.CPU.Cache.L3, 0)
)

// IsIntel reports a CPU whose vendor is Intel.
var IsIntel = cpuid.CPU.VendorID == cpuid.Intel
