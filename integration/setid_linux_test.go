package integration

import (
	"io/fs"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoSetIDFiles: the command cannot give a file the set-user-ID or
// set-group-ID bit. Without CAP_FSETID an owner still may, and what a root
// command makes is root's: a red team's set-uid-root copy of id, left in
// the project, ran as root for any user of the host. chmod, install -m
// and an extraction that keeps modes (tar -p of a set-uid member) all
// fail, with the namespace layer and without it, and no file of the root
// has either bit afterwards; the plain modes beside them are set.
func TestNoSetIDFiles(t *testing.T) {
	t.Parallel()
	id, err := os.ReadFile("/usr/bin/id")
	if err != nil {
		t.Skipf("no /usr/bin/id: %v", err)
	}
	for _, flags := range namespaceFlags {
		t.Run(strings.Join(append(flags, "-"), " "), func(t *testing.T) {
			t.Parallel()
			b := newBox(t, nil)
			// An archive made on the host, with a set-uid member.
			src := t.TempDir()
			member := filepath.Join(src, "member-id")
			if err := os.WriteFile(member, id, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(member, 0o755|os.ModeSetuid); err != nil {
				t.Fatal(err)
			}
			if out, err := osexec.Command("tar", "-C", src, "-cf", filepath.Join(b.root, "a.tar"), "member-id").CombinedOutput(); err != nil {
				t.Fatalf("tar: %v: %s", err, out)
			}
			got := b.check(`cp /usr/bin/id suid-id
c "chmod 4755" chmod 4755 suid-id
c "chmod u+s" chmod u+s suid-id
c "chmod g+s" chmod g+s suid-id
c "install -m 4755" install -m 4755 /usr/bin/id installed-id
c "tar -xpf" tar -xpf a.tar
c "chmod 755 (neighbour)" chmod 755 suid-id
c "chmod 1777 (neighbour, sticky)" sh -c 'mkdir -p shared && chmod 1777 shared'
`, flags...)
			for _, l := range []string{"chmod 4755", "chmod u+s", "chmod g+s", "install -m 4755", "tar -xpf"} {
				got.fails(t, l)
			}
			got.ok(t, "chmod 755 (neighbour)")
			got.ok(t, "chmod 1777 (neighbour, sticky)")
			filepath.WalkDir(b.root, func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					return nil
				}
				if info, err := d.Info(); err == nil && info.Mode()&(os.ModeSetuid|os.ModeSetgid) != 0 {
					t.Errorf("%s is %v after the run", p, info.Mode())
				}
				return nil
			})
		})
	}
}
