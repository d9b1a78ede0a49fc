package permission

import "testing"

// TestRedTeamPythonModuleCodeS54: python -m timeit runs its statements
// and its -s (--setup) values as Python, and pdb runs a -c command it
// does not know as a Python statement; with python -m the engine read no
// code at all (-m stops python's own options), so python3 -m timeit -s
// 'import os; os.system("rm -rf ~/x")' ran any code on the host,
// allowed. Their code is now read as python -c's is, cProfile, profile
// and pdb -m MOD followed to the module they run.
func TestRedTeamPythonModuleCodeS54(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S54rt A timeit -s runs code", D, nil, `python3 -m timeit -s 'import os; os.system("rm -rf /tmp/x")'`, Ask},
		{"S54rt A timeit statement runs code", A, nil, `python3 -m timeit 'import os; os.system("rm -rf /tmp/x")'`, Ask},
		{"S54rt A timeit statement after -n and -s", D, nil, `python3 -m timeit -n 3 -s 'import os' 'os.system("rm -rf /tmp/x")'`, Ask},
		{"S54rt A timeit --setup=", A, nil, `python3 -m timeit --setup='import os; os.system("rm -rf /tmp/x")' pass`, Ask},
		{"S54rt A timeit -sCODE", D, nil, `python3 -m timeit -s'import os; os.system("rm -rf /tmp/x")' pass`, Ask},
		{"S54rt A -mtimeit", A, nil, `python3 -mtimeit 'import os; os.system("rm -rf /tmp/x")'`, Ask},
		{"S54rt A timeit reads a key", D, nil, `python3 -m timeit "import os; print(open(os.path.expanduser('~/.ssh/id_rsa')).read())"`, Ask},
		{"S54rt A timeit deletes home, denied", A, nil, `python3 -m timeit 'import os; os.system("rm -rf ~")'`, Deny},
		{"S54rt A pdb -c runs a statement", D, nil, `python3 -m pdb -c 'import os; os.system("rm -rf /tmp/x")' x.py`, Ask},
		{"S54rt A cProfile -m timeit", A, nil, `python3 -m cProfile -m timeit 'import os; os.system("rm -rf /tmp/x")'`, Ask},
		{"S54rt A pdb -m timeit", D, nil, `python3 -m pdb -m timeit 'import os; os.system("rm -rf /tmp/x")'`, Ask},
		{"S54rt A neighbour: timing and profiling at work", A, nil,
			`python3 -m timeit '"-".join(str(n) for n in range(100))' && python3 -m timeit -n 1000 -s 'import json' 'json.dumps({"a": 1})' && python3 -m pdb -c continue x.py && python3 -m cProfile -o prof.out x.py && python3 -m cProfile -m pytest`, Allow},
		{"S54rt A neighbour: in default mode", D, nil, `python3 -m timeit -s 'import re' 're.match("a", "abc")' && python3 -m pdb -c 'b 10' -c c x.py`, Allow},
	})
}
