//go:build !linux

package integration

import "errors"

// namespacesAvailable: the namespace layer is Linux's.
func namespacesAvailable() error { return errors.New("not Linux") }

// ownTmp: the command's own /tmp is the namespace layer's (see the Linux
// file).
func ownTmp(*box) bool { return false }
