package permission

import (
	"runtime"
	"strings"
	"testing"
	"unsafe"
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

// TestInlineLexAllocatesOnce: code of 100,000 brackets (which the shell
// analysis lets through in groups nested 1,000 deep) is a token a
// bracket; their list, grown by append, was allocated over about five
// times its size, which with its collection took most of the reading's
// time. It is made once, at about its size. (Not parallel: it counts
// the bytes the whole program allocates.)
func TestInlineLexAllocatesOnce(t *testing.T) {
	src := strings.Repeat(strings.Repeat("(", 1000)+strings.Repeat(")", 1000), 50)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s := codeScan{lang: langPython, src: src}
	s.lex()
	runtime.ReadMemStats(&after)
	need := uint64(len(s.toks)) * uint64(unsafe.Sizeof(token{})+unsafe.Sizeof(0))
	if got := after.TotalAlloc - before.TotalAlloc; got > 2*need {
		t.Errorf("lexing %d tokens allocated %d bytes, want at most %d (twice the tokens and their matches)", len(s.toks), got, 2*need)
	}
}
