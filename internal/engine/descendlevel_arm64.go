package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

func descendLevelNEON(node []int, pos, crd []uint64, coords []uint64, stride, off int) {
	for len(node) > 0 {
		c := min(len(node), descendChunk)
		arm64.DescendLevelNEON(node[:c], pos, crd, coords[:c*stride], stride, off)
		node, coords = node[c:], coords[c*stride:]
	}
}
