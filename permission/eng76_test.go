package permission

import "testing"

// eng76Modes are the five modes each attack row is checked in.
var eng76Modes = []Mode{ModeDefault, ModeAcceptEdits, ModePlan, ModeBypassPermissions, ModeDontAsk}

// eng76Rows adds a row for cmd in each mode, its name suffixed with the
// mode's.
func eng76Rows(rows []decisionRow, name, cmd string, want Decision) []decisionRow {
	for _, m := range eng76Modes {
		rows = append(rows, decisionRow{name + ", " + string(m), m, nil, cmd, want})
	}
	return rows
}

// TestEng76FilterOfHereStringFeedsShell: a filter whose output is made
// of its input's lines, given a here-string or a here-document written
// out, feeds a shell what it computes of it (head -1 <<< 'rm -rf ~' |
// sh runs rm -rf ~ as cat <<< 'rm -rf ~' | sh does), but only cat, tr
// and sed were read: bypassPermissions allowed the others. sort and
// uniq, which may drop or reorder lines, have each line judged alone
// as well; a line that is no program alone fails closed. Neighbours: a
// harmless text keeps its ask as a pipe to a shell (allowed in
// bypassPermissions), and filters of files keep their decisions.
func TestEng76FilterOfHereStringFeedsShell(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: head of a harmless text", ModeDefault, nil, `head -1 <<< 'echo hi' | sh`, Ask},
		{"neighbour: head of a harmless text, bypassPermissions", ModeBypassPermissions, nil, `head -1 <<< 'echo hi' | sh`, Allow},
		// rev77: lines in an order only known at run time fail closed.
		{"neighbour: sort of harmless lines, bypassPermissions", ModeBypassPermissions, nil, "sort <<< $'echo b\\necho a' | sh", Ask},
		{"neighbour: a group's head of a harmless text", ModeDefault, nil, `{ head -1 | sh; } <<< 'echo hi'`, Ask},
		{"neighbour: head of a file to sort", ModeDefault, nil, `head -5 README.md | sort`, Allow},
		{"neighbour: grep of files to head", ModeDefault, nil, `grep -n TODO *.go | head`, Allow},
		{"neighbour: sort of a here-string to uniq", ModeDefault, nil, `sort <<< 'b a' | uniq`, Allow},
		{"neighbour: a substitution of head of a here-string", ModeDefault, nil, `x=$(head -1 <<< abc); echo "$x"`, Allow},
		{"neighbour: grep -c of a here-string", ModeDefault, nil, `grep -c x <<< abc`, Allow},
	}
	for _, r := range []struct{ name, cmd string }{
		{"head -1", `head -1 <<< 'rm -rf ~' | sh`},
		{"a group's head", `{ head -1 | sh; } <<< 'rm -rf ~'`},
		{"tail -n1", `tail -n1 <<< 'rm -rf ~' | sh`},
		{"sort", `sort <<< 'rm -rf ~' | sh`},
		{"uniq to bash", `uniq <<< 'rm -rf ~' | bash`},
		{"grep of a literal pattern", `grep rm <<< 'rm -rf ~' | sh`},
		{"fgrep", `fgrep rm <<< 'rm -rf ~' | sh`},
		{"awk 1", `awk 1 <<< 'rm -rf ~' | sh`},
		{"awk print", `awk '{print}' <<< 'rm -rf ~' | sh`},
		{"fold", `fold <<< 'rm -rf ~' | sh`},
		{"cut -c1-", `cut -c1- <<< 'rm -rf ~' | sh`},
		{"tee", `tee /dev/null <<< 'rm -rf ~' | sh`},
		{"tac", "tac <<< $'echo b\\nrm -rf ~' | sh"},
		{"a group's sed -n 1p", `{ sed -n 1p | sh; } <<< 'rm -rf ~'`},
		{"head of a here-document", "head -1 <<'E' | sh\nrm -rf ~\nE"},
		{"head -c, a prefix", `head -c 8 <<< 'rm -rf ~/x' | sh`},
		{"tail -n2 of a here-document's body", "tail -n2 <<< $'cat <<E\\nrm -rf ~\\nE' | sh"},
		{"sort of several lines", "sort <<< $'echo a\\nrm -rf ~' | sh"},
		{"head, then cat", `head -1 <<< 'rm -rf ~' | cat | sh`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	// A line that is no program alone: what sort makes of it is not
	// computed, and a shell fed it fails closed.
	rows = append(rows,
		decisionRow{"sort of a here-document in a here-string, bypassPermissions", ModeBypassPermissions, nil, "sort <<< $'cat <<E\\necho hi\\nE' | sh", Ask},
	)
	checkDecisions(t, rows)
}

// TestEng76DecodedHereStringFeedsShell: a literal payload encoded on the
// line and decoded into a shell (base64 -d <<< cm0gLXJmIH4= | sh) was
// allowed in bypassPermissions as any pipe to a shell is. rev, base64
// -d, base32 -d and xxd -r -p are computed and their output judged;
// another decoder's (openssl base64 -d) fails closed. Neighbours: a
// harmless decoded text keeps its ask as a pipe to a shell, allowed in
// bypassPermissions; a decode to a file is not a program.
func TestEng76DecodedHereStringFeedsShell(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: a harmless decoded text", ModeDefault, nil, `base64 -d <<< ZWNobyBoaQ== | sh`, Ask},
		{"neighbour: a harmless decoded text, bypassPermissions", ModeBypassPermissions, nil, `base64 -d <<< ZWNobyBoaQ== | sh`, Allow},
		{"neighbour: a decode to a file", ModeDefault, nil, `base64 -d <<< ZWNobyBoaQ== > out.bin`, Allow},
		{"neighbour: rev of a harmless text", ModeBypassPermissions, nil, `rev <<< 'ih ohce' | sh`, Allow},
	}
	for _, r := range []struct{ name, cmd string }{
		{"rev", `rev <<< '~ fr- mr' | sh`},
		{"xxd -r -p", `xxd -r -p <<< 726d202d7266207e | sh`},
		{"base64 -d", `base64 -d <<< cm0gLXJmIH4= | bash`},
		{"base64 --decode of a here-document", "base64 --decode <<E | sh\ncm0gLXJmIH4=\nE"},
		{"base32 -d", `base32 -d <<< OJWSALLSMYQH4=== | sh`},
		{"a group's base64 -d", `{ base64 -d | sh; } <<< cm0gLXJmIH4=`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	for _, r := range []struct{ name, cmd string }{
		{"openssl base64 -d", `openssl base64 -d <<< cm0gLXJmIH4= | sh`},
		{"base64 -d of text that does not decode", `base64 -d <<< 'cm0gLXJmIH4=!' | sh`},
		{"uudecode", "uudecode <<E | sh\nbegin 644 x\nE"},
		{"zcat", `zcat <<< 'x' | sh`},
	} {
		rows = append(rows, decisionRow{r.name + ", bypassPermissions", ModeBypassPermissions, nil, r.cmd, Ask})
	}
	checkDecisions(t, rows)
}

// TestEng76SshLocalhostInput: ssh to this host given no command starts
// the login shell, which runs ssh's input (ssh localhost <<< 'rm -rf
// ~', echo 'rm -rf ~' | ssh localhost), as ssh localhost sh <<< … does,
// which was denied while these were allowed in every mode. A host only
// known at run time is this one perhaps, as sshLocalCommand says.
// Neighbours: another host, a remote command given, a harmless input,
// and -N, which starts no shell, keep their decisions; ssh localhost
// alone is asked for as ssh localhost sh is.
func TestEng76SshLocalhostInput(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: another host's input", ModeBypassPermissions, nil, `ssh build-host <<< 'rm -rf ~'`, Allow},
		{"neighbour: another host's command", ModeDefault, nil, `ssh build-host make`, Allow},
		{"neighbour: a remote cat of a pipe", ModeDefault, nil, `echo hi | ssh localhost cat`, Allow},
		{"neighbour: a harmless input", ModeDefault, nil, `ssh localhost <<< 'ls'`, Allow},
		{"neighbour: a harmless pipe", ModeDefault, nil, `echo hi | ssh localhost`, Allow},
		{"neighbour: -N starts no shell", ModeDefault, nil, `ssh -N -L 8080:localhost:80 localhost`, Allow},
		{"neighbour: -N given an input", ModeBypassPermissions, nil, `ssh -N localhost <<< 'rm -rf ~'`, Allow},
		{"neighbour: -G prints the configuration", ModeDefault, nil, `ssh -G localhost`, Allow},
		{"ssh localhost alone, as ssh localhost sh", ModeBypassPermissions, nil, `ssh localhost`, Ask},
	}
	for _, r := range []struct{ name, cmd string }{
		{"a here-string", `ssh localhost <<< 'rm -rf ~'`},
		{"a pipe", `echo 'rm -rf ~' | ssh localhost`},
		{"-T and a here-document", "ssh -T 127.0.0.1 <<'E'\nrm -rf ~\nE"},
		{"a user and a port", `ssh -p 22 me@localhost <<< 'rm -rf ~'`},
		{"a host only known at run time", `ssh "$h" <<< 'rm -rf ~'`},
		{"cat of a here-string", `cat <<< 'rm -rf ~' | ssh localhost`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	checkDecisions(t, rows)
}

// TestEng76ContainerShellInput: a container's shell fed on its input
// (docker run -i alpine sh <<< 'rm -rf /', a here-document, a pipe of
// literal text; podman and nerdctl, exec as well as run, kubectl exec
// -i) runs what the command given it as sh -c's string would, which is
// asked for as a delete given to run (docker run alpine rm -rf /); fed,
// it was allowed in every mode. Neighbours: a harmless text, a program
// that is no shell, and a container run without -i, whose input is not
// attached, keep their decisions.
func TestEng76ContainerShellInput(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: the command given as arguments", ModeBypassPermissions, nil, `docker run alpine rm -rf /`, Ask},
		{"neighbour: cat fed a here-string", ModeDefault, nil, `docker run -i alpine cat <<< hi`, Allow},
		{"neighbour: a harmless text", ModeDefault, nil, `docker run -i alpine sh <<< 'echo hi'`, Allow},
		{"neighbour: a harmless pipe", ModeDefault, nil, `echo hi | docker run -i alpine sh`, Allow},
		{"neighbour: no -i, no input", ModeBypassPermissions, nil, `docker run alpine sh <<< 'rm -rf /'`, Allow},
		{"neighbour: sh -c's own program", ModeBypassPermissions, nil, `docker run -i alpine sh -c ls <<< 'rm -rf /'`, Allow},
	}
	for _, r := range []struct{ name, cmd string }{
		{"docker run -i, a here-string", `docker run -i alpine sh <<< 'rm -rf /'`},
		{"docker run -it --rm, bash", `docker run -it --rm alpine bash <<< 'rm -rf /'`},
		{"docker run -i, a pipe", `echo 'rm -rf /' | docker run -i alpine sh`},
		{"podman exec -i, a here-document", "podman exec -i c sh <<'E'\nrm -rf /\nE"},
		{"nerdctl run -i", `nerdctl run -i alpine sh <<< 'rm -rf /'`},
		{"kubectl exec -i", `kubectl exec -i pod -- sh <<< 'rm -rf /'`},
		{"docker container exec --interactive", `docker container exec --interactive c sh <<< 'rm -rf ~'`},
	} {
		for _, m := range eng76Modes {
			want := Ask
			if m == ModeDontAsk || m == ModePlan {
				want = Deny // plan denies docker as it did
			}
			rows = append(rows, decisionRow{r.name + ", " + string(m), m, nil, r.cmd, want})
		}
	}
	checkDecisions(t, rows)
}

// TestEng76DecodedPipeFeedsShell: a decoder between printers of literal
// text and a shell (echo cm0gLXJmIH4= | base64 -d | sh) was read as no
// filter: its output unread, bypassPermissions allowed the pipe. base64
// -d, base32 -d and xxd -r -p are computed and their output judged;
// another decoder's, or a filter's the analysis does not compute, of
// printers' text fails closed, as printers of text not read do.
// A decompressor's output (gunzip) is never computed. Neighbours: a
// decode to a file or a terminal, and a harmless decoded text, keep
// their decisions.
func TestEng76DecodedPipeFeedsShell(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: a decode to the terminal", ModeDefault, nil, `echo aGk= | base64 -d`, Allow},
		{"neighbour: a decode of a file to a file", ModeDefault, nil, `cat f.b64 | base64 -d > f`, Allow},
		{"neighbour: a harmless decoded text, bypassPermissions", ModeBypassPermissions, nil, `echo ZWNobyBoaQ== | base64 -d | sh`, Allow},
		{"neighbour: a count of a log", ModeDefault, nil, `git log | grep -c fix`, Allow},
		{"neighbour: a decompressed log", ModeDefault, nil, `zcat logs.gz | grep err | head`, Allow},
	}
	rows = eng76Rows(rows, "echo to base64 -d", `echo cm0gLXJmIH4= | base64 -d | sh`, Deny)
	rows = eng76Rows(rows, "printf to xxd -r -p", `printf 726d202d7266207e | xxd -r -p | bash`, Deny)
	for _, r := range []struct{ name, cmd string }{
		{"openssl base64 -d", `echo cm0gLXJmIH4= | openssl base64 -d | sh`},
		{"base64 -d of a value", `echo "$x" | base64 -d | sh`},
		{"a decompressed decode", `printf 'H4sIAAAAAAAAAytKUdAtSlOoAwBzLvUFCQAAAA==' | base64 -d | gunzip | sh`},
	} {
		rows = append(rows, decisionRow{r.name + ", bypassPermissions", ModeBypassPermissions, nil, r.cmd, Ask})
	}
	checkDecisions(t, rows)
}
