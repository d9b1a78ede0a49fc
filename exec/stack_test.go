package exec

import "testing"

// deep recurses n frames of about 200 bytes each, as the engine's
// analysis and the layer's plan go deep: 150 frames take some 30 KiB of
// stack.
//
//go:noinline
func deep(n int) int {
	var local [24]int
	local[n%len(local)] = n
	if n == 0 {
		return local[0]
	}
	return deep(n-1) + local[(n+1)%len(local)]
}

// BenchmarkDeepGoroutine times a goroutine that goes 150 frames deep,
// with its stack grown by GrowStack first (grown) and doubled on the way
// (fresh): what GrowStack saves each of the runner's deep goroutines.
func BenchmarkDeepGoroutine(b *testing.B) {
	for _, bc := range []struct {
		name string
		grow bool
	}{{"fresh", false}, {"grown", true}} {
		b.Run(bc.name, func(b *testing.B) {
			done := make(chan int)
			for b.Loop() {
				go func() {
					if bc.grow {
						GrowStack()
					}
					done <- deep(150)
				}()
				<-done
			}
		})
	}
}
