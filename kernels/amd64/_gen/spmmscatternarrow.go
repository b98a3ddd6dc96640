package main

import "fmt"

// spmmscatternarrow_amd64.s: the SpMMScatter kernels on 32-bit row pointers
// and 16- or 32-bit indices, from spmm.go's template (the opening paragraph
// and the declarations in spmmnarrow.go).

// spmmScatterNarrowFile is spmmscatternarrow_amd64.s after the build line.
func spmmScatterNarrowFile() string {
	return spmmFamily(fmt.Sprintf(spmmNarrowDoc, "SpMMScatter and SpMMScatterTile", "spmmscatter_amd64.s")+spmmScatterDoc, []int{2, 4}, spmmScatterFunc)
}

func init() { decls = append(decls, spmmNarrowDecls(true)...) }
