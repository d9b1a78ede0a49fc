//go:build !linux

package integration

import "errors"

// namespacesAvailable: the namespace layer is Linux's.
func namespacesAvailable() error { return errors.New("not Linux") }
