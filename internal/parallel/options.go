package parallel

import "sync/atomic"

// Options says how many goroutines a loop takes.
type Options struct {
	// Workers is the most goroutines, the caller's among them; 0 or less
	// means GOMAXPROCS at the time of the loop.
	Workers int
	// MinWork is the least work (in the loop's own units: nonzeros,
	// multiply-adds, entries) that takes a second goroutine; above it
	// every goroutine gets at least MinWork/2.
	MinWork int
}

// Goroutines returns how many goroutines a loop of the given work takes:
// one below MinWork, else one per MinWork/2 of work, at most Workers and at
// least one.
func (o Options) Goroutines(work int) int {
	if work < o.MinWork {
		return 1
	}
	return max(1, min(Workers(o.Workers), work/max(1, o.MinWork/2)))
}

// Setting holds a package's Options behind knobs that may change while
// loops run (csr.SetWorkers, say): each loop reads it once. The zero value
// holds zeros: GOMAXPROCS and the package's default MinWork.
type Setting struct {
	workers, minWork atomic.Int64
}

// SetWorkers sets Workers (n <= 0: GOMAXPROCS) and returns the previous
// setting.
func (s *Setting) SetWorkers(n int) (prev int) { return int(s.workers.Swap(int64(max(n, 0)))) }

// SetMinWork sets MinWork (n <= 0: the default given to Options) and
// returns the previous setting (0 for the default).
func (s *Setting) SetMinWork(n int) (prev int) { return int(s.minWork.Swap(int64(max(n, 0)))) }

// Options returns the setting, with minWork where it holds the default.
func (s *Setting) Options(minWork int) Options {
	o := Options{Workers: int(s.workers.Load()), MinWork: int(s.minWork.Load())}
	if o.MinWork == 0 {
		o.MinWork = minWork
	}
	return o
}
