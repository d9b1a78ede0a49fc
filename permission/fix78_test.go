package permission

import (
	"strconv"
	"strings"
	"testing"
)

// fix78Nested returns body inside n nested brace groups.
func fix78Nested(n int, body string) string {
	return strings.Repeat("{ ", n) + body + strings.Repeat("; }", n)
}

// TestFix78InsertedTextBound: a bound reached in the text sed -i puts in
// a file (runInserted) was reported once and its report cut with the
// text's other asks, so that a later construct past the same bound
// passed unseen: nesting too deep (tooDeep), and the text of the writes
// judged after a reader of them (readLaterBytes). The report is now
// kept. Neighbour: a harmless edit of a script run keeps its answer.
func TestFix78InsertedTextBound(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("a ", 40<<10)
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"nesting too deep in the text and after it", "sed -i 's/x/" + fix78Nested(600, "true") + "/' f; sh f; " + fix78Nested(600, "rm -rf ~")},
		{"the writes after a reader spent in the text", "sh q & sed -i 's/x/echo " + big + " > q; echo " + big + " > q/' f; sh f; echo 'rm -rf ~' > q"},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	rows = eng77Allowed(rows, "s/a/b/ of a script run", `sed -i 's/a/b/' f; sh f`)
	checkDecisions(t, rows)
}

// TestFix78ContainerShellNamedBefore: a word whose base name is a shell
// before the one the container runs (a container named sh, --name
// bash, -v x:/sh) ended the search for the shell fed the input, so that
// docker exec -i sh sh <<< 'rm -rf /' was allowed where docker run -i
// alpine sh <<< … asks. Neighbour: a program that is no shell.
func TestFix78ContainerShellNamedBefore(t *testing.T) {
	t.Parallel()
	var rows []decisionRow
	for _, r := range []struct{ name, cmd string }{
		{"a container named sh", `docker exec -i sh sh <<< 'rm -rf /'`},
		{"--name bash", `docker run -i --name bash alpine sh <<< 'rm -rf /'`},
		{"-v x:/sh", `docker run -i -v x:/sh alpine sh <<< 'rm -rf /'`},
		{"an image named bash", `echo 'rm -rf /' | docker run -i bash sh`},
	} {
		rows = eng77Asks(rows, r.name, r.cmd)
	}
	rows = eng77Allowed(rows, "psql fed a query", `docker exec -i db psql <<< 'select 1'`)
	checkDecisions(t, rows)
}

// TestFix78LinkChainBound: a write followed through more links than
// maxLinked stopped quietly, so that sh run by the 65th name of a chain
// of links was allowed the text written to the first. Neighbour: a
// chain of 3 links is followed and denied.
func TestFix78LinkChainBound(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("ln -s s.sh l0; ")
	for i := 1; i <= maxLinked+2; i++ {
		b.WriteString("ln -s l" + strconv.Itoa(i-1) + " l" + strconv.Itoa(i) + "; ")
	}
	long := b.String() + "echo 'rm -rf ~' > s.sh; sh l" + strconv.Itoa(maxLinked+2)
	rows := eng77Asks(nil, "a chain past maxLinked", long)
	rows = eng76Rows(rows, "neighbour: a chain of 3 links", `ln -s s.sh l0; ln -s l0 l1; ln -s l1 l2; echo 'rm -rf ~' > s.sh; sh l2`, Deny)
	checkDecisions(t, rows)
}
