//go:build cgo

// The Go runtime's heap in transparent huge pages. Where a page fault is
// dear (a guest whose page tables the hypervisor shadows: 15 to 40 µs a
// fault on the machines of stops 38 to 43), a run's processes spent most
// of their processor time faulting in the runner's heap, its goroutine
// stacks and the runtime's metadata one 4 KiB page at a time: 530 faults
// a run with the layer, 260 of them in the heap. Touching 256 fresh pages
// took 4 ms there, and 0.15 to 0.25 ms once they were advised as huge
// pages (one fault, and a 2 MiB page zeroed in the kernel).
//
// The release binary is linked with -Wl,--wrap=mmap (see the Makefile).
// With cgo, the runtime maps all its memory through the C library
// (x_cgo_mmap), so its calls come here; the C library's own (malloc, the
// threads' stacks) do not. Each private anonymous mapping of 1 MiB or more
// that it maps readable and writable (the heap's arenas as they are
// used, their metadata) is advised MADV_HUGEPAGE, which transparent huge
// pages in their "madvise" setting (Debian's and most distributions')
// honour. The runtime's reservations (PROT_NONE) are not, and it keeps
// its own word: what it maps and then advises MADV_NOHUGEPAGE (sparse
// metadata) stays in small pages, as it asked. Where the kernel has no
// transparent huge pages, or they are off, the advice changes nothing
// and its error is ignored: it is advice.
//
// The price is memory: the runner's resident set grows by up to the 2 MiB
// pages it touches (measured in make bench's peak RSS column). The
// command's memory is its own: it starts from execve, with none of this.

#include <errno.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/types.h>

// MEWS_HUGE_MIN is the smallest mapping advised: a transparent huge page
// needs an aligned 2 MiB inside the mapping, and the runtime maps its
// heap in steps of 4 MiB (64 MiB arenas on 64-bit).
#define MEWS_HUGE_MIN ((size_t)1 << 20)

// __real_mmap is the C library's, where the link wraps it; weak, so that
// a link without the wrap (go test, go build) still resolves. The
// Makefile's -Wl,-u,mmap keeps the library's in the binary.
extern void *__real_mmap(void *, size_t, int, int, int, off_t) __attribute__((weak));

void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
	void *p = __real_mmap(addr, len, prot, flags, fd, off);
	if (p != MAP_FAILED && len >= MEWS_HUGE_MIN && (flags & MAP_ANONYMOUS) && (flags & MAP_PRIVATE) && (prot & PROT_WRITE)) {
		int saved = errno;
		madvise(p, len, MADV_HUGEPAGE);
		errno = saved;
	}
	return p;
}
