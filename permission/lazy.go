package permission

import "sync"

// lazy is a table built on its first use instead of when the program
// starts. Every mewsandbox process pays for package initialisation, the
// sandboxed child that `run` starts included, and most never consult these
// tables; a lazy value costs nothing until then. The zero sync.Once and a
// build function are static data, so declaring one runs no code.
type lazy[T any] struct {
	once  sync.Once
	build func() T
	v     T
}

// get returns the value, building it on the first call.
func (l *lazy[T]) get() T {
	l.once.Do(l.init)
	return l.v
}

func (l *lazy[T]) init() { l.v = l.build() }
