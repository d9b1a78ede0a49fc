package exec

import "testing"

// TestWaitPastPlansFix79: every git plan counts from the layer plan's one
// time, for which waitPastPlans waits once (it took the latest of equal
// times before). A time the coarse clock does not reach in maxClockWait
// (a clock set back before the go) has every plan count every change as
// the command's, and every module and path found beside another run for
// changed (rev87); neighbour: a time passed already is kept, unwaited.
func TestWaitPastPlansFix79(t *testing.T) {
	for _, tc := range []struct {
		name     string
		ahead    int64 // of the plan's time over the clock, in seconds
		nested   bool
		wantKept bool
	}{
		{"set back, with the nested plan", 1, true, false},
		{"set back, todos alone (--allow-git-config)", 1, false, false},
		{"neighbour: passed", -1, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sec, nsec := changeClockNsec()
			sec += tc.ahead
			todos := []*plannedTodos{{Since: sec, Nsec: nsec}, {Since: sec, Nsec: nsec}}
			var nested *plannedNested
			if tc.nested {
				nested = &plannedNested{Since: sec, Nsec: nsec}
			}
			// Beside another run (rev87): the modules and paths found
			// count every change since the first second as changed.
			mods := []moduleDir{{path: "/p", since: sec, nsec: nsec}, {path: "/q"}}
			found := &plannedFound{sec: sec, nsec: nsec}
			waitPastPlans(todos, nested, mods, found)
			if kept := mods[0].since == sec && found.sec == sec; kept != tc.wantKept {
				t.Errorf("mods[0] at %d, found at %d, want kept %v", mods[0].since, found.sec, tc.wantKept)
			}
			if !tc.wantKept && (mods[0].since != 1 || found.sec != 1) || mods[1].since != 0 {
				t.Errorf("mods at %d and %d, found at %d; want 1, 0 and 1 where set back", mods[0].since, mods[1].since, found.sec)
			}
			for i, p := range todos {
				if kept := p.Since == sec && p.Nsec == nsec; kept != tc.wantKept {
					t.Errorf("todos[%d] at %d.%d, want kept %v", i, p.Since, p.Nsec, tc.wantKept)
				}
			}
			if nested != nil && (nested.Since == sec) != tc.wantKept {
				t.Errorf("nested at %d.%d, want kept %v", nested.Since, nested.Nsec, tc.wantKept)
			}
		})
	}
}
