//go:build linux && cgo

package exec

// With cgo the runtime starts its threads with pthread_create, and the C
// library gives each thread that first frees or allocates an arena of its
// own: a 128 MiB reservation trimmed by munmap and opened by mprotect,
// three calls a thread, whose changes to the mappings interrupt the
// runtime's threads on the other cores. The runner's C side allocates
// next to nothing, so every thread shares the main arena: measured, about
// 15 system calls and 0.1 ms fewer for a run.

/*
#include <malloc.h>

__attribute__((constructor)) static void mews_one_arena(void) {
#ifdef __GLIBC__
	mallopt(M_ARENA_MAX, 1);
#endif
}
*/
import "C"
