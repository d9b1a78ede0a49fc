package integration

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// A grant named through a link in the project: the command of one run can
// make `out` a link to any directory it can name (the root is writable),
// and the next run's `--allow-write out` or `--allow-read out` gave the
// command whatever the link led to, a directory of keys outside the root
// here, with the layer and without it. Such a grant is refused (125); a
// link that stays in the root, and the outside directory granted by its
// own name, still work.
func TestGrantThroughLinkLeftInRoot(t *testing.T) {
	keysInEachLayer(t, func(t *testing.T, b *box, flags []string, keys, key string) {
		b.file("out/.keep", "", 0o644)

		// Run 1: the command swaps the project's output directory for a
		// link to the keys.
		r := b.sh("rm -r out && ln -s "+keys+" out && echo swapped", flags...)
		if r.code != 0 || !strings.Contains(r.stdout, "swapped") {
			t.Fatalf("run 1: code %d\n%s%s", r.code, r.stdout, r.stderr)
		}

		// Run 2: the user grants the output directory by its name in the
		// project.
		for _, grant := range []string{"--allow-write", "--allow-read"} {
			r = b.sh("cat out/id_rsa; echo planted > out/planted", append(flags, grant, "out")...)
			if strings.Contains(r.stdout, "secret-key") {
				t.Errorf("%s out: the command read the key outside the root through the link:\n%s", grant, r.stdout)
			}
			if b.exists(filepath.Join(keys, "planted")) {
				t.Errorf("%s out: the command wrote beside the key outside the root", grant)
				os.Remove(filepath.Join(keys, "planted"))
			}
			if r.code != 125 || !strings.Contains(r.stderr, "symbolic link") {
				t.Errorf("%s out: want the run refused (125, naming the link), got %d\n%s", grant, r.code, r.stderr)
			}
		}
		if b.read(key) != "secret-key\n" {
			t.Errorf("the key changed: %q", b.read(key))
		}

		// The neighbours: a link that stays in the root, and the keys'
		// directory granted by its own name (the user's choice).
		b.file("build/o/.keep", "", 0o644)
		if err := os.Symlink("build/o", filepath.Join(b.root, "inroot")); err != nil {
			t.Fatal(err)
		}
		r = b.sh("echo ok > inroot/made && echo done", append(flags, "--allow-write", "inroot")...)
		if r.code != 0 || b.read("build/o/made") != "ok\n" {
			t.Errorf("a grant of a link inside the root: code %d, %q\n%s", r.code, b.read("build/o/made"), r.stderr)
		}
		r = b.sh("cat "+keys+"/id_rsa", append(flags, "--allow-read", keys)...)
		if r.code != 0 || !strings.Contains(r.stdout, "secret-key") {
			t.Errorf("a grant of the directory by its own name: code %d\n%s%s", r.code, r.stdout, r.stderr)
		}
	})
}

// The working directory reached through such a link: after cd docs, docs
// a link a command left in the project, the run took the directory the
// link led to, a directory of keys, for its writable root. It is refused
// (exit 2); the same directory entered by its own name, and a link that
// stays in the repository, still run.
func TestWorkdirThroughLinkLeftInRoot(t *testing.T) {
	keysInEachLayer(t, func(t *testing.T, b *box, flags []string, keys, key string) {
		r := b.sh("ln -s "+keys+" docs && echo linked", flags...)
		if r.code != 0 || !strings.Contains(r.stdout, "linked") {
			t.Fatalf("run 1: code %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		// As a shell has it after cd docs: the logical name in $PWD.
		inDir := func(dir string) result {
			args := append(append([]string{"run", "--yolo"}, flags...), "--", "sh", "-s")
			return run(t, invocation{args: args, dir: dir, stdin: "cat id_rsa; echo planted > planted; echo ran",
				env: []string{"HOME=" + b.home, "PWD=" + dir}})
		}
		r = inDir(filepath.Join(b.root, "docs"))
		if strings.Contains(r.stdout, "secret-key") || b.exists(filepath.Join(keys, "planted")) {
			t.Errorf("cd docs: the command read or wrote the keys' directory:\n%s", r.stdout)
		}
		if r.code != 2 || !strings.Contains(r.stderr, "symbolic link") {
			t.Errorf("cd docs: want the run refused (2, naming the link), got %d\n%s", r.code, r.stderr)
		}
		// The same link reached from one outside any repository (hop ->
		// ROOT/docs -> the keys): judged where the way meets it.
		hop := filepath.Join(b.out, "hop")
		if err := os.Symlink(filepath.Join(b.root, "docs"), hop); err != nil {
			t.Fatal(err)
		}
		r = inDir(hop)
		if strings.Contains(r.stdout, "secret-key") || b.exists(filepath.Join(keys, "planted")) {
			t.Errorf("cd hop: the command read or wrote the keys' directory:\n%s", r.stdout)
		}
		if r.code != 2 || !strings.Contains(r.stderr, "symbolic link "+filepath.Join(b.root, "docs")) {
			t.Errorf("cd hop: want the run refused (2, naming ROOT/docs), got %d\n%s", r.code, r.stderr)
		}
		args := append(append([]string{"run", "--yolo", "--root", "docs"}, flags...), "--", "sh", "-s")
		r = run(t, invocation{args: args, dir: b.root, stdin: "cat " + key, env: []string{"HOME=" + b.home}})
		if strings.Contains(r.stdout, "secret-key") || r.code != 2 {
			t.Errorf("--root docs: want the run refused (2), got %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		if b.read(key) != "secret-key\n" {
			t.Errorf("the key changed: %q", b.read(key))
		}

		// The neighbours.
		b.file("build/o/.keep", "", 0o644)
		if err := os.Symlink("build/o", filepath.Join(b.root, "inroot")); err != nil {
			t.Fatal(err)
		}
		if r = inDir(filepath.Join(b.root, "inroot")); r.code != 0 || b.read("build/o/planted") != "planted\n" {
			t.Errorf("cd to a link inside the repository: code %d\n%s", r.code, r.stderr)
		}
		hopIn := filepath.Join(b.out, "hop-in")
		if err := os.Symlink(filepath.Join(b.root, "inroot"), hopIn); err != nil {
			t.Fatal(err)
		}
		if r = inDir(hopIn); r.code != 0 || !strings.Contains(r.stdout, "ran") {
			t.Errorf("cd through a link outside to a link inside the repository: code %d\n%s", r.code, r.stderr)
		}
		if r = inDir(keys); r.code != 0 || !strings.Contains(r.stdout, "ran") {
			t.Errorf("cd to the directory by its own name: code %d\n%s", r.code, r.stderr)
		}
	})
}

// A preset's cache kept in the project (npm_config_cache=$PWD/.npm, as CI
// jobs set it): a command can make .npm/_cacache a link to a directory of
// keys, which the next run's --preset node then granted writable, or .npm
// one, and the runner made _cacache and _logs there, on the host, before
// the run. Both are refused, nothing is made outside; the cache in the
// project still works.
func TestPresetCacheThroughLinkLeftInRoot(t *testing.T) {
	keysInEachLayer(t, func(t *testing.T, b *box, flags []string, keys, key string) {
		withCache := func(script string) result {
			args := append(append([]string{"run", "--yolo", "--preset", "node"}, flags...), "--", "sh", "-s")
			return run(t, invocation{args: args, dir: b.root, stdin: script,
				env: []string{"HOME=" + b.home, "npm_config_cache=" + filepath.Join(b.root, ".npm")}})
		}
		for _, plant := range []string{"mkdir .npm && ln -s " + keys + " .npm/_cacache", "ln -s " + keys + " .npm"} {
			os.RemoveAll(filepath.Join(b.root, ".npm"))
			if r := b.sh(plant+" && echo planted", flags...); r.code != 0 {
				t.Fatalf("run 1 (%s): code %d\n%s", plant, r.code, r.stderr)
			}
			r := withCache("cat .npm/_cacache/id_rsa; echo x > .npm/_cacache/planted")
			if strings.Contains(r.stdout, "secret-key") || b.exists(filepath.Join(keys, "planted")) {
				t.Errorf("%s: the command reached the keys through the cache:\n%s", plant, r.stdout)
			}
			for _, made := range []string{"_cacache", "_logs", "planted"} {
				if b.exists(filepath.Join(keys, made)) {
					t.Errorf("%s: %s made beside the keys", plant, made)
				}
			}
			if r.code != 125 || !strings.Contains(r.stderr, "symbolic link") {
				t.Errorf("%s: want the run refused (125, naming the link), got %d\n%s", plant, r.code, r.stderr)
			}
		}
		if b.read(key) != "secret-key\n" {
			t.Errorf("the key changed: %q", b.read(key))
		}
		os.Remove(filepath.Join(b.root, ".npm"))
		if r := withCache("echo x > .npm/_cacache/entry && echo ok"); r.code != 0 || b.read(".npm/_cacache/entry") != "x\n" {
			t.Errorf("the cache in the project: code %d\n%s", r.code, r.stderr)
		}
	})
}

// The private TMPDIR made on the host through a link in the project: with
// TMPDIR=$ROOT/.tmp, one run's command made .tmp a link to a directory
// outside every grant, and the next run's runner made its mewsandbox-N
// there, on the host, and granted the command all of it: the command
// wrote beside the keys, with the layer too (it empties /tmp, /run and
// $XDG_RUNTIME_DIR only). Such a run is refused (125, naming the link) and
// nothing is made where the link leads; a TMPDIR in the root, one through
// a link that stays in the root, and one through a link outside the root
// and the grants (which no command can have made) still run, the command
// writing in its private TMPDIR.
func TestPrivateTmpThroughLinkLeftInRoot(t *testing.T) {
	keysInEachLayer(t, func(t *testing.T, b *box, flags []string, keys, key string) {
		withTmp := func(dir string) *box {
			c := *b
			c.env = append(slices.Clip(b.env), "TMPDIR="+dir)
			return &c
		}
		const write = `echo planted > "$TMPDIR/planted" && cat "$TMPDIR/planted" && echo "tmp=$TMPDIR"`

		// Run 1 (the private TMPDIR in /tmp): the command leaves .tmp a
		// link to the keys' directory.
		r := b.sh("ln -s "+keys+" .tmp && echo linked", flags...)
		if r.code != 0 || !strings.Contains(r.stdout, "linked") {
			t.Fatalf("run 1: code %d\n%s%s", r.code, r.stdout, r.stderr)
		}

		// Run 2: the user's TMPDIR is the project's .tmp.
		r = withTmp(filepath.Join(b.root, ".tmp")).sh(write, flags...)
		if strings.Contains(r.stdout, "planted") {
			t.Errorf("the command wrote in a private TMPDIR made through the link:\n%s", r.stdout)
		}
		if r.code != 125 || !strings.Contains(r.stderr, "symbolic link "+filepath.Join(b.root, ".tmp")) {
			t.Errorf("want the run refused (125, naming the link), got %d\n%s", r.code, r.stderr)
		}
		entries, err := os.ReadDir(keys)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != 1 {
			t.Errorf("the runner made something beside the key, outside every grant: %v", entries)
		}
		if b.read(key) != "secret-key\n" {
			t.Errorf("the key changed: %q", b.read(key))
		}

		// The neighbours, each writing in its private TMPDIR.
		b.file("tmp/.keep", "", 0o644)
		b.file("build/tmp/.keep", "", 0o644)
		if err := os.Symlink("build/tmp", filepath.Join(b.root, "inroot")); err != nil {
			t.Fatal(err)
		}
		outside := filepath.Join(b.out, "scratch")
		if err := os.Mkdir(outside, 0o755); err != nil {
			t.Fatal(err)
		}
		hostLink := filepath.Join(b.home, "tmplink")
		if err := os.Symlink(outside, hostLink); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ tmpdir, made string }{
			{filepath.Join(b.root, "tmp"), filepath.Join(b.root, "tmp")},
			{filepath.Join(b.root, "inroot"), filepath.Join(b.root, "build/tmp")},
			{hostLink, outside},
		} {
			r = withTmp(c.tmpdir).sh(write, flags...)
			if r.code != 0 || !strings.Contains(r.stdout, "planted") {
				t.Errorf("TMPDIR=%s: code %d\n%s%s", c.tmpdir, r.code, r.stdout, r.stderr)
			}
			// Made there on the host (without the layer, or where the
			// layer does not empty it), and removed after the run.
			if !strings.Contains(r.stdout, "tmp="+c.made+"/mewsandbox-") {
				t.Errorf("TMPDIR=%s: want the private TMPDIR in %s, got\n%s", c.tmpdir, c.made, r.stdout)
			}
			if left, _ := filepath.Glob(filepath.Join(c.made, "mewsandbox-*")); len(left) > 0 {
				t.Errorf("TMPDIR=%s: the private TMPDIR stayed: %v", c.tmpdir, left)
			}
		}
	})
}

// keysInEachLayer runs f as a parallel subtest with the namespace layer and
// without it (namespaceFlags), each with a box of its own and a directory
// of keys outside its root, keys, holding key (id_rsa, "secret-key\n").
func keysInEachLayer(t *testing.T, f func(t *testing.T, b *box, flags []string, keys, key string)) {
	t.Parallel()
	for _, flags := range namespaceFlags {
		t.Run(strings.Join(append(flags, "-"), " "), func(t *testing.T) {
			t.Parallel()
			b := newBox(t, nil)
			keys := filepath.Join(b.out, "keys")
			f(t, b, flags, keys, b.file(filepath.Join(keys, "id_rsa"), "secret-key\n", 0o600))
		})
	}
}

// A grant through a link another run's command keeps flipping: run A's
// command, in the same root, points out at build/o (in the root) and at a
// directory of keys outside it, over and over, while run B, with
// --allow-write out, plans and builds its rules. B's plan saw the link in
// the root and the keys' directory at one moment, and its ruleset (built
// by name after the plan) or its namespace layer's writable mount (planned
// beside it) the other: B's command read the key, wrote beside it, or
// (under the layer, where chmod outside the writable mounts fails) changed
// its mode. Each of B's runs now runs with out as planned or is refused;
// none reaches the keys. Bounded: A stops after a few seconds.
func TestGrantThroughFlippingLink(t *testing.T) {
	keysInEachLayer(t, func(t *testing.T, b *box, flags []string, keys, key string) {
		b.file("build/o/.keep", "", 0o644)
		a := b.start(append(append([]string{"run", "--yolo"}, flags...), "--", "timeout", "6", "sh", "-c",
			"while :; do ln -sfn build/o out; ln -sfn "+keys+" out; done")...)
		script := "cat " + key + "; echo planted > " + keys + "/planted"
		layer := len(flags) == 0
		if layer {
			// Without the layer a command may change any mode it could
			// anyway (chmod is not Landlock's): that is the layer's row.
			script += "; chmod 604 " + key
		}
		deadline := time.Now().Add(4 * time.Second)
		runs, refused := 0, 0
		for ; time.Now().Before(deadline); runs++ {
			r := b.sh(script, append(flags, "--allow-write", "out")...)
			if r.code == 125 {
				refused++
			}
			if strings.Contains(r.stdout, "secret-key") {
				t.Fatalf("run %d: the command read the key outside the root through the flipped link:\n%s", runs, r.stdout)
			}
			if b.exists(filepath.Join(keys, "planted")) {
				t.Fatalf("run %d: the command wrote beside the key outside the root", runs)
			}
			if fi, err := os.Stat(key); err != nil || fi.Mode().Perm() != 0o600 {
				t.Fatalf("run %d: the key's mode changed: %v %v", runs, fi.Mode(), err)
			}
		}
		if code := a.wait(t, 10*time.Second); code != 124 {
			t.Errorf("run A: code %d, want 124 from its timeout (the loop ran to the end)\n%s", code, a.stderr.String())
		}
		t.Logf("%d runs raced the flipping link, %d refused", runs, refused)
		if refused == 0 {
			// Else the attack never met a run: the checks above proved nothing.
			t.Errorf("no run of %d was refused: run A's link never pointed out while one planned", runs)
		}

		// The neighbour: the link left in the root, --allow-write out
		// writes where it leads.
		if err := os.Remove(filepath.Join(b.root, "out")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("build/o", filepath.Join(b.root, "out")); err != nil {
			t.Fatal(err)
		}
		r := b.sh("echo ok > out/made && cat out/made", append(flags, "--allow-write", "out")...)
		if r.code != 0 || b.read("build/o/made") != "ok\n" {
			t.Errorf("--allow-write out, out a link in the root: code %d, %q\n%s", r.code, b.read("build/o/made"), r.stderr)
		}
	})
}

// A link to a link: hop, outside the root where no command may write,
// leads to docs in the root, which run 1's command made a link to the
// keys. The plan looked at hop's own path only, found no link a command
// could change there, and run 2's --allow-read hop read the key. Links
// met in a link's target are judged too: refused (125); the same chain
// ending inside the root still runs.
func TestGrantThroughLinkToLinkInRoot(t *testing.T) {
	keysInEachLayer(t, func(t *testing.T, b *box, flags []string, keys, key string) {
		hop := filepath.Join(b.out, "hop")
		if err := os.Symlink(filepath.Join(b.root, "docs"), hop); err != nil {
			t.Fatal(err)
		}
		r := b.sh("ln -s "+keys+" docs && echo linked", flags...)
		if r.code != 0 || !strings.Contains(r.stdout, "linked") {
			t.Fatalf("run 1: code %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		r = b.sh("cat "+key+"; cat "+hop+"/id_rsa", append(flags, "--allow-read", hop)...)
		if strings.Contains(r.stdout, "secret-key") {
			t.Errorf("--allow-read %s: the command read the key through the link to a link:\n%s", hop, r.stdout)
		}
		if r.code != 125 || !strings.Contains(r.stderr, "symbolic link "+filepath.Join(b.root, "docs")) {
			t.Errorf("--allow-read %s: want the run refused (125, naming docs), got %d\n%s", hop, r.code, r.stderr)
		}

		// The neighbour: docs a link that stays in the root.
		b.file("build/o/page", "page\n", 0o644)
		if err := os.Remove(filepath.Join(b.root, "docs")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("build/o", filepath.Join(b.root, "docs")); err != nil {
			t.Fatal(err)
		}
		r = b.sh("cat "+hop+"/page", append(flags, "--allow-read", hop)...)
		if r.code != 0 || r.stdout != "page\n" {
			t.Errorf("--allow-read %s, docs a link in the root: code %d %q\n%s", hop, r.code, r.stdout, r.stderr)
		}
	})
}

// Two grants through links left in the root: run 1's command makes both
// a and b links to the keys; run 2's --allow-write a --allow-write b was
// let through, each link's target "granted anyway" by the other grant,
// itself reached through a link the command chose. A grant only vouches
// for a link's target when no link a command may change is on its own
// way: refused (125). The neighbour: a, the same link, with the keys'
// directory granted by its own name, still runs.
func TestGrantThroughTwoLinksLeftInRoot(t *testing.T) {
	keysInEachLayer(t, func(t *testing.T, b *box, flags []string, keys, key string) {
		r := b.sh("ln -s "+keys+" a && ln -s "+keys+" b && echo linked", flags...)
		if r.code != 0 || !strings.Contains(r.stdout, "linked") {
			t.Fatalf("run 1: code %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		r = b.sh("cat a/id_rsa; echo planted > b/planted", append(flags, "--allow-write", "a", "--allow-write", "b")...)
		if strings.Contains(r.stdout, "secret-key") {
			t.Errorf("--allow-write a --allow-write b: the command read the key through the links:\n%s", r.stdout)
		}
		if b.exists(filepath.Join(keys, "planted")) {
			t.Errorf("--allow-write a --allow-write b: the command wrote beside the key")
			os.Remove(filepath.Join(keys, "planted"))
		}
		if r.code != 125 || !strings.Contains(r.stderr, "symbolic link") {
			t.Errorf("--allow-write a --allow-write b: want the run refused (125, naming a link), got %d\n%s", r.code, r.stderr)
		}

		// The neighbour: the target granted by its own name vouches for it.
		r = b.sh("cat a/id_rsa", append(flags, "--allow-write", "a", "--allow-write", keys)...)
		if r.code != 0 || !strings.Contains(r.stdout, "secret-key") {
			t.Errorf("--allow-write a --allow-write %s: code %d\n%s%s", keys, r.code, r.stdout, r.stderr)
		}
	})
}
