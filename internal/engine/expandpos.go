package engine

// ExpandPos implements kernels.ExpandPos.
func ExpandPos(dst []uint64, pos []uint64) {
	if len(pos) == 0 || pos[0] != 0 || pos[len(pos)-1] != uint64(len(dst)) {
		panic("kernels: ExpandPos: pos must start at 0 and end at len(dst)")
	}
	expandPos.fn(dst, pos)
}

var expandPos = newFamily("expandpos", expandPosRef, expandPosGeneric)

func expandPosRef(dst []uint64, pos []uint64) {
	for p := 0; p+1 < len(pos); p++ {
		lo, hi := clampRange(pos, p, len(dst))
		for j := lo; j < hi; j++ {
			dst[j] = uint64(p)
		}
	}
}

// expandPosGeneric stores every parent into the first two children's slots
// whatever its run length (spillRows), so that runs of 0, 1 and 2 children,
// the usual ones of a CSF leaf level, take no branch on the length (a
// mispredicted branch a run is what a loop over each run costs there); on
// longer runs the two stores cost nothing that shows.
func expandPosGeneric(dst []uint64, pos []uint64) {
	n := uint64(len(dst))
	for p := 0; p+1 < len(pos); p++ {
		spillRows(dst, 1, 0, n, n, pos[p], pos[p+1], uint64(p))
	}
}
