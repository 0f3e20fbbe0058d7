package service

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"lender/bff/internal/platform/redistest"
)

func newTestStore(t *testing.T) *Store {
	t.Helper()
	client, prefix := redistest.Client(t)
	s := NewStore(client, prefix)
	// Runs before the client is closed (cleanups run last-registered first); matters on a shared REDIS_URL.
	t.Cleanup(func() { _ = client.Del(context.Background(), s.Key()).Err() })
	return s
}

func TestStoreMissingKeyIsEnabled(t *testing.T) {
	s := newTestStore(t)
	st, err := s.Get(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if st != (Status{}) {
		t.Fatalf("missing key gave %+v, want the zero (enabled) status", st)
	}
}

func TestStoreRoundTrip(t *testing.T) {
	ctx := context.Background()
	s := newTestStore(t)
	at := time.Date(2026, 3, 1, 6, 30, 0, 0, time.UTC)
	s.now = func() time.Time { return at }

	if err := s.Disable(ctx, "  Planned <b>maintenance</b> ", `<p>Back at <strong>9am</strong></p><script>alert(1)</script>`); err != nil {
		t.Fatal(err)
	}
	st, err := s.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := Status{Disabled: true, Title: "Planned maintenance", BodyHTML: `<p>Back at <strong>9am</strong></p>`, UpdatedAt: at}
	if st != want {
		t.Fatalf("after Disable: %+v, want %+v", st, want)
	}

	// What is stored is already sanitised: the write path does not rely on the read path.
	raw, err := s.client.HGetAll(ctx, s.Key()).Result()
	if err != nil {
		t.Fatal(err)
	}
	if raw["bodyHtml"] != want.BodyHTML || raw["title"] != want.Title || raw["disabled"] != "1" || raw["updatedAt"] != "2026-03-01T06:30:00Z" {
		t.Fatalf("stored hash %v", raw)
	}

	// A second notice replaces the first entirely: no title left over from before.
	if err := s.Disable(ctx, "", ""); err != nil {
		t.Fatal(err)
	}
	if st, err = s.Get(ctx); err != nil {
		t.Fatal(err)
	}
	if st != (Status{Disabled: true, UpdatedAt: at}) {
		t.Fatalf("after Disable with defaults: %+v", st)
	}

	later := at.Add(2 * time.Hour)
	s.now = func() time.Time { return later }
	if err := s.Enable(ctx); err != nil {
		t.Fatal(err)
	}
	if st, err = s.Get(ctx); err != nil {
		t.Fatal(err)
	}
	if st != (Status{UpdatedAt: later}) {
		t.Fatalf("after Enable: %+v", st)
	}
	if n, _ := s.client.HLen(ctx, s.Key()).Result(); n != 2 {
		t.Fatalf("after Enable the hash has %d fields, want disabled and updatedAt only", n)
	}

	// Enable and disable again, from nothing, keeps working.
	if err := s.Disable(ctx, "Again", "<p>x</p>"); err != nil {
		t.Fatal(err)
	}
	if st, err = s.Get(ctx); err != nil || !st.Disabled || st.Title != "Again" || st.BodyHTML != "<p>x</p>" {
		t.Fatalf("disable again: %+v, %v", st, err)
	}
}

func TestStoreKeyUsesPrefix(t *testing.T) {
	s := NewStore(nil, "lender:")
	if s.Key() != "lender:service:status" {
		t.Fatalf("key %q", s.Key())
	}
}

func TestStoreRefusesOversizedBody(t *testing.T) {
	ctx := context.Background()
	s := newTestStore(t)
	err := s.Disable(ctx, "t", "<p>"+strings.Repeat("a", MaxBodyBytes)+"</p>")
	if !errors.Is(err, ErrBodyTooLarge) {
		t.Fatalf("err = %v, want ErrBodyTooLarge", err)
	}
	if n, _ := s.client.Exists(ctx, s.Key()).Result(); n != 0 {
		t.Fatal("an oversized body was stored")
	}
}

// A value written to Redis by other means (redis-cli, a script, an attacker with access to Redis)
// is sanitised on the way out just the same.
func TestStoreSanitisesOnRead(t *testing.T) {
	ctx := context.Background()
	s := newTestStore(t)
	hostileBody := `<p>Back at <strong>9am</strong></p><img src=x onerror=alert(1)><script>alert(2)</script>` +
		`<a href="javascript:alert(3)">click</a><iframe srcdoc="<script>alert(4)</script>"></iframe>`
	hostileTitle := `<svg onload=alert(5)>Down<script>alert(6)</script> for a bit`
	if err := s.client.HSet(ctx, s.Key(), "disabled", "true", "title", hostileTitle, "bodyHtml", hostileBody).Err(); err != nil {
		t.Fatal(err)
	}
	for i := range 2 { // the second read is served from the memo and must be just as clean
		st, err := s.Get(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !st.Disabled || st.Title != "Down for a bit" || st.BodyHTML != `<p>Back at <strong>9am</strong></p>click` {
			t.Fatalf("read %d: %+v", i, st)
		}
	}

	// A different hostile value replaces the memo's entry.
	if err := s.client.HSet(ctx, s.Key(), "bodyHtml", `<p onclick=alert(1)>New</p>`).Err(); err != nil {
		t.Fatal(err)
	}
	st, err := s.Get(ctx)
	if err != nil || st.BodyHTML != "<p>New</p>" {
		t.Fatalf("after a new body: %+v, %v", st, err)
	}
}

func TestStoreReadsOnlyWhatItMeans(t *testing.T) {
	ctx := context.Background()
	s := newTestStore(t)

	// Enabled: title and body left in the hash are not served.
	if err := s.client.HSet(ctx, s.Key(), "disabled", "0", "title", "Old", "bodyHtml", "<p>Old</p>").Err(); err != nil {
		t.Fatal(err)
	}
	if st, err := s.Get(ctx); err != nil || st != (Status{}) {
		t.Fatalf("enabled with leftovers: %+v, %v", st, err)
	}

	// An unreadable flag is an error (the check fails closed), not a guess.
	if err := s.client.HSet(ctx, s.Key(), "disabled", "maybe").Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx); err == nil {
		t.Fatal("disabled=maybe was read without an error")
	}

	// So is a key of the wrong type.
	if err := s.client.Del(ctx, s.Key()).Err(); err != nil {
		t.Fatal(err)
	}
	if err := s.client.Set(ctx, s.Key(), "1", 0).Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx); err == nil {
		t.Fatal("a string key was read without an error")
	}
}

func TestStoreRedisDown(t *testing.T) {
	ctx := context.Background()
	s := storeOnStoppedRedis(t)
	if _, err := s.Get(ctx); err == nil {
		t.Fatal("Get succeeded with Redis down")
	}
	if err := s.Disable(ctx, "t", "<p>b</p>"); err == nil {
		t.Fatal("Disable succeeded with Redis down")
	}
	if err := s.Enable(ctx); err == nil {
		t.Fatal("Enable succeeded with Redis down")
	}
}

// Many requests read the status at once; the sanitising memo is shared between them.
func TestStoreConcurrentReads(t *testing.T) {
	ctx := context.Background()
	s := newTestStore(t)
	bodies := []string{`<p>one</p><script>x</script>`, `<p>two</p><img src=x onerror=y>`}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 25 {
				if g == 0 {
					if err := s.client.HSet(ctx, s.Key(), "disabled", "1", "bodyHtml", bodies[i%2]).Err(); err != nil {
						t.Error(err)
						return
					}
					continue
				}
				st, err := s.Get(ctx)
				if err != nil {
					t.Error(err)
					return
				}
				if st.Disabled && st.BodyHTML != "<p>one</p>" && st.BodyHTML != "<p>two</p>" {
					t.Errorf("read %q", st.BodyHTML)
					return
				}
			}
		})
	}
	wg.Wait()
}
