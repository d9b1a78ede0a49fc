package permission

import "sync"

// lazy is a table built on its first use instead of when the program
// starts. Every mewsandbox process pays for package initialisation, the
// sandboxed child that `run` starts included, and most never consult these
// tables; a lazy value costs nothing until then. The zero sync.Once and a
// build function are static data, so declaring one runs no code. A
// table of constants alone (pathSpecs, repls, the subcommand rows) is
// better still as a plain array: the compiler lays it out in the
// binary's data, which costs nothing until read and no heap when it is,
// where a built map's rows took fresh pages of the heap on every check.
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

// Warm builds ahead the tables a first Check of a call to tool consults on
// its way (for a shell command, 0.07 ms of a first Check's 0.18): a caller
// with a processor to spare before it can check, such as a run while its
// settings load, calls it beside. Tables only some commands need stay
// lazy.
func Warm(tool string) {
	if _, kind := CanonicalTool(tool); kind != KindShell {
		return
	}
	dangerTable.get()
	readOnlyCommands.get()
}
