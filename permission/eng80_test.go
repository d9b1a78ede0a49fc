package permission

import "testing"

// TestEng80OperandWritesRun: a command that writes a file by an operand
// of its own (sort -o t, uniq s t, rsync s t, gunzip s.gz, split,
// csplit, patch, an extraction, a copy of a file only known at run
// time, patch and git apply of a patch only known at run time) was not
// seen as writing it, so that running it later on the
// line ran what the engine took for the project's own file, allowed
// where echo 'rm -rf ~' > t; sh t is denied. The file now counts as
// written with what is only known at run time, where the command's
// input may be the line's (a file the line wrote, a pipe, a
// here-string): running it asks, as gen > t; sh t does.
func TestEng80OperandWritesRun(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"sort -o", `echo 'rm -rf ~' > s; sort -o t s; sh t`},
		{"sort -o, the input redirected", `echo 'rm -rf ~' > s; sort -o t < s; sh t`},
		{"sort -o fed by a pipe", `echo 'rm -rf ~' | sort -o t; sh t`},
		{"sort -o fed a here-string", `sort -o t <<< 'rm -rf ~'; sh t`},
		{"sort -o of a file only known at run time", `echo 'rm -rf ~' > s; sort -o t "$f"; sh t`},
		{"sort -o to a file only known at run time", `echo 'rm -rf ~' > s; sort -o "$f" s; sh t`},
		{"uniq s t", `echo 'rm -rf ~' > s; uniq s t; sh t`},
		{"rsync s t", `echo 'rm -rf ~' > s; rsync s t; sh t`},
		{"shuf -o, sourced", `echo 'rm -rf ~' > s; shuf -o t s; . ./t`},
		{"gunzip s.gz", `echo 'rm -rf ~' | gzip > s.gz; gunzip s.gz; sh s`},
		{"gzip -d s.gz", `echo 'rm -rf ~' | gzip > s.gz; gzip -d s.gz; bash s`},
		{"bunzip2 s.bz2 (read80)", `echo 'rm -rf ~' | bzip2 > s.bz2; bunzip2 s.bz2; sh s`},
		{"gunzip a.tgz writes a.tar (read80)", `echo 'rm -rf ~' > s; tar -czf a.tgz s; gunzip a.tgz; mkdir x; tar -xf a.tar -C x; sh x/s`},
		{"split's pieces", `echo 'rm -rf ~' > s; split s p; sh paa`},
		{"csplit's pieces", `echo 'rm -rf ~' > s; csplit s 1; sh xx00`},
		{"tar -x of an archive the line made", `echo 'rm -rf ~' > s; tar -cf a.tar s; mkdir x; tar -xf a.tar -C x; sh x/s`},
		{"patch s p of a patch the line wrote", `echo 'rm -rf ~' > p; patch s p; sh s`},
		{"cp \"$f\" t.sh", `echo 'rm -rf ~' > s; cp "$f" t.sh; sh t.sh`},
		{"patch < p of a patch only known at run time", `gen > p; patch -p1 < p; sh s`},
		{"git apply of a patch only known at run time", `gen > p; git apply p; sh s`},
		{"git apply of a patch the line wrote", `printf '%s\n' '--- /dev/null' '+++ b/s' '@@ -0,0 +1 @@' '+rm -rf ~' > p; git apply p; sh s`},
		{"sort -o, then make", `echo 'all:;rm -rf ~' > s; sort -o Makefile s; make`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	for _, r := range []struct{ name, cmd string }{
		// A known text changed by an operand write is still judged,
		// deny-only, beside the unknown: no laxer than before.
		{"neighbour: shfmt -w of a known text", `echo 'rm -rf ~' > s; shfmt -w s; sh s`},
		{"neighbour: sort -o s s of a known text", `echo 'rm -rf ~' > s; sort -o s s; sh s`},
		{"neighbour: chmod +x keeps the text", `echo 'rm -rf ~' > s; chmod +x s; ./s`},
		{"neighbour: touch keeps the text", `echo 'rm -rf ~' > s; touch s; sh s`},
	} {
		rows = eng76Rows(rows, r.name, r.cmd, Deny)
	}
	for _, r := range []struct{ name, cmd string }{
		{"sort -o out.txt in.txt; cat out.txt", `sort -o out.txt in.txt; cat out.txt`},
		{"go build -o bin/x; ./bin/x", `go build -o bin/x; ./bin/x`},
		{"a compiler's output", `echo 'int main(){}' > x.c; gcc -o x x.c; ./x`},
		{"chmod +x b.sh && ./b.sh", `chmod +x b.sh && ./b.sh`},
		{"shfmt -w b.sh && ./b.sh", `shfmt -w b.sh && ./b.sh`},
		{"sort -o of the project's file", `echo hi > log; sort -o t s; sh t`},
		{"gunzip of the project's file", `gunzip data.gz; sh run.sh`},
		{"tar -x of the project's archive", `tar -xf a.tar; ./configure`},
		{"cp of a literal file", `cp b.sh t.sh; sh t.sh`},
		{"git apply of the project's patch", `git apply x.patch; sh s`},
		{"patch < of the project's patch", `patch -p1 < x.patch; ./build.sh`},
		{"a piped extraction of the project's archive", `cat deps.tar | tar x; ./configure`},
	} {
		rows = eng77Allowed(rows, r.name, r.cmd)
	}
	checkDecisions(t, rows)
}
