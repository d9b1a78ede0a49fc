//go:build !linux && !darwin

package exec

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
)

// Init returns at once: only Linux re-executes the runner as the sandbox
// child.
func Init() {}

// EndPrefork does nothing here: no child is started ahead.
func EndPrefork() {}

func (c *Cmd) run(context.Context) (int, *StageError) {
	return 0, stageErr(StageSpec, StatusSandbox, "sandboxed runs are not supported on %s yet", runtime.GOOS)
}

type spawning struct{}

// Prespawn does nothing here.
func (c *Cmd) Prespawn() {}

// Discard does nothing here.
func (c *Cmd) Discard() {}

// Interrupted: never, here.
func (c *Cmd) Interrupted() os.Signal { return nil }

// Prepare does nothing here.
func (c *Cmd) Prepare() {}

// NamespaceLayer: Linux only.
func NamespaceLayer() (string, error) {
	return "", errors.New("Linux only")
}

// NetworkNamespace: Linux only.
func NetworkNamespace() (string, error) {
	return "", fmt.Errorf("%w: Linux only", ErrNoNamespaceLayer)
}

// ProtectedInRoot lists nothing: no sandbox here.
func ProtectedInRoot() []string { return nil }
