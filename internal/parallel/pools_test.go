package parallel

import "testing"

type named float64

func TestPoolOf(t *testing.T) {
	var p Pools
	if PoolOf[float64](&p) == PoolOf[named](&p) || PoolOf[float64](&p) == PoolOf[float32](&p) {
		t.Fatal("two element types share a pool")
	}
	if PoolOf[named](&p) != PoolOf[named](&p) {
		t.Fatal("a named type's pool changes between calls")
	}
	PoolOf[named](&p).Put(new([]named))
	if n := testing.AllocsPerRun(100, func() { PoolOf[float64](&p); PoolOf[named](&p) }); n != 0 {
		t.Errorf("PoolOf allocates %v times per call", n)
	}
}
