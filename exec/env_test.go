package exec

import (
	"slices"
	"testing"
)

func TestScrubEnv(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		env         []string
		pass        []string
		wantKept    []string
		wantDropped []string
	}{
		{"plain variables stay", []string{"PATH=/bin", "HOME=/h", "LANG=C", "TERM=xterm"}, nil,
			[]string{"PATH=/bin", "HOME=/h", "LANG=C", "TERM=xterm"}, nil},
		{"tokens go", []string{"GITHUB_TOKEN=x", "NPM_TOKEN=y", "MY_TOKEN_FILE=z", "PATH=/bin"}, nil,
			[]string{"PATH=/bin"}, []string{"GITHUB_TOKEN", "MY_TOKEN_FILE", "NPM_TOKEN"}},
		{"secrets and passwords go", []string{"CLIENT_SECRET=1", "DB_PASSWORD=2", "PWD=/src", "OLDPWD=/", "LDAP_PASSWD=3", "GPG_PASSPHRASE=4"}, nil,
			[]string{"PWD=/src", "OLDPWD=/"}, []string{"CLIENT_SECRET", "DB_PASSWORD", "GPG_PASSPHRASE", "LDAP_PASSWD"}},
		// A review found these reached the command.
		{"more secrets by name", []string{"MYSQL_PWD=1", "BW_SESSION=2", "SSHPASS=3", "OP_SESSION_my=4", "DATABASE_URL=postgres://u:p@h/d", "GITHUB_PAT=5", "CI_JOB_JWT=6",
			"CI_JOB_JWT_V2=7", "TEST_DATABASE_URL=8", "REDIS_URL=9", "MONGODB_URI=10", "SESSION=keep", "DESKTOP_SESSION=gnome", "PATH=/bin"}, nil,
			[]string{"SESSION=keep", "DESKTOP_SESSION=gnome", "PATH=/bin"},
			[]string{"BW_SESSION", "CI_JOB_JWT", "CI_JOB_JWT_V2", "DATABASE_URL", "GITHUB_PAT", "MONGODB_URI", "MYSQL_PWD", "OP_SESSION_my", "REDIS_URL", "SSHPASS", "TEST_DATABASE_URL"}},
		{"keys by suffix and infix", []string{"OPENAI_API_KEY=1", "AWS_ACCESS_KEY_ID=2", "KEYBOARD=us", "MONKEY=3", "SOME_APIKEY=4"}, nil,
			[]string{"KEYBOARD=us", "MONKEY=3"}, []string{"AWS_ACCESS_KEY_ID", "OPENAI_API_KEY", "SOME_APIKEY"}},
		{"credentials", []string{"GOOGLE_APPLICATION_CREDENTIALS=/k.json", "X_CREDENTIALS=1"}, nil,
			nil, []string{"GOOGLE_APPLICATION_CREDENTIALS", "X_CREDENTIALS"}},
		{"providers by prefix", []string{"AWS_PROFILE=p", "AZURE_CLIENT_ID=a", "GH_HOST=h", "VAULT_ADDR=v", "DOCKER_HOST=unix:///d", "KUBECONFIG=/k", "GHOST=ok"}, nil,
			[]string{"GHOST=ok"}, []string{"AWS_PROFILE", "AZURE_CLIENT_ID", "DOCKER_HOST", "GH_HOST", "KUBECONFIG", "VAULT_ADDR"}},
		{"agents", []string{"SSH_AUTH_SOCK=/s", "GPG_AGENT_INFO=/g", "SSH_TTY=/dev/pts/1"}, nil,
			[]string{"SSH_TTY=/dev/pts/1"}, []string{"GPG_AGENT_INFO", "SSH_AUTH_SOCK"}},
		{"execution hijackers", []string{"LD_PRELOAD=x", "LD_LIBRARY_PATH=x", "LD_AUDIT=x", "DYLD_INSERT_LIBRARIES=x", "BASH_ENV=x", "ENV=x", "NODE_OPTIONS=x", "PYTHONSTARTUP=x", "PERL5OPT=x", "RUBYOPT=x", "PROMPT_COMMAND=x", "LD_BIND_NOW=1", "ENVIRONMENT=prod"}, nil,
			[]string{"LD_BIND_NOW=1", "ENVIRONMENT=prod"},
			[]string{"BASH_ENV", "DYLD_INSERT_LIBRARIES", "ENV", "LD_AUDIT", "LD_LIBRARY_PATH", "LD_PRELOAD", "NODE_OPTIONS", "PERL5OPT", "PROMPT_COMMAND", "PYTHONSTARTUP", "RUBYOPT"}},
		{"names match whatever their case", []string{"github_token=x", "aws_region=y"}, nil,
			nil, []string{"aws_region", "github_token"}},
		{"pass keeps a name", []string{"GITHUB_TOKEN=x", "NPM_TOKEN=y"}, []string{"GITHUB_TOKEN"},
			[]string{"GITHUB_TOKEN=x"}, []string{"NPM_TOKEN"}},
		{"pass is exact", []string{"GITHUB_TOKEN=x"}, []string{"github_token", "GITHUB"},
			nil, []string{"GITHUB_TOKEN"}},
		{"dropped names are unique", []string{"AWS_X=1", "AWS_X=2"}, nil,
			nil, []string{"AWS_X"}},
		{"entries without = are names", []string{"AWS_BARE", "BARE"}, nil,
			[]string{"BARE"}, []string{"AWS_BARE"}},
		{"values do not matter", []string{"NOTE=my password is secret"}, nil,
			[]string{"NOTE=my password is secret"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			kept, dropped := ScrubEnv(tt.env, tt.pass)
			if len(kept) == 0 {
				kept = nil
			}
			if !slices.Equal(kept, tt.wantKept) {
				t.Errorf("kept = %q, want %q", kept, tt.wantKept)
			}
			if !slices.Equal(dropped, tt.wantDropped) {
				t.Errorf("dropped = %q, want %q", dropped, tt.wantDropped)
			}
		})
	}
}

func TestScrubEnvLeavesInputAlone(t *testing.T) {
	t.Parallel()
	env := []string{"A=1", "GITHUB_TOKEN=x", "B=2"}
	ScrubEnv(env, nil)
	if want := []string{"A=1", "GITHUB_TOKEN=x", "B=2"}; !slices.Equal(env, want) {
		t.Errorf("input changed to %q", env)
	}
}

func TestEnvHelpers(t *testing.T) {
	t.Parallel()
	if got, want := dedupEnv([]string{"A=1", "B=2", "A=3"}), []string{"B=2", "A=3"}; !slices.Equal(got, want) {
		t.Errorf("dedupEnv = %q, want %q", got, want)
	}
	if got, want := setEnv([]string{"TMPDIR=/tmp", "TMPDIRX=1", "A=1"}, "TMPDIR", "/p"), []string{"TMPDIRX=1", "A=1", "TMPDIR=/p"}; !slices.Equal(got, want) {
		t.Errorf("setEnv = %q, want %q", got, want)
	}
}

func TestEnvFilter(t *testing.T) {
	t.Parallel()
	env := []string{"PATH=/bin", "GITHUB_TOKEN=x", "NPM_TOKEN=y", "MY_DEBUG=1", "MY_LEVEL=2", "HOME=/h"}
	tests := []struct {
		name        string
		f           EnvFilter
		wantKept    []string
		wantDropped []string
	}{
		{"the scrub table alone", EnvFilter{}, []string{"PATH=/bin", "MY_DEBUG=1", "MY_LEVEL=2", "HOME=/h"}, []string{"GITHUB_TOKEN", "NPM_TOKEN"}},
		{"drop takes exact names", EnvFilter{Drop: []string{"HOME"}}, []string{"PATH=/bin", "MY_DEBUG=1", "MY_LEVEL=2"}, []string{"GITHUB_TOKEN", "HOME", "NPM_TOKEN"}},
		{"drop takes wildcards", EnvFilter{Drop: []string{"MY_*"}}, []string{"PATH=/bin", "HOME=/h"}, []string{"GITHUB_TOKEN", "MY_DEBUG", "MY_LEVEL", "NPM_TOKEN"}},
		{"pass keeps what the table drops", EnvFilter{Pass: []string{"GITHUB_TOKEN"}}, []string{"PATH=/bin", "GITHUB_TOKEN=x", "MY_DEBUG=1", "MY_LEVEL=2", "HOME=/h"}, []string{"NPM_TOKEN"}},
		{"drop wins over pass", EnvFilter{Pass: []string{"GITHUB_TOKEN"}, Drop: []string{"*_TOKEN"}}, []string{"PATH=/bin", "MY_DEBUG=1", "MY_LEVEL=2", "HOME=/h"}, []string{"GITHUB_TOKEN", "NPM_TOKEN"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			kept, dropped := tt.f.Apply(env)
			if !slices.Equal(kept, tt.wantKept) || !slices.Equal(dropped, tt.wantDropped) {
				t.Errorf("Apply = %q, %q; want %q, %q", kept, dropped, tt.wantKept, tt.wantDropped)
			}
		})
	}
}
