package permission

import (
	"strings"
	"testing"
)

// TestInlineNestedCallsBounded: the argument of each of many nested calls
// was evaluated again for each of them (os.system(os.system(…)),
// __import__(…), require(…)): 4,000 of them took a second, and the time
// grew as the square of their number. The steps of evaluating arguments
// and finding statements' ends now count against the reader's bound, and
// such code is too long to read.
func TestInlineNestedCallsBounded(t *testing.T) {
	t.Parallel()
	const n = 4000
	nest := func(call, inner string) string {
		return strings.Repeat(call+"(", n) + inner + strings.Repeat(")", n)
	}
	cases := []struct {
		name string
		lang codeLang
		src  string
	}{
		{"python os.system", langPython, nest("os.system", `"x"`)},
		{"python open", langPython, nest("open", `"x"`)},
		{"python __import__", langPython, nest("__import__", `"x"`)},
		{"js require", langJS, nest("require", `"x"`)},
		{"ruby system", langRuby, strings.Repeat("system ", 50*n) + `"x"`},
	}
	for _, c := range cases {
		s := codeScan{lang: c.lang, src: c.src}
		s.lex()
		s.scan()
		if !s.tooLong || s.work > 2*maxCodeWork {
			t.Errorf("%s: tooLong %v after %d steps, want it past the bound of %d", c.name, s.tooLong, s.work, maxCodeWork)
		}
	}
}
