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
