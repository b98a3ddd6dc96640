package typepool

import "testing"

type named float64

func TestFor(t *testing.T) {
	var p Pools
	if For[float64](&p) == For[named](&p) || For[float64](&p) == For[float32](&p) {
		t.Fatal("two element types share a pool")
	}
	if For[named](&p) != For[named](&p) {
		t.Fatal("a named type's pool changes between calls")
	}
	For[named](&p).Put(new([]named))
	if n := testing.AllocsPerRun(100, func() { For[float64](&p); For[named](&p) }); n != 0 {
		t.Errorf("For allocates %v times per call", n)
	}
}
