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
