package workflows

import (
	"context"
	"sync"
)

// The fakes below stand in for activities in the workflow tests: each
// records what the workflow asked under the fake's lock.

// recording is an activity that appends its input to *into.
func recording[In any](mu *sync.Mutex, into *[]In) func(context.Context, In) error {
	return func(_ context.Context, in In) error {
		mu.Lock()
		defer mu.Unlock()
		*into = append(*into, in)
		return nil
	}
}

// answering is an activity that appends its input to *into and answers
// with answer(input).
func answering[In, Out any](mu *sync.Mutex, into *[]In, answer func(In) Out) func(context.Context, In) (Out, error) {
	return func(_ context.Context, in In) (Out, error) {
		mu.Lock()
		defer mu.Unlock()
		*into = append(*into, in)
		return answer(in), nil
	}
}

// counting is an activity that counts its attempts in *attempts and
// answers with answer(attempt), the first attempt being 1.
func counting[In, Out any](mu *sync.Mutex, attempts *int32, answer func(attempt int32) (Out, error)) func(context.Context, In) (Out, error) {
	return func(context.Context, In) (Out, error) {
		mu.Lock()
		*attempts++
		n := *attempts
		mu.Unlock()
		return answer(n)
	}
}
