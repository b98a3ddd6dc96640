//go:build !purego && !noasm && gc

package engine

import (
	"testing"

	"github.com/hurray-format/hurray-go/kernels/amd64"
)

// TestQSpMVI8RowAVX512 checks the int8 kernel by row that no tier
// registers (the AVX2 one serves the AVX-512 tier) as the tiers' kernels
// are checked.
func TestQSpMVI8RowAVX512(t *testing.T) {
	if !amd64.HasAVX512 {
		t.Skip("CPU lacks avx512")
	}
	testQFusedSpMV(t, qspmvFusedAsm(qspmvKernels{i8Row: amd64.QSpMVI8RowAVX512}))
}
