package engine

// CompressStarts implements kernels.CompressStarts.
func CompressStarts(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (n int, next uint64) {
	n, next, done := compressStarts.fn(crd, pos, keys, shift, shift1, mask, c)
	if done < len(keys)-1 {
		panic("kernels: CompressStarts: crd or pos too short")
	}
	return n, next
}

// compressStarts implements CompressStarts; an implementation stops before
// the first node that does not fit in crd or pos and also returns done, how
// many keys of keys[1:] it went through (len(keys)-1 when it finished).
var compressStarts = newFamily("compressstarts", compressStartsRef, compressStartsGeneric)

func compressStartsRef(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
	n := 0
	for i := 1; i < len(keys); i++ {
		x := keys[i] ^ keys[i-1]
		if x>>shift != 0 {
			if n == len(crd) || n == len(pos) {
				return n, c, i - 1
			}
			crd[n] = keys[i] >> shift & mask
			pos[n] = c
			n++
		}
		if x>>shift1 != 0 {
			c++
		}
	}
	return n, c, max(len(keys)-1, 0)
}

// noStarts returns CompressStarts' count c1 and end where no node of the
// level can start, with ok: fewer than two keys, or a shift of 64 or more
// (c plus the starts of shift1, which count counts).
func noStarts(keys []uint64, shift, shift1 uint, c uint64, count func([]uint64, uint) int) (c1 uint64, end int, ok bool) {
	if len(keys) < 2 {
		return c, 0, true
	}
	if shift >= 64 {
		return c + uint64(count(keys, shift1)), len(keys) - 1, true
	}
	return c, 0, false
}

// compressStartsGeneric is the reference loop with the predecessor kept in a
// register, limit compares and the room for nodes checked once per node.
func compressStartsGeneric(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
	if c1, end, ok := noStarts(keys, shift, shift1, c, countStartsGeneric); ok {
		return 0, c1, end
	}
	room := min(len(crd), len(pos))
	crd, pos = crd[:room], pos[:room]
	t, t1 := startLimit(shift), startLimit(shift1)
	n := 0
	prev := keys[0]
	for j, k := range keys[1:] {
		x := k ^ prev
		prev = k
		if x > t {
			if n == room {
				return n, c, j
			}
			crd[n] = k >> shift & mask
			pos[n] = c
			n++
		}
		if x > t1 {
			c++
		}
	}
	return n, c, len(keys) - 1
}

// compressStartsKernel is CompressStarts over whole groups of the kernel's
// width, given the limits of the shifts (see compressStartsAsm).
type compressStartsKernel = func(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int)

// compressStartsAsm is the glue of a CompressStarts kernel k, which goes
// through whole groups of width pairs (keys[i-1], keys[i]) while a whole
// group is left in keys and crd and pos have room for a whole group of
// nodes, given the limits of the shifts, and returns the nodes written, c
// after them and the pairs done (a multiple of width; see
// amd64.CompressStartsAVX2). k runs on chunk pairs a call while whole
// groups are left and fit, then the generic loop on what is left (which
// stops where a node does not fit). count is the CountStarts glue of the
// same path, for a shift of 64 or more (no node starts, c still counts).
//
//go:noinline
func compressStartsAsm(k compressStartsKernel, width int, count func([]uint64, uint) int) func(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
	return func(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
		if c1, end, ok := noStarts(keys, shift, shift1, c, count); ok {
			return 0, c1, end
		}
		room := min(len(crd), len(pos))
		t, t1 := startLimit(shift), startLimit(shift1)
		// Unit u is the pair (keys[u], keys[u+1]); n nodes are written,
		// n0 of them before the last call.
		n, n0 := 0, 0
		done := asmPieces((len(keys)-1)&^(width-1), chunk, func(lo, hi int) (int, bool) {
			if room-n < width {
				n0 = n
				return lo, false // no room for a group: the rest is generic's
			}
			dn, next, dd := k(crd[n:room], pos[n:room], keys[lo:hi+1], t, t1, shift, mask, c)
			n0, n, c = n, n+dn, next
			return lo + dd, lo+dd == hi
		}, func(lo, end int) {
			raceRead(keys[lo : end+1])
			raceWrite(crd[n0:n])
			raceWrite(pos[n0:n])
		})
		m, c, d := compressStartsGeneric(crd[n:room], pos[n:room], keys[done:], shift, shift1, mask, c)
		return n + m, c, done + d
	}
}
