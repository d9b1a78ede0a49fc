package seatbelt

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCanonical(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base, err := Canonical(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"b/c", "home/dev"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"abs":      filepath.Join(dir, "b/c"), // absolute target
		"rel":      "b",                       // relative target
		"chain":    "abs",                     // a link to a link
		"up":       "..",                      // a link above its directory
		"root":     "/",                       // ANCHOR 14: /tmp/claude -> /
		"loop":     "loop",
		"dangling": "missing/x",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	parent, err := Canonical(filepath.Dir(dir))
	if err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name, in, want string
		wantErr        string
	}{
		{name: "root", in: "/", want: "/"},
		{name: "tmp is private", in: "/tmp", want: "/private/tmp"},
		{name: "missing below tmp is private and clean", in: "/tmp/mewsandbox-none//x/./y/../z", want: "/private/tmp/mewsandbox-none/x/z"},
		{name: "missing below var", in: "/var/mewsandbox-none", want: "/private/var/mewsandbox-none"},
		{name: "tmpfoo is not tmp", in: "/tmpfoo/x", want: "/tmpfoo/x"},
		{name: "real directory", in: dir + "/b/c", want: base + "/b/c"},
		{name: "absolute link", in: dir + "/abs", want: base + "/b/c"},
		{name: "relative link", in: dir + "/rel/c", want: base + "/b/c"},
		{name: "chain of links", in: dir + "/chain", want: base + "/b/c"},
		{name: "dot-dot after a link applies to its target", in: dir + "/abs/../x", want: base + "/b/x"},
		{name: "link above its directory", in: dir + "/up", want: parent},
		{name: "link to / resolves to /", in: dir + "/root", want: "/"},
		{name: "link to / then below", in: dir + "/root/tmp", want: "/private/tmp"},
		{name: "dangling link resolves as far as it exists", in: dir + "/dangling", want: base + "/missing/x"},
		{name: "below a regular file", in: dir + "/file/x", want: base + "/file/x"},
		{name: "link loop", in: dir + "/loop", wantErr: "symbolic links"},
		{name: "relative", in: "project", wantErr: "relative"},
		{name: "dot relative", in: "./project", wantErr: "relative"},
		{name: "empty", in: "", wantErr: "empty"},
		{name: "NUL", in: "/a\x00b", wantErr: "NUL"},
		{name: "newline", in: "/a\n(allow default)", wantErr: "line break"},
		{name: "carriage return", in: "/a\rb", wantErr: "line break"},
		{name: "quotes and parens are just bytes", in: `/Users/x/"a) (allow default)\`, want: `/Users/x/"a) (allow default)\`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := Canonical(tc.in)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Canonical(%q) = %q, %v; want error %q", tc.in, got, err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("Canonical(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
			if again, err := Canonical(got); err != nil || again != got {
				t.Errorf("Canonical is not idempotent: Canonical(%q) = %q, %v", got, again, err)
			}
		})
	}
}

func TestWithin(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		p, dir string
		want   bool
	}{
		{"/a/b", "/a/b", true},
		{"/a/b/c", "/a/b", true},
		{"/a/bc", "/a/b", false},
		{"/a", "/a/b", false},
		{"/anything", "/", true},
		{"/", "/", true},
		{"/Users/dev/.sshfoo", "/Users/dev/.ssh", false},
	} {
		if got := within(tc.p, tc.dir); got != tc.want {
			t.Errorf("within(%q, %q) = %v, want %v", tc.p, tc.dir, got, tc.want)
		}
	}
}

func ExampleCanonical() {
	for _, p := range []string{"/tmp/mewsandbox-example-none/../build", "relative/dir"} {
		c, err := Canonical(p)
		fmt.Println(c, err)
	}
	// Output:
	// /private/tmp/build <nil>
	//  seatbelt: path "relative/dir" is relative; want an absolute path
}
