package notify_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"lender/bff/upstream/notify"
	"lender/sandbox/internal/providertest"
	"lender/sandbox/server"
)

var call = providertest.Call

// TestMailboxFollowsTheSandboxClockAndReset: messages carry sandbox time and /_sandbox/reset empties the
// mailbox.
func TestMailboxFollowsTheSandboxClockAndReset(t *testing.T) {
	ts := httptest.NewServer(server.New(server.Config{}))
	defer ts.Close()
	call(t, ts, http.MethodPost, "/_sandbox/clock", `{"set":"2030-01-02T03:04:05Z"}`, nil)
	var m notify.Message
	if st := call(t, ts, http.MethodPost, "/notify/v1/emails", `{"to":"jo@example.com","subject":"Hello","text":"Hi"}`, &m); st != http.StatusCreated {
		t.Fatalf("send = %d", st)
	}
	if got := m.CreatedAt; got.Before(time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)) || got.After(time.Date(2030, 1, 2, 3, 5, 0, 0, time.UTC)) {
		t.Fatalf("createdAt = %v, want the sandbox clock's 2030-01-02T03:04:05Z", got)
	}
	call(t, ts, http.MethodPost, "/_sandbox/reset", "", nil)
	var l notify.MessageList
	if st := call(t, ts, http.MethodGet, "/notify/v1/messages", "", &l); st != http.StatusOK || len(l.Messages) != 0 {
		t.Fatalf("after reset = %d %d messages", st, len(l.Messages))
	}
	if st := call(t, ts, http.MethodGet, "/notify/v1/messages/"+m.ID, "", nil); st != http.StatusNotFound {
		t.Fatalf("message after reset = %d", st)
	}
}
