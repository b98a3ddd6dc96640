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

// compressStartsGeneric is the reference loop with the predecessor kept in a
// register, limit compares and the room for nodes checked once per node.
func compressStartsGeneric(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
	if len(keys) < 2 {
		return 0, c, 0
	}
	if shift >= 64 {
		return 0, c + uint64(countStartsGeneric(keys, shift1)), len(keys) - 1
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
// width, with the shifts' limits: it goes through groups while a whole group
// is left in keys and crd and pos have room for a whole group of nodes, and
// returns the nodes written, c after them and the keys of keys[1:] done (a
// multiple of the width).
type compressStartsKernel func(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int)

// compressStartsBlocks runs k on chunks of keys while whole groups are left
// and fit in crd and pos, then the generic loop on what is left (which stops
// where a node does not fit).
func compressStartsBlocks(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64, width int, count func([]uint64, uint) int, k compressStartsKernel) (int, uint64, int) {
	if len(keys) < 2 {
		return 0, c, 0
	}
	if shift >= 64 {
		return 0, c + uint64(count(keys, shift1)), len(keys) - 1
	}
	raceRead(keys)
	room := min(len(crd), len(pos))
	t, t1 := startLimit(shift), startLimit(shift1)
	n, done := 0, 0
	for len(keys)-1-done >= width && room-n >= width {
		end := min(len(keys), done+1+chunk)
		dn, next, dd := k(crd[n:room], pos[n:room], keys[done:end], t, t1, shift, mask, c)
		raceWrite(crd[n : n+dn])
		raceWrite(pos[n : n+dn])
		n, c, done = n+dn, next, done+dd
		if dd == 0 {
			break // no room for a group: the rest is generic's
		}
	}
	m, c, d := compressStartsGeneric(crd[n:room], pos[n:room], keys[done:], shift, shift1, mask, c)
	return n + m, c, done + d
}
