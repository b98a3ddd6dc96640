package parallel

import (
	"reflect"
	"sync"
)

// Pools is a set of sync.Pools, one per type parameter, for pooled state
// that holds typed slices (a product's job, a workspace): a pool shared by
// float64 and a named type of float64's kind would hand one the other's
// objects, fail the type assertion and allocate on every call of a program
// that uses both. The zero value is ready to use.
type Pools struct {
	f32, f64 sync.Pool
	others   sync.Map // reflect.Type -> *sync.Pool
}

// PoolOf returns the pool of T in p. It allocates nothing for float32 and
// float64, nor for another type once its pool exists.
func PoolOf[T any](p *Pools) *sync.Pool {
	var z T
	switch any(z).(type) {
	case float64:
		return &p.f64
	case float32:
		return &p.f32
	}
	typ := reflect.TypeFor[T]()
	q, ok := p.others.Load(typ)
	if !ok {
		q, _ = p.others.LoadOrStore(typ, new(sync.Pool))
	}
	return q.(*sync.Pool)
}
