//go:build linux

package exec

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// handoverRoot is a root with a repository whose config and hook the
// snapshot keeps, and the snapshot of it.
func handoverRoot(t *testing.T) (string, *snapshot) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{".git/hooks", ".git/objects", ".git/refs"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, content := range map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\tbare = false\n", ".git/hooks/pre-commit": "#!/bin/sh\nexit 0\n"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	s := planUnlayered(DefaultPolicy(root), root)
	if s == nil || s.dotGit == nil || len(s.tooMuch) > 0 {
		t.Fatalf("snapshot %+v", s)
	}
	return root, s
}

// sealedMemfd is b in a memfd sealed as child_linux.c's hand_over seals
// it (sealed false: left open to writes).
func sealedMemfd(t *testing.T, b []byte, sealed bool) int {
	t.Helper()
	fd, err := unix.MemfdCreate("mewsandbox-snapshot", unix.MFD_ALLOW_SEALING|unix.MFD_CLOEXEC)
	if err != nil {
		t.Skipf("memfd_create: %v", err)
	}
	if _, err := unix.Write(fd, b); err != nil {
		t.Fatal(err)
	}
	if sealed {
		if _, err := unix.FcntlInt(uintptr(fd), unix.F_ADD_SEALS, unix.F_SEAL_SEAL|unix.F_SEAL_SHRINK|unix.F_SEAL_GROW|unix.F_SEAL_WRITE); err != nil {
			t.Fatal(err)
		}
	}
	return fd
}

// plant writes the command's hook and config, as rt22's runs do.
func plant(t *testing.T, root string) {
	t.Helper()
	os.Remove(filepath.Join(root, ".git/hooks/pre-commit"))
	if err := os.WriteFile(filepath.Join(root, ".git/hooks/pre-commit"), []byte("#!/bin/sh\ntouch pwned\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".git/config"), []byte("[core]\n\tfsmonitor = touch pwned\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSnapshotHandedOver: a snapshot encoded by the runner and handed over
// sealed decodes as taken, and checkHanded then undoes the command's
// plants as the runner's check would: moved aside, the bytes before the
// run put back.
func TestSnapshotHandedOver(t *testing.T) {
	root, s := handoverRoot(t)
	enc := s.encode()
	back, err := decodeSnapshot(enc)
	if err != nil {
		t.Fatal(err)
	}
	if string(back.encode()) != string(enc) {
		t.Fatal("the decoded snapshot encodes otherwise")
	}
	plant(t, root)
	found := checkHanded(strings.TrimPrefix(snapshotArg(enc), "s:"), sealedMemfd(t, enc, true))
	all := strings.Join(found, "\n")
	if !strings.Contains(all, ".git/hooks/pre-commit.mewsandbox-planted") || !strings.Contains(all, ".git/config.mewsandbox-planted") || strings.Contains(all, "not to be trusted") {
		t.Fatalf("found %q", found)
	}
	for name, want := range map[string]string{".git/config": "[core]\n\tbare = false\n", ".git/hooks/pre-commit": "#!/bin/sh\nexit 0\n", ".git/hooks/pre-commit.mewsandbox-planted": "#!/bin/sh\ntouch pwned\n"} {
		if got, _ := os.ReadFile(filepath.Join(root, name)); string(got) != want {
			t.Errorf("%s holds %q, want %q", name, got, want)
		}
	}
}

// TestSnapshotHandedOverUntrusted: a hand-over that is not the runner's
// (another checksum, unsealed, cut short, missing) puts nothing back:
// what differs from what it says is moved aside, and with nothing to go
// by the report says so.
func TestSnapshotHandedOverUntrusted(t *testing.T) {
	for _, c := range []string{"checksum", "unsealed", "cut", "garbage", "missing"} {
		t.Run(c, func(t *testing.T) {
			root, s := handoverRoot(t)
			enc := s.encode()
			arg := strings.TrimPrefix(snapshotArg(enc), "s:")
			handed, fd := enc, -2
			switch c {
			case "checksum":
				handed = append([]byte(nil), enc...)
				i := strings.Index(string(handed), "bare = false")
				copy(handed[i:], "bare = true!") // as long: only the checksum tells
			case "unsealed":
				fd = sealedMemfd(t, enc, false)
			case "cut":
				handed = enc[:len(enc)-7]
			case "garbage":
				handed = []byte("not a snapshot at all")
			case "missing":
				fd = -1
			}
			if fd == -2 {
				fd = sealedMemfd(t, handed, true)
			}
			plant(t, root)
			found := strings.Join(checkHanded(arg, fd), "\n")
			if !strings.Contains(found, "not to be trusted") && !strings.Contains(found, "could not be read") {
				t.Fatalf("found %q", found)
			}
			if _, err := os.Lstat(filepath.Join(root, ".git/config")); err == nil && c != "garbage" && c != "missing" {
				got, _ := os.ReadFile(filepath.Join(root, ".git/config"))
				t.Errorf(".git/config put back from an untrusted hand-over: %q", got)
			}
			if c == "checksum" || c == "unsealed" || c == "cut" {
				if got, _ := os.ReadFile(filepath.Join(root, ".git/hooks/pre-commit.mewsandbox-planted")); string(got) != "#!/bin/sh\ntouch pwned\n" {
					t.Errorf("the planted hook was not moved aside: %q", got)
				}
			}
		})
	}
}

// TestDecodeSnapshotBounded: names that would lead compare out of its
// directory, and counts past what is there, are refused.
func TestDecodeSnapshotBounded(t *testing.T) {
	good := &snapshot{root: "/p", entries: []*snapEntry{{path: "/p/.git/config", missing: true}}}
	if _, err := decodeSnapshot(good.encode()); err != nil {
		t.Fatal(err)
	}
	dir := func(name string) *snapshot {
		e := &snapEntry{path: "/p/.git/hooks", entries: []*snapEntry{{path: name, missing: true}}, listed: true}
		e.st.Mode = unix.S_IFDIR | 0o755
		return &snapshot{root: "/p", entries: []*snapEntry{e}}
	}
	for _, bad := range []*snapshot{
		{root: "p"},
		{root: "/p", entries: []*snapEntry{{path: "../x", missing: true}}},
		{root: "/p", entries: []*snapEntry{{path: "/p/../x", missing: true}}},
		dir("../../x"), dir("a/b"), dir(".."), dir(""),
	} {
		if _, err := decodeSnapshot(bad.encode()); err == nil {
			t.Errorf("%+v decoded", bad)
		}
	}
	huge := binary.AppendUvarint(append([]byte(snapMagic), 2, '/', 'p', 0), 1<<30)
	if _, err := decodeSnapshot(huge); err == nil {
		t.Error("a count past what is there decoded")
	}
}

// TestReportKilled: the report is made in the root, appended to, and
// never written through a link the command left at its name.
func TestReportKilled(t *testing.T) {
	root := t.TempDir()
	reportKilled(root, []string{"one"})
	reportKilled(root, []string{"two"})
	b, err := os.ReadFile(filepath.Join(root, killedReportName))
	if err != nil || !strings.Contains(string(b), "- one\n") || !strings.Contains(string(b), "- two\n") {
		t.Fatalf("report %q, %v", b, err)
	}
	other := t.TempDir()
	target := filepath.Join(other, "bashrc")
	os.WriteFile(target, []byte("kept\n"), 0o644)
	os.Symlink(target, filepath.Join(other, killedReportName))
	reportKilled(other, []string{"three"})
	if b, _ := os.ReadFile(target); string(b) != "kept\n" {
		t.Errorf("written through the link: %q", b)
	}
	// The report is still made, the command's link moved aside (before,
	// a link at its name kept the report from being made at all).
	reportMadeAside(t, other, "- three\n")
	os.Link(target, filepath.Join(other, killedReportName))
	reportKilled(other, []string{"four"})
	if b, _ := os.ReadFile(target); string(b) != "kept\n" {
		t.Errorf("written through a hard link: %q", b)
	}
	reportMadeAside(t, other, "- four\n")
	unix.Mkfifo(filepath.Join(other, killedReportName), 0o644)
	reportKilled(other, []string{"five"})
	reportMadeAside(t, other, "- five\n")
}

// reportMadeAside asserts the report in root is a file of its own saying
// want, and that what was at its name is aside; then removes both.
func reportMadeAside(t *testing.T, root, want string) {
	t.Helper()
	path := filepath.Join(root, killedReportName)
	fi, err := os.Lstat(path)
	var b []byte
	if err == nil && fi.Mode().IsRegular() {
		b, _ = os.ReadFile(path)
	}
	if !strings.Contains(string(b), want) {
		t.Errorf("no report of its own saying %q: %v %q", want, err, b)
	}
	if _, err := os.Lstat(path + ".mewsandbox-planted"); err != nil {
		t.Errorf("what was at the report's name is not aside: %v", err)
	}
	os.Remove(path)
	os.Remove(path + ".mewsandbox-planted")
}

// TestSnapshotOverlapped: a snapshot planned while another run without the
// layer holds the root (red73's overlapping runs) is overlapped, and so is
// its hand-over to a killed runner's successor: each moves aside what
// differs and puts nothing back, for what it recorded may be the other
// run's plant. Neighbours: the run planned first is not, and puts the
// user's versions back; once both have looked, a new run is alone again.
func TestSnapshotOverlapped(t *testing.T) {
	root, first := handoverRoot(t)
	second := planUnlayered(DefaultPolicy(root), root)
	if first.overlapped || !second.overlapped || !second.unverified {
		t.Fatalf("overlapped: first %v, second %v (unverified %v); want false, true, true", first.overlapped, second.overlapped, second.unverified)
	}
	enc := second.encode()
	back, err := decodeSnapshot(enc)
	if err != nil || !back.overlapped || !back.unverified {
		t.Fatalf("the hand-over decodes as %+v, %v; want overlapped", back, err)
	}
	plant(t, root)
	found := strings.Join(checkHanded(strings.TrimPrefix(snapshotArg(enc), "s:"), sealedMemfd(t, enc, true)), "\n")
	if !strings.Contains(found, "another run without the namespace layer") {
		t.Errorf("the successor's check says %q", found)
	}
	if _, err := os.Lstat(filepath.Join(root, ".git/config")); err == nil {
		t.Error("the successor put .git/config back from an overlapped snapshot")
	}
	plant(t, root)
	found = strings.Join(second.check(), "\n")
	if !strings.Contains(found, "another run without the namespace layer") {
		t.Errorf("the overlapped check says %q", found)
	}
	for _, name := range []string{".git/config", ".git/hooks/pre-commit"} {
		if _, err := os.Lstat(filepath.Join(root, name)); err == nil {
			t.Errorf("%s put back from an overlapped snapshot", name)
		}
	}
	plant(t, root)
	found = strings.Join(first.check(), "\n")
	if strings.Contains(found, "another run") {
		t.Errorf("the run planned first says %q", found)
	}
	for name, want := range map[string]string{".git/config": "[core]\n\tbare = false\n", ".git/hooks/pre-commit": "#!/bin/sh\nexit 0\n"} {
		if got, _ := os.ReadFile(filepath.Join(root, name)); string(got) != want {
			t.Errorf("%s holds %q after the first run's check, want %q", name, got, want)
		}
	}
	if third := planUnlayered(DefaultPolicy(root), root); third.overlapped {
		t.Error("a run planned after both looked is overlapped")
	} else {
		third.check()
	}
}
