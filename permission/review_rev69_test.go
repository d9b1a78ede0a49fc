package permission

import (
	"strings"
	"testing"
	"time"
)

// TestRev69XargsLinesBounded: xargs -n printed echo's arguments again for
// each line it makes, unbounded, so that p=$(echo a a a … | xargs -n1
// echo bbb…) of 30 kB wrote out 100 MB and took 4 s. Neighbour: xargs
// -n of a protected path is still followed.
func TestRev69XargsLinesBounded(t *testing.T) {
	t.Parallel()
	many := strings.TrimSpace(strings.Repeat("a ", 10000))
	long := strings.Repeat("b", 10000)
	checkFast(t, 2*time.Second, []slowRow{
		{"xargs -n1 of a long argument", `p=$(echo ` + many + ` | xargs -n1 echo ` + long + `); cp x "$p"`, Allow},
		{"neighbour: xargs -n1 of .git/config", `p=$(echo .git/config | xargs -n1 echo); echo x >> "$p"`, Ask},
	})
}
