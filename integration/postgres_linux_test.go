//go:build linux

package integration

import (
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPostgresNeighbour: a PostgreSQL server, which makes a System V
// shared memory segment as its interlock, starts and answers a query in
// the sandbox under the namespace layer, whose IPC namespace holds it;
// without the layer seccomp refuses the segment, and initdb fails, the
// documented cost. Skipped where PostgreSQL is not installed. As root,
// which PostgreSQL refuses to run as, the runner runs as nobody.
func TestPostgresNeighbour(t *testing.T) {
	path := "/usr/local/bin:/usr/bin:/bin:/usr/lib/postgresql/15/bin"
	for _, p := range []string{"initdb", "pg_ctl", "psql"} {
		if _, err := lookPathIn(p, path); err != nil {
			t.Skipf("no %s: PostgreSQL is not installed", p)
		}
	}
	requireNamespaces(t)
	for _, tt := range []struct {
		name  string
		flags []string
	}{{"layer", nil}, {"no-namespaces", []string{"--no-namespaces"}}} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir, err := os.MkdirTemp("", "mewsandbox-pg-")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(dir) })
			runner := bin
			var prefix []string
			if os.Geteuid() == 0 {
				if _, err := osexec.LookPath("setpriv"); err != nil {
					t.Skip("as root the runner must run as another user, which needs setpriv (util-linux)")
				}
				// The binary may be where nobody can read it.
				runner = filepath.Join(dir, "mewsandbox")
				if err := copyFile(bin, runner); err != nil {
					t.Fatal(err)
				}
				if err := filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
					if err != nil {
						return err
					}
					return os.Lchown(p, 65534, 65534)
				}); err != nil {
					t.Fatal(err)
				}
				prefix = []string{"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"}
			}
			root := filepath.Join(dir, "project")
			if err := os.Mkdir(root, 0o755); err != nil {
				t.Fatal(err)
			}
			if os.Geteuid() == 0 {
				os.Lchown(root, 65534, 65534)
			}
			script := `initdb -D db -A trust -U u >init.log 2>&1 || { echo initdb failed; cat init.log; exit 0; }
pg_ctl -D db -o "-k $PWD -c listen_addresses=" -l pg.log -w start >/dev/null || { echo start failed; cat pg.log; exit 0; }
echo "answer: $(psql -h "$PWD" -U u -d postgres -Atc 'select 40+2')"
pg_ctl -D db -m fast -w stop >/dev/null || echo stop failed`
			args := append([]string{"env", "-i", "PATH=" + path, "HOME=" + dir, "LANG=C", runner, "run", "--yolo", "--allow-unix-sockets", "--root", root}, tt.flags...)
			args = append(append(prefix, args...), "--", "sh", "-c", script)
			cmd := osexec.Command(args[0], args[1:]...)
			cmd.Dir = root
			r := runCommand(t, cmd)
			if r.code != 0 {
				t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
			}
			if tt.flags == nil {
				if !strings.Contains(r.stdout, "answer: 42") {
					t.Errorf("PostgreSQL in the sandbox: %s\nstderr: %s", r.stdout, r.stderr)
				}
				return
			}
			if !strings.Contains(r.stdout, "initdb failed") || !strings.Contains(r.stdout, "could not create shared memory segment: Operation not permitted") {
				t.Errorf("without the layer, want initdb refused its shared memory: %s\nstderr: %s", r.stdout, r.stderr)
			}
		})
	}
}

// copyFile copies the file src to dst, executable.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
