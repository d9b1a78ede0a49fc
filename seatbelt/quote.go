package seatbelt

import (
	"fmt"
	"strings"
)

// quote returns s as an SBPL string literal. Inside one only the double
// quote and the backslash are special, and both are escaped with a
// backslash. Control characters (NUL, line breaks, tab, DEL …) are refused
// rather than escaped: the SBPL reader's handling of \n and \x escapes is
// not documented, and no path or name this package writes needs them.
func quote(s string) (string, error) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f {
			return "", fmt.Errorf("seatbelt: %q: control character %#02x cannot be written in a profile", s, c)
		}
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '"' || c == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return b.String(), nil
}

// mustQuote quotes a constant of this package.
func mustQuote(s string) string {
	q, err := quote(s)
	if err != nil {
		panic("BUG(mewsandbox): " + err.Error())
	}
	return q
}
