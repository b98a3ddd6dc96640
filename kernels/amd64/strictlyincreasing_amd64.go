//go:build !purego && !noasm && gc

package amd64

// StrictlyIncreasingAVX2 continues the crd check of a compressed level from
// pair i (crd[i-1], crd[i]) with merge position p in pos:
//
//	for ; i+8 <= len(crd); i += 8 {
//		for each j in i..i+7 with crd[j] <= crd[j-1], in order {
//			for p < len(pos) && pos[p] < j { p++ }
//			if p == len(pos) || pos[p] != j { return j, i, p }
//		}
//	}
//	return -1, i, p
//
// It assumes i >= 1 and 0 <= p <= len(pos), and reads only crd[0:len(crd)]
// and pos[0:len(pos)]; pass crd[:end] to bound the work of one call.
//
//go:noescape
func StrictlyIncreasingAVX2(pos, crd []uint64, i, p int) (bad, next, np int)

// StrictlyIncreasingAVX512 is StrictlyIncreasingAVX2 with blocks of 16.
//
//go:noescape
func StrictlyIncreasingAVX512(pos, crd []uint64, i, p int) (bad, next, np int)
