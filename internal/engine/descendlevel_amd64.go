package engine

import (
	"github.com/hurray-format/hurray-go/kernels/amd64"
)

func descendLevelAVX2(node []int, pos, crd, coords []uint64, stride, off int) {
	descendRace(node, pos, crd, coords)
	n := len(node) &^ 3
	if len(crd) >= 1<<62 {
		n = 0
	}
	for q := 0; q < n; q += descendChunk {
		e := min(q+descendChunk, n)
		amd64.DescendLevelAVX2(node[q:], e-q, pos, crd, coords[q*stride:], stride, off)
	}
	if n < len(node) {
		descendLevelGeneric(node[n:], pos, crd, coords[n*stride:], stride, off)
	}
}

func descendLevelAVX512(node []int, pos, crd, coords []uint64, stride, off int) {
	descendRace(node, pos, crd, coords)
	n := len(node) &^ 7
	if len(crd) >= 1<<62 {
		n = 0
	}
	for q := 0; q < n; q += descendChunk {
		e := min(q+descendChunk, n)
		amd64.DescendLevelAVX512(node[q:], e-q, pos, crd, coords[q*stride:], stride, off)
	}
	if n < len(node) {
		descendLevelGeneric(node[n:], pos, crd, coords[n*stride:], stride, off)
	}
}

// descendRace tells the race detector what the DescendLevel assembly may
// touch (conservatively: all of pos, crd and coords).
func descendRace(node []int, pos, crd, coords []uint64) {
	raceRead(pos)
	raceRead(crd)
	raceRead(coords)
	raceRead(node)
	raceWrite(node)
}
