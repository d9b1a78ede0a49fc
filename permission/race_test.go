//go:build race

package permission

// slowdown scales the time bounds of the tests that guard against lines
// taking seconds to minutes to decide: the race detector (CI's go test
// -race) makes the engine several times slower, and its load on the other
// core slower still (TestManyLinksAndClonesFastS58 took 4 s there).
const slowdown = 10
