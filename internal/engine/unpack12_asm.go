//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

// unpack12Asm is the glue of an assembly Unpack12 kernel k, which unpacks w
// offsets a step from an even offset and reads over bytes beyond a step's:
// the generic loop takes an odd first offset, and the offsets the kernel's
// steps leave or could not read without passing the end of src.
//
//go:noinline
func unpack12Asm(k func(dst []uint16, src []byte), w, over int) unpack12Func {
	return func(dst []uint16, src []byte, first int) {
		i := first & 1
		o := 3 * ((first + i) >> 1)
		n := 0
		if len(dst) > i && len(src) > o {
			n = min(len(dst)-i, (len(src)-o-over)/3*2) / w * w
		}
		if n > 0 {
			raceRead(src[o : o+3*n/2])
			raceWrite(dst[i : i+n])
			k(dst[i:i+n], src[o:])
		}
		if i == 1 {
			dst[0] = Get12(src, first)
		}
		if i+n < len(dst) {
			unpack12Generic(dst[i+n:], src, first+i+n)
		}
	}
}
