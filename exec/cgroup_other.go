//go:build !linux

package exec

import "errors"

// CgroupLimits: cgroups are Linux's; elsewhere limits are rlimits.
func CgroupLimits() string { return "rlimits only: cgroups are Linux's" }

// MemoryMax: cgroups are Linux's.
func MemoryMax() (handed bool, err error) { return false, errors.New("cgroups are Linux's") }
