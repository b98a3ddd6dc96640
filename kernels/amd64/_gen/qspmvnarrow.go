package main

import "fmt"

// qspmvnarrow_amd64.s: the narrow SpMV kernels (spmvnarrow.go's template) on
// int8 codes with a scale per row.

// qspmvNarrowFile is qspmvnarrow_amd64.s after the build line.
func qspmvNarrowFile() string { return spmvNarrowFile(true) }

// qspmvNarrowDecls are the declarations of the int8 kernels (spmvnarrow.go's
// init adds them after the float ones).
func qspmvNarrowDecls() []decl {
	var ds []decl
	for _, k := range spmvNarrowKernels(true) {
		it, isaName, req := k.declParts()
		ds = append(ds, decl{"qspmvnarrow", k.name, fmt.Sprintf("(y, x []float32, ptr []uint32, col []%s, codes []int8, scale []float32, alpha, beta float32)", it),
			fmt.Sprintf(`%s is SpMVNarrowF32U%d%s on int8 codes with a scale
per row: y[i] = alpha*(s*scale[i]) + beta*y[i], s the row's sum of
float32(codes[k]) * x[col[k]]. It needs len(codes) == len(col) and
len(scale) == len(y), as well.
Requires: %s.`, k.name, 8*k.iw, isaName, req)})
	}
	return ds
}
