package permission

import (
	"os"
	"strings"
	"testing"
)

func TestZZProbe(t *testing.T) {
	b, _ := os.ReadFile("/tmp/e12cmds.txt")
	for _, c := range strings.Split(string(b), "\x00") {
		got := engine(t, ModeDefault).Check(bash(c))
		if true {
			t.Logf("| %q: %v (%s)", c, got.Decision, got.Reason)
		}
	}
}
