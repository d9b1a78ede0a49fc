package permission

import "testing"

// TestEng76cBackgroundQueues: tsp (task spooler) and sem (GNU
// parallel's) queue their command and return at once, so a script they
// run may be read after a later write to it (readLater), as setsid -f
// sh s.sh's is; both were allowed in every mode. Neighbours: tsp -f and
// sem --fg run it in the foreground, before the write.
func TestEng76cBackgroundQueues(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: tsp -f runs before the write", ModeDefault, nil, `tsp -f sh s.sh; echo 'rm -rf ~' > s.sh`, Allow},
		{"neighbour: sem --fg runs before the write", ModeDefault, nil, `sem --fg sh s.sh; echo 'rm -rf ~' > s.sh`, Allow},
		{"neighbour: tsp of a make", ModeDefault, nil, `tsp make test`, Allow},
	}
	rows = eng76Rows(rows, "tsp sh before the write", `tsp sh s.sh; echo 'rm -rf ~' > s.sh`, Deny)
	rows = eng76Rows(rows, "tsp -L label bash before the write", `tsp -L x bash s.sh; echo 'rm -rf ~' > s.sh`, Deny)
	rows = eng76Rows(rows, "sem sh before the write", `sem sh s.sh; echo 'rm -rf ~' > s.sh`, Deny)
	rows = eng76Rows(rows, "sem -j2 sh before the write", `sem -j2 sh s.sh; echo 'rm -rf ~' > s.sh`, Deny)
	checkDecisions(t, rows)
}

// TestEng76cDdWritesItsInput: dd of=FILE writes its input, as tee FILE
// does: a here-string's text is the script's, and a pipe's is only
// known at run time; echo 'rm -rf ~' | dd of=s.sh; sh s.sh asked as a
// dd, allowed in bypassPermissions. Neighbours: dd of a disk image
// keeps its ask, allowed in bypassPermissions.
func TestEng76cDdWritesItsInput(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: dd of a disk image", ModeDefault, nil, `dd if=/dev/zero of=disk.img bs=1M count=1`, Ask},
		{"neighbour: dd of a disk image, bypassPermissions", ModeBypassPermissions, nil, `dd if=/dev/zero of=disk.img bs=1M count=1`, Allow},
		{"neighbour: dd of a harmless here-string run, bypassPermissions", ModeBypassPermissions, nil, `dd of=s.sh <<< 'echo hi'; sh s.sh`, Allow},
		{"a pipe into dd run, bypassPermissions", ModeBypassPermissions, nil, `echo 'rm -rf ~' | dd of=s.sh; sh s.sh`, Ask},
		{"a pipe into dd with status=none run, bypassPermissions", ModeBypassPermissions, nil, `echo 'rm -rf ~' | dd of=s.sh status=none; sh s.sh`, Ask},
		{"dd skip= of a written file run, bypassPermissions", ModeBypassPermissions, nil, `echo 'echo hi' > t; dd if=t of=s.sh skip=1; sh s.sh`, Ask},
	}
	rows = eng76Rows(rows, "dd of a here-string", `dd of=s.sh <<< 'rm -rf ~'; sh s.sh`, Deny)
	rows = eng76Rows(rows, "dd of a written file", `echo 'rm -rf ~' > t; dd if=t of=s.sh bs=1; sh s.sh`, Deny)
	rows = eng76Rows(rows, "dd after its background reader", `sh s.sh & dd of=s.sh <<< 'rm -rf ~'`, Deny)
	checkDecisions(t, rows)
}

// TestEng76cCopyToDirectory: cp -t DIR s.sh (--target-directory, mv -t,
// install -t), cp a b DIR and cp s.sh DIR/ copy the line's script to
// DIR/s.sh, whose run was allowed in every mode. Neighbours: copies of
// the project's files keep their decisions.
func TestEng76cCopyToDirectory(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: cp -t of a project file", ModeDefault, nil, `cp -t build/ main.sh`, Allow},
		{"neighbour: cp -t of a project file run", ModeDefault, nil, `cp -t build/ main.sh && sh build/main.sh`, Allow},
		{"neighbour: a harmless script copied with -t and run", ModeDefault, nil, `echo 'echo hi' > s.sh; cp -t d s.sh; sh d/s.sh`, Allow},
	}
	for _, r := range []struct{ name, cmd string }{
		{"cp -t", `echo 'rm -rf ~' > s.sh; cp -t d s.sh; sh d/s.sh`},
		{"cp -tDIR", `echo 'rm -rf ~' > s.sh; cp -td s.sh; sh d/s.sh`},
		{"cp --target-directory=", `echo 'rm -rf ~' > s.sh; cp --target-directory=d s.sh; sh d/s.sh`},
		{"cp --target-directory", `echo 'rm -rf ~' > s.sh; cp --target-directory d s.sh; sh d/s.sh`},
		{"mv -t", `echo 'rm -rf ~' > s.sh; mv -t d s.sh; sh d/s.sh`},
		{"install -t", `echo 'rm -rf ~' > s.sh; install -m 755 -t d s.sh; d/s.sh`},
		{"cp of two to a directory", `echo 'rm -rf ~' > s.sh; cp a s.sh d; sh d/s.sh`},
		{"cp to DIR/", `echo 'rm -rf ~' > s.sh; cp s.sh d/; sh d/s.sh`},
		{"cp to a directory", `echo 'rm -rf ~' > s.sh; cp s.sh d; sh d/s.sh`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	checkDecisions(t, rows)
}

// TestEng76cLinkedWrite: a link the line made (ln -s, ln -sf, ln, cp -s,
// cp -l) joins its two names, so that a later write to either is one to
// the other: ln -s s.sh t.sh; echo 'rm -rf ~' > s.sh; sh t.sh was
// allowed in every mode. A symbolic link's file is named from the
// link's directory. Neighbours: a link to a project file is run as it.
func TestEng76cLinkedWrite(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: a link to a shared project script run", ModeDefault, nil, `ln -s ../shared/config.sh c.sh; sh c.sh`, Allow},
		{"neighbour: a link to a harmless script written after", ModeDefault, nil, `ln -s s.sh t.sh; echo 'echo hi' > s.sh; sh t.sh`, Allow},
		{"neighbour: a link of a build output", ModeDefault, nil, `ln -sf build/app app && ./app --version`, Allow},
	}
	for _, r := range []struct{ name, cmd string }{
		{"ln -s", `ln -s s.sh t.sh; echo 'rm -rf ~' > s.sh; sh t.sh`},
		{"ln -sf", `ln -sf s.sh t.sh; echo 'rm -rf ~' > s.sh; sh t.sh`},
		{"ln, a hard link", `ln s.sh t.sh; echo 'rm -rf ~' > s.sh; sh t.sh`},
		{"cp -s", `cp -s s.sh t.sh; echo 'rm -rf ~' > s.sh; sh t.sh`},
		{"cp -l", `cp -l s.sh t.sh; echo 'rm -rf ~' > s.sh; bash t.sh`},
		{"a write through the link", `ln -s s.sh t.sh; echo 'rm -rf ~' > t.sh; sh s.sh`},
		{"a symbolic link in a directory", `ln -s s.sh d/t.sh; echo 'rm -rf ~' > d/s.sh; sh d/t.sh`},
		{"a chain of links", `ln -s s.sh t.sh; ln -s t.sh u.sh; echo 'rm -rf ~' > s.sh; sh u.sh`},
		{"ln -t", `ln -s -t d ../s.sh; echo 'rm -rf ~' > s.sh; sh d/s.sh`},
		{"a link read in the background", `sh t.sh & ln -s s.sh t.sh; echo 'rm -rf ~' > s.sh`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	checkDecisions(t, rows)
}

// TestEng76cSedInPlace: sed -i edits its file in place: one the line
// wrote becomes what sed makes of it, as sed's output in a pipe is
// computed, and one whose edit is not computed what is only known at
// run time (a file the line did not write is left as it is: its text
// was not known before either): echo
// 'echo hi' > s.sh; sed -i 's/echo hi/rm -rf ~/' s.sh; sh s.sh was
// allowed in every mode, judged as echo hi. Neighbours: a harmless
// edit of a written script, and an edit of a project file that runs no
// script, keep their decisions.
func TestEng76cSedInPlace(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: an edit of a version file, then make", ModeDefault, nil, `sed -i 's/1.0/1.1/' version.txt && make`, Allow},
		{"neighbour: a harmless edit of a written script", ModeDefault, nil, `echo 'echo hi' > s.sh; sed -i 's/hi/ho/' s.sh; sh s.sh`, Allow},
		{"neighbour: an edit of a project script run, bypassPermissions", ModeBypassPermissions, nil, `sed -i 's/hi/ho/' s.sh; sh s.sh`, Allow},
		{"neighbour: an edit of the Makefile, then make, bypassPermissions", ModeBypassPermissions, nil, `sed -i 's/1.0/1.1/' Makefile && make`, Allow},
		{"an edit not computed run, bypassPermissions", ModeBypassPermissions, nil, `echo 'echo hi' > s.sh; sed -i 's/hi/\U&/' s.sh; sh s.sh`, Ask},
		{"an edit by a script file run, bypassPermissions", ModeBypassPermissions, nil, `echo 'echo hi' > s.sh; sed -i -f x.sed s.sh; sh s.sh`, Ask},
	}
	for _, r := range []struct{ name, cmd string }{
		{"sed -i", `echo 'echo hi' > s.sh; sed -i 's/echo hi/rm -rf ~/' s.sh; sh s.sh`},
		{"sed -i.bak -e", `echo 'echo hi' > s.sh; sed -i.bak -e 's/echo hi/rm -rf ~/' s.sh; sh s.sh`},
		{"sed -i with a group", `echo 'echo hi' > s.sh; sed -i 's/\(echo hi\)/rm -rf ~ #\1/' s.sh; sh s.sh`},
		{"sed --in-place", `echo 'echo hi' > s.sh; sed --in-place 's/echo hi/rm -rf ~/' s.sh; bash s.sh`},
		{"sed -i of the line's here-string copy", `cat > s.sh <<< 'echo ~'; sed -i 's/echo/rm -rf/' s.sh; sh s.sh`},
		{"sed -i after a background reader", `sh s.sh & echo 'echo hi' > s.sh; sed -i 's/echo hi/rm -rf ~/' s.sh`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	checkDecisions(t, rows)
}

// TestEng76cPositionalSlice: a function's copy writes "${@:N}" and
// "${@:N:M}" (and ${*:…}), with N and M in digits, as the arguments it
// expands to, as it does "$@": f() { rm -rf "${@:2}"; }; f x ~ was asked
// for as a path only known at run time. Neighbours: a slice of harmless
// arguments, ${@:0} (which holds $0) and ${@: -1} keep their decisions.
func TestEng76cPositionalSlice(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: a slice echoed", ModeDefault, nil, `f() { echo "${@:2}"; }; f a b`, Allow},
		{"neighbour: a slice of a build directory", ModeDefault, nil, `f() { rm -rf "${@:2}"; }; f x build`, Ask},
		{"neighbour: ${@:0:1}", ModeDefault, nil, `f() { rm -rf "${@:0:1}"; }; f ~`, Ask},
		{"neighbour: ${@: -1}", ModeDefault, nil, `f() { rm -rf "${@: -1}"; }; f x ~`, Ask},
	}
	for _, r := range []struct{ name, cmd string }{
		{"${@:2}", `f() { rm -rf "${@:2}"; }; f x ~`},
		{"${@:2:1}", `f() { rm -rf "${@:2:1}"; }; f x ~ y`},
		{"${*:2} unquoted", `f() { rm -rf ${*:2}; }; f x ~`},
		{"a count past the arguments", `f() { rm -rf "${@:2:9223372036854775807}"; }; f x ~`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	checkDecisions(t, rows)
}
