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
