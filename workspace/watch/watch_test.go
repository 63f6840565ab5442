package watch

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestDebounce drives the debounce with a clock of its own: a burst of
// changes is one batch, handed over only when the quiet time has passed
// after the last of them.
func TestDebounce(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in := make(chan string)
	var timers []chan time.Time
	timerMade := make(chan struct{}, 100)
	after := func(time.Duration) <-chan time.Time {
		c := make(chan time.Time, 1)
		timers = append(timers, c)
		timerMade <- struct{}{}
		return c
	}
	batches := make(chan []string, 10)
	done := make(chan struct{})
	go func() {
		debounce(ctx, in, time.Second, after, func(b []string) { batches <- b })
		close(done)
	}()
	for _, p := range []string{"b.toml", "a.toml", "b.toml", "c.toml", "a.toml"} {
		in <- p
		<-timerMade
	}
	// only the last timer counts: the earlier ones were replaced
	timers[0] <- time.Time{}
	timers[3] <- time.Time{}
	select {
	case b := <-batches:
		t.Fatalf("a batch before the last change was quiet: %v", b)
	default:
	}
	timers[4] <- time.Time{}
	if b := <-batches; !slices.Equal(b, []string{"a.toml", "b.toml", "c.toml"}) {
		t.Errorf("batch %v", b)
	}
	in <- "d.toml"
	<-timerMade
	timers[5] <- time.Time{}
	if b := <-batches; !slices.Equal(b, []string{"d.toml"}) {
		t.Errorf("second batch %v", b)
	}
	close(in)
	<-done
	if len(batches) != 0 {
		t.Errorf("%d batches left", len(batches))
	}
}

// TestWatcherSeesChanges runs a real watcher: a change in a watched tree
// and in a directory created after the start each come as a batch; hidden
// directories are not watched, but for the top of .git (HEAD, the index)
// and its refs; cancelling ends Run.
func TestWatcherSeesChanges(t *testing.T) {
	root := t.TempDir()
	cfg := filepath.Join(root, "configs", "training")
	for _, d := range []string{cfg, filepath.Join(root, ".git", "objects")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w, err := New([]string{root}, Options{Quiet: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if w.Dirs() != 4 { // root, configs, configs/training, .git (not its objects)
		t.Errorf("%d directories watched, want 4 (hidden ones left out, but .git itself)", w.Dirs())
	}
	ctx, cancel := context.WithCancel(context.Background())
	batches := make(chan []string, 10)
	done := make(chan error)
	go func() { done <- w.Run(ctx, func(b []string) { batches <- b }) }()
	wait := func(want string) {
		t.Helper()
		deadline := time.After(10 * time.Second) // a guard against a hang, not a measure
		for {
			select {
			case b := <-batches:
				if slices.Contains(b, want) {
					return
				}
			case <-deadline:
				t.Fatalf("no batch with %s", want)
			}
		}
	}
	run := filepath.Join(cfg, "run.toml")
	os.WriteFile(run, []byte("a = 1\n"), 0o644)
	wait(run)
	newDir := filepath.Join(root, "configs", "eval")
	os.Mkdir(newDir, 0o755)
	wait(newDir)
	// the new directory is watched by now
	evalCfg := filepath.Join(newDir, "e.toml")
	for i := 0; i < 50 && !w.watching(newDir); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	os.WriteFile(evalCfg, []byte("b = 2\n"), 0o644)
	wait(evalCfg)
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}

func TestMaxDirs(t *testing.T) {
	root := t.TempDir()
	for i := 0; i < 5; i++ {
		os.MkdirAll(filepath.Join(root, "d", string(rune('a'+i))), 0o755)
	}
	w, err := New([]string{root}, Options{MaxDirs: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if w.Dirs() != 3 || !w.Truncated() {
		t.Errorf("%d directories, truncated %v", w.Dirs(), w.Truncated())
	}
}
