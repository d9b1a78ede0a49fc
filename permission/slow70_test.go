package permission

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// slow70: lines of one construct repeated, each to be checked in a
// second (checkFast) with the decision it had.

// repeated returns n copies of unit joined by sep.
func repeated(unit, sep string, n int) string {
	return strings.TrimSuffix(strings.Repeat(unit+sep, n), sep)
}

// TestSlow70HandOnIndexed: handOn read every command on the line for
// each value of each read, and reaches read every read on the line for
// each of those commands: read a <<< x; echo hi; … of 40,000 reads took
// 30 s and more, printf 'a\n…' | tr a a | while read f; do :; done 600
// times over 6 s, a=x; echo $a; … of 20,000 pairs 3 s. The commands that
// expand each variable, and the reads that replace it, are now indexed
// once. Neighbours: a value still reaches a later command, one in a
// function defined before it, a conditional reassignment does not end
// its reach, a surely-run one does.
func TestSlow70HandOnIndexed(t *testing.T) {
	t.Parallel()
	unit := "printf '" + strings.Repeat(`a\n`, 100) + "' | tr a a | while read f; do :; done"
	checkFast(t, time.Second, []slowRow{
		{"many reads, no expansion", repeated("read a <<< x; echo hi", "; ", 10000), Allow},
		{"many piped reads", repeated(unit, "; ", 600), Allow},
		{"many assignments, each expanded", repeated("a=x; echo $a", "; ", 20000), Ask},
		{"neighbour: a read value", `read f <<< .git/config; echo hi; echo x >> "$f"`, Ask},
		{"neighbour: in a function defined before", `g() { echo x >> "$f"; }; f=.git/config; g`, Ask},
		{"neighbour: a conditional reassignment", `f=.git/config; [ -n "$y" ] && f=x; echo x >> "$f"`, Ask},
		{"neighbour: a reassignment", `f=.git/config; f=x; echo x >> "$f"`, Allow},
		{"neighbour: a reassignment in a subshell", `f=.git/config; (f=x); echo x >> "$f"`, Ask},
	})
}

// TestSlow70CopiesBounded: a copy of a command with a value in place of
// each expansion was as long as their product, unbounded: f=aaa…; echo
// $f$f… of 10 kB made a copy of 12 MB and took 0.6 s, and echo aaa… |
// xargs -I{} cp {}{}… x or a loop over a long word as much; a 1 MiB line,
// hours. Past maxCopiedBytes the line is too complex. Neighbours: short
// copies are still judged with the value in place.
func TestSlow70CopiesBounded(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 10000)
	refs := strings.Repeat("$f", 5000)
	braces := strings.Repeat("{}", 5000)
	checkFast(t, time.Second, []slowRow{
		{"a long value expanded many times", `f=` + long + `; echo ` + refs, Ask},
		{"a long read value expanded many times", `read f <<< ` + long + `; echo ` + refs, Ask},
		{"xargs -I of a long word many times", `echo ` + long + ` | xargs -I{} echo ` + braces, Ask},
		{"xargs -I cp of a long word many times", `echo ` + long + ` | xargs -I{} cp ` + braces + ` x`, Ask},
		{"parallel of a long word many times", `echo ` + long + ` | parallel cp x ` + braces, Ask},
		{"a loop over a long word", `for f in ` + long + `; do echo ` + refs + `; done`, Ask},
		{"neighbour: a value expanded twice", `f=.git; echo x >> $f/con${f#.}`, Ask},
		{"neighbour: a project value expanded twice", `f=src; cp x $f/$f.go`, Allow},
		{"neighbour: xargs -I of .git/config", `echo .git/config | xargs -I{} cp x {}`, Ask},
		{"neighbour: xargs -I in the project", `echo src/a.go | xargs -I{} cp x {}`, Allow},
	})
}

// allocatedPerCommand analyses line, which must hold n commands, and
// returns the bytes allocated a command.
func allocatedPerCommand(t *testing.T, line string, n int) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	a := AnalyzeShell(line)
	runtime.ReadMemStats(&after)
	if len(a.Commands) != n {
		t.Fatalf("%d commands, want %d", len(a.Commands), n)
	}
	return (after.TotalAlloc - before.TotalAlloc) / uint64(n)
}

// TestSlow70CommandsGrowDoubling: the commands of a line were appended
// to a slice that append grows by a quarter once long, so that a line of
// 300,000 commands of 300 bytes each (f() { …; }; f; f; …) was copied
// over a dozen times: 2,600 bytes allocated a command, 2 s of 5. Doubled,
// under 2,300.
func TestSlow70CommandsGrowDoubling(t *testing.T) {
	if slowdown > 1 {
		t.Skip("the race detector allocates more of its own")
	}
	if per := allocatedPerCommand(t, repeated("f", "; ", maxCommands), maxCommands); per > 2300 {
		t.Errorf("%d bytes allocated a command, want at most 2300", per)
	}
}

// TestSlow70UnknownStartNoAllocs: each path of a command that starts
// from an unknown directory was compared with "/"+name+"/" built for each
// protected name, 54 allocations a path, a second of the 4 of a line of
// 200,000 cds. Neighbours: the protected names are still found there,
// and a name that only starts like one is not.
func TestSlow70UnknownStartNoAllocs(t *testing.T) {
	wild := string(rune(pathWild))
	if n := testing.AllocsPerRun(10, func() { unknownStartProtected(wild+"/a/b/c", false) }); n != 0 {
		t.Errorf("%v allocations a path, want 0", n)
	}
	for _, tt := range []struct {
		tmpl    string
		write   bool
		flagged bool
	}{
		{"/.aws", false, true},
		{"/.aws/credentials", false, true},
		{"/.awsx/credentials", false, false},
		{"/x/.aws", false, false},
		{"/.config/fish/config.fish", true, true},
		{"/.config/fish/config.fish", false, false},
		{"/.config/fishy", true, false},
	} {
		if got := unknownStartProtected(wild+tt.tmpl, tt.write) != ""; got != tt.flagged {
			t.Errorf("unknownStartProtected(%q, %v) flagged %v, want %v", tt.tmpl, tt.write, got, tt.flagged)
		}
	}
}

// TestSlow70NamerefsIndexed: each nameref declared on the line was
// matched against every value on it, and each duplicate declaration
// made a copy of each value of its variable: declare -n r=p; … 1,000
// times took 4 s, 4,000 times more than 30. Each looks up its own
// names now, and past maxValueCopies the line is too complex.
// Neighbours: a nameref's value, and its variable's, are still followed.
func TestSlow70NamerefsIndexed(t *testing.T) {
	t.Parallel()
	checkFast(t, time.Second, []slowRow{
		{"one nameref declared many times", repeated("declare -n r=p", "; ", 4000), Ask},
		{"a nameref and a value many times", repeated("declare -n r=p; p=x", "; ", 4000), Ask},
		{"neighbour: the variable's value through the nameref", `p=.git/config; declare -n r=p; echo x >> "$r"`, Ask},
		{"neighbour: the nameref's value through the variable", `declare -n r=p; r=.git/config; echo x >> "$p"`, Ask},
		{"neighbour: a project file through the nameref", `p=src/a.go; declare -n r=p; echo x >> "$r"`, Allow},
	})
}

// TestSlow70WrittenIndexed: each file a command reads or runs was looked
// for among every file the line wrote before it: cat f > g; … 10,000
// times took 20 s. lastWritten looks among those of its base name.
// Neighbours: a script written and run is still judged by its text, by
// another path to it too, and one only of the same base name is not it.
func TestSlow70WrittenIndexed(t *testing.T) {
	t.Parallel()
	checkFast(t, time.Second, []slowRow{
		{"many files read and written", repeated("cat f > g", "; ", 10000), Allow},
		{"one file read and written many times", repeated("cat g > g", "; ", 10000), Allow},
		{"neighbour: a script written and run", `printf '%s\n' 'cp x "$1"' > s.sh; bash s.sh .git/config`, Ask},
		{"neighbour: by another path", `printf '%s\n' 'cp x "$1"' > ./a/../s.sh; bash s.sh .git/config`, Ask},
		{"neighbour: from another directory", `printf '%s\n' 'cp x "$1"' > s.sh; cd src; bash ../s.sh .git/config`, Ask},
		{"neighbour: of the same base name", `printf '%s\n' 'cp x "$1"' > s.sh; bash src/s.sh .git/config`, Allow},
	})
}

// TestSlow70FilledTreesBounded: each command was read against each
// directory an earlier one filled with an archive, a tree filled again
// as often as it was: tar xf a.tar; … 8,000 times took 1.4 s. A tree is
// read once, and past maxFilledTrees the line is asked for.
// Neighbours: a write below a filled tree is still asked for, and one
// to the tree itself is not.
func TestSlow70FilledTreesBounded(t *testing.T) {
	t.Parallel()
	var dirs []string
	for i := range 5000 {
		dirs = append(dirs, "tar xf a.tar -C d"+strconv.Itoa(i))
	}
	checkFastIn(t, ModeDefault, time.Second, []slowRow{
		{"one tree filled many times", repeated("tar xf a.tar", "; ", 8000), Allow},
		{"many trees", strings.Join(dirs, "; "), Ask},
		{"neighbour: a write below a tree filled twice", `tar xf a.tar; tar xf b.tar; echo x > sub/f`, Ask},
		{"neighbour: a copy into the tree", `tar xf a.tar -C d; cp f d/`, Allow},
	})
}

// TestSlow70PythonEnvsIndexed: each pip install read every command
// before it for the environments the line activates, and every command
// for the functions it defines: pip install x; … 10,000 times took
// 1.5 s. Both are found once (lookupsOf). Neighbours: a function of the
// line's and a deactivation are still seen.
func TestSlow70PythonEnvsIndexed(t *testing.T) {
	t.Parallel()
	checkFastIn(t, ModeDefault, time.Second, []slowRow{
		{"many pip installs", repeated("pip install x", "; ", 10000), Allow},
		{"neighbour: pip a function of the line's", `pip() { python3 -m pip "$@"; }; pip install x`, Ask},
		{"neighbour: after a deactivation", `deactivate; pip install x`, Ask},
		{"neighbour: an installation", `pip install x`, Allow},
	})
}
