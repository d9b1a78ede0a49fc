package permission

import (
	"path"
	"strings"
)

// Credential stores named in inline code. The code reader follows a
// path written into the call that opens it (open("~/.ssh/id_rsa")), but
// not one the code builds on its own: a variable (p = "~/.ssh/id_rsa";
// open(p)), an f-string or a template (f"{h}/.ssh/id_rsa"), a glob
// (glob.glob("/root/.ss*/id_*")), a listing (os.listdir(d)) or a path
// join over them. Each was allowed, and read a key where no sandbox backs
// the decision. A string in the code that names a credential store
// (credentialPaths), by a component written out or by a pattern that
// matches one (.ss*, .*), is taken as a read of it: the code has no
// other reason to spell it. A store spelled in pieces (".s" + "sh") is
// not seen.

// credentialMentions records a read of each credential store a string
// of the code names.
func (s *codeScan) credentialMentions() {
	for _, t := range s.toks {
		if t.kind != tokString && t.kind != tokWords {
			continue
		}
		if rel := namedCredential(t.text); rel != "" {
			s.found = append(s.found, codeFound{name: "a string", call: s.src[t.from:t.to],
				words: []string{"cat", "--", "~/" + rel}, path: 2, known: true})
		}
	}
}

// namedCredential returns the credential store (a path below the home
// directory, as credentialPaths) that text names from one of its
// components on, or "".
func namedCredential(text string) string {
	if !strings.Contains(text, ".") {
		return ""
	}
	comps := strings.FieldsFunc(text, func(r rune) bool { return r == '/' || r == '\\' || r == codeHole || r == codeHome })
	for j := range comps {
		for _, cp := range credentialPaths {
			if componentsMatch(comps[j:], strings.Split(cp, "/")) {
				return cp
			}
		}
	}
	return ""
}

// componentsMatch says whether the path components have, from their
// start, those of store, each written out or matched by a pattern that
// spells its leading dot (a glob's * does not match one).
func componentsMatch(comps, store []string) bool {
	if len(comps) < len(store) {
		// .kube, then "config" in a path join: the directory alone
		// counts when it is the store's own (.kube, not .config).
		return len(comps) > 0 && len(store) == 2 && comps[0] == store[0] && store[0] == ".kube" && len(comps) == 1
	}
	for i, want := range store {
		c := comps[i]
		if c == want {
			continue
		}
		if !strings.HasPrefix(c, ".") || !strings.ContainsAny(c, "*?[") {
			return false
		}
		if ok, err := path.Match(c, want); err != nil || !ok {
			return false
		}
	}
	return true
}
