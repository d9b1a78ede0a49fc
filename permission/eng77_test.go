package permission

import "testing"

// eng77Asks adds a row for cmd in each of the five modes, as an ask is
// in each: asked in default, acceptEdits and bypassPermissions, denied
// in plan and dontAsk.
func eng77Asks(rows []decisionRow, name, cmd string) []decisionRow {
	want := map[Mode]Decision{ModeDefault: Ask, ModeAcceptEdits: Ask, ModeBypassPermissions: Ask, ModePlan: Deny, ModeDontAsk: Deny}
	for _, m := range eng76Modes {
		rows = append(rows, decisionRow{name + ", " + string(m), m, nil, cmd, want[m]})
	}
	return rows
}

// eng77Allowed adds a row for cmd, a neighbour allowed today, in each
// mode but plan, which denies every command that is not read-only.
func eng77Allowed(rows []decisionRow, name, cmd string) []decisionRow {
	for _, m := range eng76Modes {
		want := Allow
		if m == ModePlan {
			want = Deny
		}
		rows = append(rows, decisionRow{"neighbour: " + name + ", " + string(m), m, nil, cmd, want})
	}
	return rows
}

// TestEng77ContainerEntrypointShell: a container's shell named by
// --entrypoint (docker run -i --entrypoint sh alpine <<< 'rm -rf /')
// reads its program on its input, as docker run -i alpine sh does: the
// text is judged as given to it by -c, which asks. Neighbours: an
// entrypoint that is no shell, or a shell given a script, keep today's
// answers.
func TestEng77ContainerEntrypointShell(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"docker run --entrypoint sh", `docker run -i --entrypoint sh alpine <<< 'rm -rf /'`},
		{"docker run --entrypoint=/bin/bash after options", `docker run -i --entrypoint=/bin/bash --rm -e X=1 -w /app alpine <<< 'rm -rf /'`},
		{"docker run -i after --entrypoint", `docker run --entrypoint sh -i alpine <<< 'rm -rf /'`},
		{"docker compose run --entrypoint sh", `docker compose run --entrypoint sh app <<< 'rm -rf /'`},
		{"docker-compose run -T --entrypoint sh", `docker-compose run -T --entrypoint sh app <<< 'rm -rf /'`},
		{"podman run --entrypoint sh, sh -s", `echo 'rm -rf /' | podman run -i --entrypoint sh alpine -s`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	rows = eng77Allowed(rows, "an entrypoint cat", `docker run -i --entrypoint cat alpine <<< hi`)
	rows = append(rows,
		decisionRow{"neighbour: --entrypoint /bin/true", ModeDefault, nil, `docker run --entrypoint /bin/true alpine`, Ask},
		decisionRow{"neighbour: --entrypoint sh with a harmless program", ModeBypassPermissions, nil, `docker run -i --entrypoint sh alpine <<< ls`, Allow},
		decisionRow{"neighbour: --entrypoint sh without -i", ModeBypassPermissions, nil, `docker run --entrypoint sh alpine <<< 'rm -rf /'`, Allow},
	)
	checkDecisions(t, rows)
}

// TestEng77ContainerDashCShell: sh -c sh in a container (docker exec -i
// c sh -c sh <<< 'rm -rf /') runs a shell that reads the input, as sh
// -c sh <<< … on the host does (eng75). Neighbours: a -c program that is
// no shell keeps its answer.
func TestEng77ContainerDashCShell(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"docker exec sh -c sh", `docker exec -i c sh -c sh <<< 'rm -rf /'`},
		{"docker run bash -c 'bash -s'", `docker run -i alpine bash -c 'bash -s' <<< 'rm -rf /'`},
		{"kubectl exec sh -c sh", `echo 'rm -rf /' | kubectl exec -i pod -- sh -c sh`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	rows = eng77Allowed(rows, "sh -c 'cat > f'", `docker exec -i c sh -c 'cat > f' <<< hi`)
	rows = append(rows,
		decisionRow{"neighbour: sh -c sh with a harmless program", ModeBypassPermissions, nil, `docker exec -i c sh -c sh <<< ls`, Allow},
	)
	checkDecisions(t, rows)
}

// TestEng77WrittenFileFedToContainerShell: a file the line wrote, fed to
// a container's shell (echo 'rm -rf /' > s; docker run -i alpine sh <
// s), is read as the host's sh < s reads it (lastWritten) and judged as
// the shell's -c string. Neighbours: a harmless file, and a file fed to
// a command that is no shell.
func TestEng77WrittenFileFedToContainerShell(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"echo to s, docker run sh < s", `echo 'rm -rf /' > s; docker run -i alpine sh < s`},
		{"printf to s, docker exec bash < s", `printf 'rm -rf /\n' > s && docker exec -i c bash < s`},
		{"cat here-document to s, compose exec sh < s", "cat > s <<'E'\nrm -rf /\nE\ndocker compose exec app sh < s"},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	rows = eng77Allowed(rows, "wc -l of a written file", `echo hi > in.txt; docker run -i alpine wc -l < in.txt`)
	rows = append(rows,
		decisionRow{"neighbour: a harmless written file", ModeBypassPermissions, nil, `echo ls > s; docker run -i alpine sh < s`, Allow},
	)
	checkDecisions(t, rows)
}

// TestEng77SedInsertedText: the text sed -i puts in a file the line did
// not write (an s command's replacement, a, i and c's text) is judged as
// an append to it (echo 'rm -rf ~' >> build.sh; ./build.sh is denied),
// but deny-only: an append to a Makefile asks (echo 1.1 >> Makefile;
// make), so that a harmless edit of the project's file keeps its answer.
// Neighbours: the edits eng76c kept allowed, and a replacement of the
// match (&), which is not known.
func TestEng77SedInsertedText(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"s replacement, ./build.sh", `sed -i 's/x/rm -rf ~/' build.sh; ./build.sh`},
		{"s replacement, bash build.sh", `sed -i -e 's|old|rm -rf ~|g' build.sh && bash build.sh`},
		{"$a text, bash build.sh", `sed -i '$a rm -rf ~' build.sh && bash build.sh`},
		{"classic a\\ text, sh build.sh", "sed -i '1a\\\nrm -rf ~' build.sh; sh build.sh"},
		{"GNU i text, source", `sed -i '1i rm -rf ~' env.sh; . env.sh`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	rows = eng77Allowed(rows, "s/1.0/1.1/ of a Makefile", `sed -i 's/1.0/1.1/' Makefile && make`)
	rows = eng77Allowed(rows, "s/x/y/ of package.json", `sed -i 's/x/y/' package.json && npm test`)
	rows = eng77Allowed(rows, "s/hi/ho/ of s.sh", `sed -i 's/hi/ho/' s.sh; sh s.sh`)
	rows = eng77Allowed(rows, "a replacement of the match", `sed -i 's/x/rm -rf &/' build.sh; ./build.sh`)
	rows = eng77Allowed(rows, "a back-reference", `sed -i 's/\(x\)/rm -rf \1/' build.sh; ./build.sh`)
	rows = append(rows,
		decisionRow{"neighbour: an append to a Makefile asks", ModeDefault, nil, `echo 1.1 >> Makefile; make`, Ask},
		decisionRow{"neighbour: an echo appended after sed is judged whole", ModeBypassPermissions, nil, `sed -i 's/x/y/' build.sh; echo 'rm -rf ~' >> build.sh; ./build.sh`, Deny},
	)
	checkDecisions(t, rows)
}
