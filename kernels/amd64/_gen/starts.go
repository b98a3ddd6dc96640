package main

// What the node-start families share: countstarts (countstarts.go) and
// compressstarts (compressstarts.go) find the node starts in a sorted run of
// packed CSF keys.

// startsDoc is what both files open with.
const startsDoc = `Node starts in a sorted run of packed CSF keys (package convert packs every
level's coordinate into one uint64, upper levels in the higher bits). Key
i starts a node at a level when x = keys[i] ^ keys[i-1] has a bit at or
above the level's shift, that is when x > limit = 1<<shift - 1 (unsigned):
one compare a lane, whatever the shift, and limit = 2^64-1 (never) for a
shift of 64 or more.`

// wholePairs turns keys_len, in CX, into the pairs of keys in whole steps
// of w: CX = (len(keys)-1) rounded down to a multiple of w, 0 for an empty
// keys. It clobbers AX.
func wholePairs(f *asmFile, w int) {
	f.i("DECQ CX // CX = pairs left, whole steps of %d", w)
	f.i("XORQ AX, AX")
	f.i("CMPQ CX, AX")
	f.i("CMOVQLT AX, CX")
	f.i("ANDQ $-%d, CX", w)
}
