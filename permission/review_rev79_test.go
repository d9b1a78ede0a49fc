package permission

import "testing"

// TestRev79InsertedFileBeforeWritten: runsWrittenAs stopped at the
// first program file sed -i had put text in (runInserted), so that make
// -f a.mk -f b.mk after sed -i '1i …' a.mk never judged b.mk, which the
// line wrote: rm -rf ~ in b.mk was allowed in every mode but plan (eng77
// made it so; it was denied before), and an awk program the line wrote,
// which asks, was allowed. Neighbours: the files alone keep their
// decisions.
func TestRev79InsertedFileBeforeWritten(t *testing.T) {
	t.Parallel()
	deny := `sed -i '1i # x' a.mk; echo 'all:;rm -rf ~' > b.mk; make -f a.mk -f b.mk`
	rows := eng76Rows(nil, "make -f of an edited file, then a written one", deny, Deny)
	rows = eng76Rows(rows, "neighbour: make -f of a written file", `echo 'all:;rm -rf ~' > b.mk; make -f a.mk -f b.mk`, Deny)
	rows = eng77Asks(rows, "awk -f of an edited file, then a written one", `sed -i '1i # x' a.awk; echo 'BEGIN{system("rm -rf build")}' > b.awk; awk -f a.awk -f b.awk`)
	rows = eng77Allowed(rows, "awk -f of an edited file", `sed -i '1i # x' a.awk; awk -f a.awk`)
	checkDecisions(t, rows)
}

// TestRev79SedWritesAndReadsFiles: sed's w command (and W, and the s
// command's w flag) writes a file, which the line then ran unjudged:
// sed -n 'w t.sh' <<< 'rm -rf ~'; sh t.sh was allowed in every mode but
// plan. And sed -i '1r x' build.sh puts in build.sh the text the line
// wrote to x, not judged either. The file written, or edited with such
// a text, is only known at run time: running it asks. Neighbours: sed's
// w of a file not run, and r of a file the line did not write, keep
// their decisions.
func TestRev79SedWritesAndReadsFiles(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"w", `sed -n 'w t.sh' <<< 'rm -rf ~'; sh t.sh`},
		{"W", `sed 'W t.sh' <<< 'rm -rf ~'; sh t.sh`},
		{"s///w", `sed 's/x/y/w t.sh' <<< 'rm -rf ~x'; sh t.sh`},
		{"w of a written file", `echo 'rm -rf ~' > s.sh; sed -n 'w t.sh' s.sh; bash t.sh`},
		{"-i with r of a written file", `echo 'rm -rf ~' > x; sed -i '1r x' build.sh; sh build.sh`},
		{"-i with R of a written file", `echo 'rm -rf ~' > x; sed -i 'R x' build.sh; sh build.sh`},
		{"-i with r of stdin", `sed -i '1r /dev/stdin' build.sh <<< 'rm -rf ~'; sh build.sh`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	rows = eng77Allowed(rows, "w of a file not run", `sed -n '/x/w out.txt' f; cat out.txt`)
	rows = eng77Allowed(rows, "-i with r of the project's file", `sed -i '1r header.txt' build.sh; sh build.sh`)
	checkDecisions(t, rows)
}

// TestRev79WriteBelowLinkedOrCopiedDirectory: linkedWrite and
// copiesWritten follow whole names only, so that a link to a directory
// (ln -s d e; echo 'rm -rf ~' > d/s.sh; sh e/s.sh, ln -s . e) and a
// directory copied or moved (cp -r d e, mv d e) after a write below it
// ran the written script unjudged: allowed in every mode but plan. A
// name below a link's end is also the name below its other end
// (writtenThrough); cp and mv copy what the line wrote below their
// source (treeCopied). Neighbours: a harmless script and a file the
// line did not write keep their allow.
func TestRev79WriteBelowLinkedOrCopiedDirectory(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"ln -s d e", `ln -s d e; echo 'rm -rf ~' > d/s.sh; sh e/s.sh`},
		{"ln -s . e", `ln -s . e; echo 'rm -rf ~' > s.sh; sh e/s.sh`},
		{"ln -sfn, written through the link", `ln -sfn d e; echo 'rm -rf ~' > e/s.sh; sh d/s.sh`},
		{"written before the link, two deep", `echo 'rm -rf ~' > d/x/s.sh; ln -s d e; bash e/x/s.sh`},
		{"cp -r", `mkdir d; echo 'rm -rf ~' > d/s.sh; cp -r d e; sh e/s.sh`},
		{"cp -a", `echo 'rm -rf ~' > d/s.sh; cp -a d e; sh e/s.sh`},
		{"mv of a directory", `echo 'rm -rf ~' > d/s.sh; mv d e; sh e/s.sh`},
		{"cp -r into a directory", `echo 'rm -rf ~' > d/s.sh; cp -r d e/; sh e/d/s.sh`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	rows = eng77Allowed(rows, "a harmless script through a link", `ln -s d e; echo 'echo hi' > d/s.sh; sh e/s.sh`)
	rows = eng77Allowed(rows, "a harmless script copied", `echo 'echo hi' > d/s.sh; cp -r d e; sh e/s.sh`)
	rows = eng77Allowed(rows, "the project's script through a link", `ln -s d e; sh e/s.sh`)
	rows = eng77Allowed(rows, "another file of the copy", `echo 'rm -rf ~' > d/s.sh; cp -r d e; sh e/t.sh`)
	checkDecisions(t, rows)
}

// TestRev79OtherCopierNames: copiesWritten read cp, mv, install and ln,
// not link (a hard link of two files), nor GNU's names on macOS (gcp,
// gln), and took the value of a long option (cp --suffix .b, install
// --mode 755) for a file: link s.sh t.sh; echo 'rm -rf ~' > s.sh; sh
// t.sh ran rm -rf ~, allowed in every mode but plan. Neighbour: a
// harmless script copied keeps its allow.
func TestRev79OtherCopierNames(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"link", `link s.sh t.sh; echo 'rm -rf ~' > s.sh; sh t.sh`},
		{"gln -s", `gln -s s.sh t.sh; echo 'rm -rf ~' > s.sh; sh t.sh`},
		{"gcp", `echo 'rm -rf ~' > s.sh; gcp s.sh t.sh; sh t.sh`},
		{"cp --suffix", `echo 'rm -rf ~' > s.sh; cp --suffix .b s.sh t.sh; sh t.sh`},
		{"install --mode", `echo 'rm -rf ~' > s.sh; install --mode 755 s.sh t.sh; sh t.sh`},
		{"gcp -r", `echo 'rm -rf ~' > d/s.sh; gcp -r d e; sh e/s.sh`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	rows = eng77Allowed(rows, "a harmless script linked", `link s.sh t.sh; echo 'echo hi' > s.sh; sh t.sh`)
	checkDecisions(t, rows)
}

// TestRev79SedTextAfterPatternAddress: sedAppended read an a, i or c
// command after a line's number or $ only, so that the text sed -i puts
// after each line matching a pattern (sed -i '/x/a rm -rf ~' build.sh;
// sh build.sh) was not judged at all: allowed in every mode but plan,
// where 1a rm -rf ~ is denied. A pattern, a range and ! are read.
// Neighbours: a harmless text appended, and a deletion by pattern, keep
// their allow.
func TestRev79SedTextAfterPatternAddress(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"/re/a", `sed -i '/x/a rm -rf ~' build.sh; sh build.sh`},
		{"/re/i\\", "sed -i '/x/i\\\nrm -rf ~' build.sh; sh build.sh"},
		{"a range", `sed -i '1,/x/c rm -rf ~' build.sh; sh build.sh`},
		{"/re/!a", `sed -i '/x/!a rm -rf ~' build.sh; ./build.sh`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	rows = eng77Allowed(rows, "a harmless text after a pattern", `sed -i '/x/a echo hi' build.sh; sh build.sh`)
	rows = eng77Allowed(rows, "a deletion by pattern", `sed -i '/x/d' build.sh; sh build.sh`)
	checkDecisions(t, rows)
}

// TestRev79SedCommandsOneByOne: sedInserted read each script word as a
// whole, so that one it could not read whole (s/x/y/;1i rm -rf ~, a
// text command split over two -e, x;s/.*/rm -rf ~/;G, 1{…}) kept the
// edit's old answer: sed -i 's/x/y/;1i rm -rf ~' build.sh; sh build.sh
// was allowed in every mode but plan, where -e 's/x/y/' -e '1i rm -rf ~'
// is denied. Its commands are then read one by one (sedPieces).
// Neighbours: a harmless text inserted so, and an everyday edit of a
// Makefile, keep their allow.
func TestRev79SedCommandsOneByOne(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"s then i after a semicolon", `sed -i 's/x/y/;1i rm -rf ~' build.sh; sh build.sh`},
		{"i\\ and its text in two -e", `sed -i -e '1i\' -e 'rm -rf ~' build.sh; sh build.sh`},
		{"hold space around s", `sed -i 'x;s/.*/rm -rf ~/;G' build.sh; sh build.sh`},
		{"a block of a line", `sed -i '1{h;s/.*/rm -rf ~/}' build.sh; sh build.sh`},
		{"a block of a pattern", `sed -i '/x/{s/.*/rm -rf ~/}' build.sh; sh build.sh`},
		{"s then a on the next line", "sed -i 's/x/y/\n$a rm -rf ~' build.sh; sh build.sh"},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	rows = eng77Allowed(rows, "a harmless text after a semicolon", `sed -i 's/x/y/;1i echo hi' build.sh; sh build.sh`)
	rows = eng77Allowed(rows, "an everyday edit of a Makefile", `sed -i '/foo/d;s/1.0/1.1/' Makefile && make`)
	checkDecisions(t, rows)
}

// TestRev79ContainerShellOcLxcIncus: containerStdinShell read docker,
// podman, nerdctl, kubectl and compose only, so that oc exec -i pod --
// sh (OpenShift's kubectl) and lxc exec or incus exec, which keep the
// input open without -i, ran the text fed them unjudged: allowed in
// every mode but plan, where kubectl exec -i asks. Neighbour: a query
// fed to psql keeps its allow.
func TestRev79ContainerShellOcLxcIncus(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"oc exec -i", `oc exec -i pod -- sh <<< 'rm -rf /'`},
		{"lxc exec", `lxc exec c -- sh <<< 'rm -rf /'`},
		{"incus exec", `echo 'rm -rf /' | incus exec c -- bash`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	rows = eng77Allowed(rows, "psql fed a query by lxc", `lxc exec c -- psql <<< 'select 1'`)
	checkDecisions(t, rows)
}

// TestRev79ContainerShellCStringFeedsShell: feedShell read a -c string
// of a shell's words alone (sh -c sh), so that docker exec -i c sh -c
// 'exec sh' or sh -c 'cat | sh' ran the text fed them unjudged: allowed
// in every mode but plan where sh -c sh asks. A -c string naming a shell
// among other words is taken to read the input. Neighbours: a -c string
// that names no shell keeps its allow.
func TestRev79ContainerShellCStringFeedsShell(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"exec sh", `docker exec -i c sh -c 'exec sh' <<< 'rm -rf /'`},
		{"cat | sh", `docker exec -i c sh -c 'cat | sh' <<< 'rm -rf /'`},
		{"bash -s after cd", `echo 'rm -rf /' | kubectl exec -i pod -- sh -c 'cd /app && bash -s'`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	rows = eng77Allowed(rows, "a -c string of no shell", `docker exec -i db sh -c 'cd /tmp && psql' <<< 'rm -rf /'`)
	checkDecisions(t, rows)
}

// TestRev79ForksAwayOtherQueues: forksAway read setsid, tsp and sem,
// not sem's other name (parallel --semaphore) nor systemd-run, which
// starts a unit and returns: systemd-run --user sh s.sh; echo 'rm -rf
// ~' > s.sh runs what echo writes, and was allowed in bypassPermissions.
// Neighbours: systemd-run --wait and parallel --semaphore --fg run
// before the write, and keep their decisions.
func TestRev79ForksAwayOtherQueues(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"parallel --semaphore", `parallel --semaphore sh s.sh; echo 'rm -rf ~' > s.sh`},
		{"systemd-run --user", `systemd-run --user sh s.sh; echo 'rm -rf ~' > s.sh`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	rows = append(rows,
		decisionRow{"neighbour: systemd-run --wait, bypassPermissions", ModeBypassPermissions, nil, `systemd-run --user --wait sh s.sh; echo 'rm -rf ~' > s.sh`, Allow},
		decisionRow{"neighbour: parallel --semaphore --fg, bypassPermissions", ModeBypassPermissions, nil, `parallel --semaphore --fg sh s.sh; echo 'rm -rf ~' > s.sh`, Allow})
	checkDecisions(t, rows)
}
