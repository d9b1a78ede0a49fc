//go:build linux && cgo

package exec

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// hugeProgram maps memory as the Go runtime and others would through the
// wrapper, and prints for each mapping whether it was advised huge pages
// (VmFlags hg in its own smaps).
const hugeProgram = `#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <fcntl.h>

static int advised(void *p) {
	char line[512];
	unsigned long lo, hi, want = (unsigned long)p;
	int in = 0, hg = 0;
	FILE *f = fopen("/proc/self/smaps", "r");
	if (f == NULL) {
		return -1;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' ')) {
			in = lo <= want && want < hi;
		} else if (in && strncmp(line, "VmFlags:", 8) == 0) {
			hg = strstr(line, " hg") != NULL;
			break;
		}
	}
	fclose(f);
	return hg;
}

int main(int argc, char **argv) {
	size_t big = 4 << 20, small = 64 << 10;
	int fd = open(argv[1], O_RDONLY);
	struct { const char *name; void *p; } m[] = {
		{"heap", mmap(NULL, big, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)},
		{"small", mmap(NULL, small, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)},
		{"reserved", mmap(NULL, big, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)},
		{"shared", mmap(NULL, big, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)},
		{"file", mmap(NULL, big, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0)},
	};
	for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) {
		if (m[i].p == MAP_FAILED) {
			printf("%s:failed ", m[i].name);
			continue;
		}
		printf("%s:%d ", m[i].name, advised(m[i].p));
	}
	printf("\n");
	return 0;
}
`

// TestHugePagesWrapper links hugepages_linux.c's mmap wrapper into a C
// program as the release build does (-Wl,--wrap=mmap): a private,
// anonymous, writable mapping of 1 MiB or more is advised huge pages; a
// small one, a reservation, a shared one and a file's are not.
func TestHugePagesWrapper(t *testing.T) {
	cc, err := osexec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler: cannot build the wrapper into a program")
	}
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err != nil {
		t.Skipf("this kernel has no transparent huge pages (%v): MADV_HUGEPAGE is refused, and no mapping shows the advice", err)
	}
	if status, err := os.ReadFile("/proc/self/status"); err == nil && strings.Contains(string(status), "THP_enabled:\t0") {
		t.Skip("transparent huge pages are disabled for this process and its children (prctl PR_SET_THP_DISABLE)")
	}
	src, err := filepath.Abs("hugepages_linux.c")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	main := filepath.Join(dir, "main.c")
	if err := os.WriteFile(main, []byte(hugeProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, "data")
	if err := os.WriteFile(data, make([]byte, 4<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, "prog")
	args := []string{"-O2", "-o", prog, main, src, "-Wl,--wrap=mmap", "-Wl,-u,mmap"}
	if out, err := osexec.Command(cc, args...).CombinedOutput(); err != nil {
		t.Fatalf("cc %v: %v\n%s", args, err, out)
	}
	out, err := osexec.Command(prog, data).Output()
	if err != nil {
		t.Fatalf("%s: %v", prog, err)
	}
	want := "heap:1 small:0 reserved:0 shared:0 file:0"
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("advised huge pages (1) or not (0): %s, want %s", got, want)
	}
}
