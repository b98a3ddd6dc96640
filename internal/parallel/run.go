package parallel

import (
	"sync"
	"sync/atomic"
)

// Body is a loop body for Do: Part(g, k, lo, hi) runs range k, items
// lo..hi-1, on goroutine g (0 is the caller; g is below the goroutine count
// given to Do, so it may index per-goroutine scratch). Two parts may run at
// once, on different goroutines; one goroutine runs its parts in turn.
type Body interface {
	Part(g, k, lo, hi int)
}

// Do calls body.Part for every range k of the boundaries b on up to w
// goroutines, the caller's among them, each taking the next range not yet
// taken, and returns when every range is done. A panic in a part is raised
// again on the caller then (the first one, when several parts panic). It
// allocates nothing once the worker goroutines it needs exist.
func Do(b []int, w int, body Body) {
	parts := len(b) - 1
	if parts <= 0 {
		return
	}
	if w = min(w, parts); w <= 1 {
		for k := range parts {
			body.Part(0, k, b[k], b[k+1])
		}
		return
	}
	l := loops.Get().(*loop)
	l.body, l.b = body, b
	l.next.Store(0)
	helpers.wake(l, w-1)
	l.work(0)
	l.done.Wait()
	v, panicked := l.caught.take()
	l.body, l.b = nil, nil
	loops.Put(l)
	if panicked {
		panic(v)
	}
}

// Run calls fn(k, b[k], b[k+1]) for every range of b, each on a goroutine
// of its own (the caller's among them) when the workers are free. It
// returns when all are done; a panic in any part is raised again on the
// caller then.
func Run(b []int, fn func(part, lo, hi int)) { Do(b, len(b)-1, runFunc(fn)) }

// Share calls fn(g, k, b[k], b[k+1]) for every range k of b on w goroutines
// (g, 0..w-1, names the goroutine, for its scratch), each taking the next
// range not yet taken when it is done with its last: where Run gives each
// goroutine one range, Share lets a goroutine that runs faster take more.
// A core of a shared machine may run at half the speed of another for a
// while, and with fixed halves the faster one then waits for the slower. b
// should hold several ranges per goroutine (Parts). Panics reach the
// caller as with Run.
func Share(b []int, w int, fn func(g, k, lo, hi int)) { Do(b, w, shareFunc(fn)) }

type runFunc func(part, lo, hi int)

func (f runFunc) Part(_, k, lo, hi int) { f(k, lo, hi) }

type shareFunc func(g, k, lo, hi int)

func (f shareFunc) Part(g, k, lo, hi int) { f(g, k, lo, hi) }

// loop is one Do call: what its goroutines share.
type loop struct {
	body   Body
	b      []int
	next   atomic.Int64 // the next range to take
	done   sync.WaitGroup
	caught caught
}

// loops holds the loop states of finished calls, so that Do allocates
// none.
var loops = sync.Pool{New: func() any { return new(loop) }}

// work takes ranges until none is left.
func (l *loop) work(g int) {
	parts := len(l.b) - 1
	for {
		k := int(l.next.Add(1)) - 1
		if k >= parts {
			return
		}
		l.part(g, k)
	}
}

// part runs range k, keeping a panic for the caller.
func (l *loop) part(g, k int) {
	defer l.caught.recover()
	l.body.Part(g, k, l.b[k], l.b[k+1])
}

// worker is a helper goroutine; it parks on its channel when idle.
type worker struct {
	wake chan assignment // capacity 1: a send to an idle worker never blocks
}

type assignment struct {
	l *loop
	g int
}

func (w *worker) run() {
	for a := range w.wake {
		a.l.work(a.g)
		// Idle again before the caller can return: a loop that follows at
		// once finds this worker free.
		helpers.park(w)
		a.l.done.Done()
	}
}

// pool is the set of helper goroutines.
type pool struct {
	mu      sync.Mutex
	idle    []*worker
	started int
	limit   int // the most helpers one loop has asked for
}

var helpers pool

// wake hands l to up to n helpers, idle ones first, starting new ones while
// fewer than the largest number a loop has asked for exist.
func (p *pool) wake(l *loop, n int) {
	p.mu.Lock()
	p.limit = max(p.limit, n)
	for g := 1; g <= n; g++ {
		var w *worker
		if i := len(p.idle) - 1; i >= 0 {
			w = p.idle[i]
			p.idle = p.idle[:i]
		} else if p.started < p.limit {
			w = &worker{wake: make(chan assignment, 1)}
			p.started++
			go w.run()
		} else {
			break // every helper is busy with another loop
		}
		l.done.Add(1)
		w.wake <- assignment{l, g}
	}
	p.mu.Unlock()
}

func (p *pool) park(w *worker) {
	p.mu.Lock()
	p.idle = append(p.idle, w)
	p.mu.Unlock()
}

// caught carries a panic from a part to the caller of Do; the first panic
// wins. The zero value is ready to use.
type caught struct {
	mu  sync.Mutex
	val any
	set bool
}

// recover records a panic of the function that defers it (it must be
// deferred directly: defer c.recover()) and lets that function return.
func (c *caught) recover() {
	if r := recover(); r != nil {
		c.mu.Lock()
		if !c.set {
			c.val, c.set = r, true
		}
		c.mu.Unlock()
	}
}

// take returns the recorded panic, if any, and clears it.
func (c *caught) take() (any, bool) {
	c.mu.Lock()
	v, set := c.val, c.set
	c.val, c.set = nil, false
	c.mu.Unlock()
	return v, set
}
