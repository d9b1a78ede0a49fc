package landlock

import (
	"strings"
	"testing"
)

func TestAccessString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		access AccessFS
		want   string
	}{
		{0, "none"},
		{ReadOnly, "read_file|read_dir"},
		{ReadExec, "execute|read_file|read_dir"},
		{Refer | Truncate | IoctlDev, "refer|truncate|ioctl_dev"},
		{ReadWrite, "execute|write_file|read_file|read_dir|remove_dir|remove_file|make_dir|make_reg|make_sock|make_fifo|make_sym|refer|truncate|ioctl_dev"},
		{MakeBlock | 1<<20, "make_block|0x100000"},
	}
	for _, tt := range tests {
		if got := tt.access.String(); got != tt.want {
			t.Errorf("AccessFS(%#x).String() = %q, want %q", uint64(tt.access), got, tt.want)
		}
	}
}

func TestReadWriteNeverGrantsDevices(t *testing.T) {
	t.Parallel()
	if ReadWrite&(MakeChar|MakeBlock) != 0 {
		t.Fatalf("ReadWrite = %s, must not contain make_char or make_block", ReadWrite)
	}
	if ReadWrite|MakeChar|MakeBlock != allFS {
		t.Fatalf("ReadWrite = %s, want every other right", ReadWrite)
	}
}

// TestFeatures checks the downgrade table: what each ABI can restrict.
func TestFeatures(t *testing.T) {
	t.Parallel()
	abi1 := AccessFS(1<<13 - 1) // execute … make_sym
	tests := []struct {
		abi        int
		wantFS     AccessFS
		wantNet    bool
		wantScoped bool
	}{
		{-1, 0, false, false},
		{0, 0, false, false},
		{1, abi1, false, false},
		{2, abi1 | Refer, false, false},
		{3, abi1 | Refer | Truncate, false, false},
		{4, abi1 | Refer | Truncate, true, false},
		{5, abi1 | Refer | Truncate | IoctlDev, true, false},
		{6, allFS, true, true},
		{7, allFS, true, true},
		{8, allFS, true, true}, // newer kernels: capped at what this package knows
		{99, allFS, true, true},
	}
	for _, tt := range tests {
		f := features(tt.abi)
		if f.fs != tt.wantFS {
			t.Errorf("features(%d).fs = %s, want %s", tt.abi, f.fs, tt.wantFS)
		}
		if got := f.net == netBindTCP|netConnectTCP; got != tt.wantNet || (!got && f.net != 0) {
			t.Errorf("features(%d).net = %#x, want TCP bind+connect: %v", tt.abi, f.net, tt.wantNet)
		}
		if got := f.scoped == scopeSignal|scopeAbstractUnix; got != tt.wantScoped || (!got && f.scoped != 0) {
			t.Errorf("features(%d).scoped = %#x, want signal+abstract unix: %v", tt.abi, f.scoped, tt.wantScoped)
		}
	}
	for abi := 1; abi <= maxKnownABI; abi++ {
		prev, cur := features(abi-1), features(abi)
		if prev.fs&^cur.fs != 0 || prev.net&^cur.net != 0 || prev.scoped&^cur.scoped != 0 {
			t.Errorf("ABI %d drops something ABI %d had", abi, abi-1)
		}
	}
}

func TestUnsupported(t *testing.T) {
	t.Parallel()
	fsOnly := Config{Paths: []PathRule{
		{Path: "/usr", Access: ReadExec},
		{Path: "/dev/null", Access: ReadWrite},
	}}
	full := Config{
		Paths: []PathRule{
			{Path: "/usr", Access: ReadExec},
			{Path: "/dev/tty", Access: ReadFile | WriteFile}, // no ioctl_dev
		},
		HandleNet:         true,
		ConnectPorts:      []uint16{443},
		ScopeSignals:      true,
		ScopeAbstractUnix: true,
	}
	const (
		fs       = "filesystem restriction needs Landlock ABI 1"
		trunc    = "truncation (truncate, O_TRUNC) needs Landlock ABI 3"
		ioctl    = "ioctl on device files (/dev/tty) needs Landlock ABI 5"
		tcp      = "TCP connect/bind restriction needs Landlock ABI 4"
		signals  = "blocking signals to processes outside the sandbox needs Landlock ABI 6"
		abstract = "abstract unix sockets outside the sandbox needs Landlock ABI 6"
	)
	tests := []struct {
		name string
		cfg  Config
		abi  int
		want []string // substrings, one per item, in order
	}{
		{"no Landlock, filesystem only", fsOnly, 0, []string{fs + ", kernel has no Landlock"}},
		{"no Landlock, everything", full, 0, []string{fs, tcp, signals, abstract}},
		{"ABI 1, filesystem only", fsOnly, 1, []string{trunc + ", kernel has 1"}},
		{"ABI 1, everything", full, 1, []string{trunc, ioctl, tcp, signals, abstract}},
		{"ABI 2, everything", full, 2, []string{trunc + ", kernel has 2", ioctl, tcp + ", kernel has 2", signals, abstract}},
		{"ABI 3, filesystem only", fsOnly, 3, nil},
		{"ABI 3, everything", full, 3, []string{ioctl + ", kernel has 3", tcp + ", kernel has 3", signals, abstract}},
		{"ABI 4, everything", full, 4, []string{ioctl + ", kernel has 4", signals + ", kernel has 4", abstract}},
		{"ABI 5, everything", full, 5, []string{signals + ", kernel has 5", abstract + ", kernel has 5"}},
		{"ABI 5, only signal scoping", Config{ScopeSignals: true}, 5, []string{signals}},
		{"ABI 6, everything", full, 6, nil},
		{"ABI 7, everything", full, 7, nil},
		{"ABI 9, everything", full, 9, nil},
		{"devices granted with ioctl need nothing", Config{Paths: []PathRule{{Path: "/dev/pts", Access: ReadWrite}}}, 4, nil},
		{"ioctl gap only counts under /dev", Config{Paths: []PathRule{{Path: "/device", Access: ReadOnly}}}, 4, nil},
		{"network left alone needs nothing", Config{ConnectPorts: []uint16{80}}, 3, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := tt.cfg.Unsupported(tt.abi)
			if len(got) != len(tt.want) {
				t.Fatalf("Unsupported(%d) = %q, want %d items like %q", tt.abi, got, len(tt.want), tt.want)
			}
			for i := range got {
				if !strings.Contains(got[i], tt.want[i]) {
					t.Errorf("Unsupported(%d)[%d] = %q, want it to contain %q", tt.abi, i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestUnsupportedError(t *testing.T) {
	t.Parallel()
	err := &UnsupportedError{ABI: 3, Missing: Config{HandleNet: true, ScopeSignals: true}.Unsupported(3)}
	want := "landlock: the kernel cannot enforce the policy: TCP connect/bind restriction needs Landlock ABI 4, kernel has 3; " +
		"blocking signals to processes outside the sandbox needs Landlock ABI 6, kernel has 3 (upgrade the kernel, or run in best-effort mode to accept this)"
	if err.Error() != want {
		t.Errorf("Error() =\n%s\nwant\n%s", err, want)
	}
}
