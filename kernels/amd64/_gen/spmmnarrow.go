package main

import (
	"fmt"
	"strings"
)

// spmmnarrow_amd64.s: the SpMM kernels on 32-bit row pointers and 16- or
// 32-bit indices, from spmm.go's template. spmmscatternarrow.go shares the
// opening paragraph and the declarations.

// spmmNarrowDoc opens spmmnarrow_amd64.s and spmmscatternarrow_amd64.s.
const spmmNarrowDoc = `// The %s kernels of %s on a compressed matrix with 32-bit row
// pointers and 16- or 32-bit indices (the compute form of a prepared
// matrix), from the same template (_gen/spmm.go): the row pointers are
// read with MOVL and every index with MOVWQZX or MOVLQZX, zero-extended,
// then checked and used as the 64-bit kernels check and use theirs. The tile
// kernels walk the Go side's 64-bit copies of the segments, as there. The
// SpMM kernels hold the index bound (xrows, or the tile's limit) in R10
// and compare each chunk's end with the argument w instead.
//
`

// spmmNarrowFile is spmmnarrow_amd64.s after the build line.
func spmmNarrowFile() string {
	return spmmFamily(fmt.Sprintf(spmmNarrowDoc, "SpMM and SpMMTile", "spmm_amd64.s")+spmmDoc, []int{2, 4}, spmmFunc)
}

func init() { decls = append(decls, spmmNarrowDecls(false)...) }

// spmmNarrowDecls are the declarations of the narrow SpMM kernels (family
// spmmnarrow), or with scatter set of the narrow SpMMScatter kernels
// (family spmmscatternarrow).
func spmmNarrowDecls(scatter bool) []decl {
	var ds []decl
	for _, v := range spmmVariants([]int{2, 4}) {
		it := map[int]string{2: "uint16", 4: "uint32"}[v.iw]
		ops := fmt.Sprintf("ptr []uint32, idx []%s, vals []%s", it, v.tn)
		segs := fmt.Sprintf("seg []uint64, idx []%s, vals []%s", it, v.tn)
		dense := fmt.Sprintf("(y []%s, ldy int, x []%s, ldx, w int, ", v.tn, v.tn)
		like := func(name, wide string) string {
			return fmt.Sprintf(`%s is %s on 32-bit row pointers and
%s indices, read zero-extended and checked as there.
Requires: %s.`, name, wide, it, v.req)
		}
		wide := strings.Replace(v.name[len("Narrow"):], fmt.Sprintf("U%d", 8*v.iw), "", 1)
		if !scatter {
			n := "SpMM" + v.name
			ds = append(ds,
				decl{"spmmnarrow", n, dense + ops + fmt.Sprintf(", alpha, beta %s, xrows uint64) int", v.tn), like(n, "SpMM"+wide)},
				decl{"spmmnarrow", "SpMMTile" + v.name, dense + segs + fmt.Sprintf(", alpha, beta %s, limit uint64)", v.tn), like("SpMMTile"+v.name, "SpMMTile"+wide)})
			continue
		}
		n := "SpMMScatter" + v.name
		ds = append(ds,
			decl{"spmmscatternarrow", n, dense + ops + fmt.Sprintf(", alpha %s, yrows uint64) int", v.tn), like(n, "SpMMScatter"+wide)},
			decl{"spmmscatternarrow", "SpMMScatterTile" + v.name, dense + segs + fmt.Sprintf(", alpha %s, limit uint64)", v.tn), like("SpMMScatterTile"+v.name, "SpMMScatterTile"+wide)})
	}
	return ds
}
