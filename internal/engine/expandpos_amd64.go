package engine

func expandPosAVX2(dst, pos []uint64) {
	if shortRuns(len(dst), pos, minRunAVX2) {
		expandPosGeneric(dst, pos)
		return
	}
	fillRuns(dst, pos, nil, false)
}

func expandPosAVX512(dst, pos []uint64) {
	if shortRuns(len(dst), pos, minRunAVX512) {
		expandPosGeneric(dst, pos)
		return
	}
	fillRuns(dst, pos, nil, true)
}
