package notify

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"lender/bff/upstream/notify"
	"lender/sandbox/internal/providertest"
)

var base = time.Date(2026, 3, 2, 10, 30, 0, 0, time.UTC)

type harness struct {
	*providertest.Harness[*Provider]
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	return &harness{providertest.NewHarness(base, "/notify/v1", New)}
}

const magicLinkEmail = `{"to":"Jo.Bloggs+decline@example.com","from":"no-reply@meadow-loans.example","subject":"Your sign-in link",
"html":"<p>Hello</p><p><a href=\"https://app.example/auth/magic?token=abc&amp;x=1\">Sign in</a></p><a href=\"mailto:help@example.com\">Help</a>",
"text":"Sign in: https://app.example/auth/magic?token=abc&x=1.\nOr visit https://app.example/help, please.",
"template":"magic-link","tags":["auth"],"metadata":{"sessionRef":"s-1"}}`

func TestSendEmailCapturesTheMessage(t *testing.T) {
	h := newHarness(t)
	var m notify.Message
	rec := h.JSONTyped(t, http.MethodPost, "/notify/v1/emails", "key-1", magicLinkEmail, &m)
	if rec.Code != http.StatusCreated {
		t.Fatalf("status = %d: %s", rec.Code, rec.Body)
	}
	want := notify.Message{
		ID: m.ID, Kind: notify.KindEmail, Status: notify.StatusDelivered, To: "Jo.Bloggs+decline@example.com",
		From: "no-reply@meadow-loans.example", Subject: "Your sign-in link",
		HTML:     `<p>Hello</p><p><a href="https://app.example/auth/magic?token=abc&amp;x=1">Sign in</a></p><a href="mailto:help@example.com">Help</a>`,
		Text:     "Sign in: https://app.example/auth/magic?token=abc&x=1.\nOr visit https://app.example/help, please.",
		Template: "magic-link", Tags: []string{"auth"}, Metadata: map[string]string{"sessionRef": "s-1"},
		Links:     []string{"https://app.example/auth/magic?token=abc&x=1", "https://app.example/help"},
		CreatedAt: base,
	}
	if !strings.HasPrefix(m.ID, "msg_") || !reflect.DeepEqual(m, want) {
		t.Fatalf("message = %+v\nwant %+v", m, want)
	}
	var got notify.Message
	if rec := h.JSONTyped(t, http.MethodGet, "/notify/v1/messages/"+m.ID, "", "", &got); rec.Code != http.StatusOK || !reflect.DeepEqual(got, want) {
		t.Fatalf("GET message = %d %+v", rec.Code, got)
	}
}

func TestSendSMS(t *testing.T) {
	h := newHarness(t)
	var m notify.Message
	rec := h.JSONTyped(t, http.MethodPost, "/notify/v1/sms", "k", `{"to":"+447700900123","text":"Your code is 123456. Or tap https://app.example/c/xyz","tags":["otp"]}`, &m)
	if rec.Code != http.StatusCreated || m.Kind != notify.KindSMS || m.To != "+447700900123" || m.Segments != 1 ||
		!reflect.DeepEqual(m.Links, []string{"https://app.example/c/xyz"}) || m.Subject != "" || !m.CreatedAt.Equal(base) {
		t.Fatalf("SMS = %d %+v", rec.Code, m)
	}
}

func TestSendValidation(t *testing.T) {
	long := strings.Repeat("a", notify.MaxSubject+1)
	tests := []struct {
		name, path, body, code string
	}{
		{"not JSON", "/notify/v1/emails", `{`, notify.CodeBadRequest},
		{"unknown field", "/notify/v1/emails", `{"to":"a@example.com","subject":"s","text":"t","cc":"b@example.com"}`, notify.CodeBadRequest},
		{"no to", "/notify/v1/emails", `{"subject":"s","text":"t"}`, notify.CodeInvalidAddress},
		{"display name", "/notify/v1/emails", `{"to":"Jo <jo@example.com>","subject":"s","text":"t"}`, notify.CodeInvalidAddress},
		{"two recipients", "/notify/v1/emails", `{"to":"a@example.com,b@example.com","subject":"s","text":"t"}`, notify.CodeInvalidAddress},
		{"no domain dot", "/notify/v1/emails", `{"to":"jo@localhost","subject":"s","text":"t"}`, notify.CodeInvalidAddress},
		{"no at", "/notify/v1/emails", `{"to":"jo.example.com","subject":"s","text":"t"}`, notify.CodeInvalidAddress},
		{"spaces around", "/notify/v1/emails", `{"to":" jo@example.com","subject":"s","text":"t"}`, notify.CodeInvalidAddress},
		{"bad from", "/notify/v1/emails", `{"to":"jo@example.com","from":"nobody","subject":"s","text":"t"}`, notify.CodeInvalidAddress},
		{"no subject", "/notify/v1/emails", `{"to":"jo@example.com","text":"t"}`, notify.CodeInvalidMessage},
		{"subject with a line break", "/notify/v1/emails", `{"to":"jo@example.com","subject":"a\r\nBcc: x@example.com","text":"t"}`, notify.CodeInvalidMessage},
		{"subject too long", "/notify/v1/emails", `{"to":"jo@example.com","subject":"` + long + `","text":"t"}`, notify.CodeInvalidMessage},
		{"no body", "/notify/v1/emails", `{"to":"jo@example.com","subject":"s","html":" "}`, notify.CodeInvalidMessage},
		{"bad template", "/notify/v1/emails", `{"to":"jo@example.com","subject":"s","text":"t","template":"Magic Link"}`, notify.CodeInvalidMessage},
		{"bad tag", "/notify/v1/emails", `{"to":"jo@example.com","subject":"s","text":"t","tags":["a b"]}`, notify.CodeInvalidMessage},
		{"too many tags", "/notify/v1/emails", `{"to":"jo@example.com","subject":"s","text":"t","tags":["a","b","c","d","e","f","g","h","i","j","k"]}`, notify.CodeInvalidMessage},
		{"bad metadata key", "/notify/v1/emails", `{"to":"jo@example.com","subject":"s","text":"t","metadata":{"a b":"c"}}`, notify.CodeInvalidMessage},
		{"SMS national number", "/notify/v1/sms", `{"to":"07700900123","text":"t"}`, notify.CodeInvalidAddress},
		{"SMS with spaces", "/notify/v1/sms", `{"to":"+44 7700 900123","text":"t"}`, notify.CodeInvalidAddress},
		{"SMS too short", "/notify/v1/sms", `{"to":"+4477","text":"t"}`, notify.CodeInvalidAddress},
		{"SMS too long a number", "/notify/v1/sms", `{"to":"+4477009001234567","text":"t"}`, notify.CodeInvalidAddress},
		{"SMS no text", "/notify/v1/sms", `{"to":"+447700900123","text":""}`, notify.CodeInvalidMessage},
		{"SMS text too long", "/notify/v1/sms", `{"to":"+447700900123","text":"` + strings.Repeat("a", notify.MaxSMSText+1) + `"}`, notify.CodeInvalidMessage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			var e struct{ Code, Message string }
			rec := h.JSONTyped(t, http.MethodPost, tt.path, "k", tt.body, &e)
			if rec.Code != http.StatusBadRequest || e.Code != tt.code || e.Message == "" {
				t.Fatalf("= %d %+v, want 400 %s with a message", rec.Code, e, tt.code)
			}
			var l notify.MessageList
			h.JSONTyped(t, http.MethodGet, "/notify/v1/messages", "", "", &l)
			if len(l.Messages) != 0 {
				t.Fatalf("a refused send was captured: %+v", l.Messages)
			}
			// A refused request does not use up its key.
			if rec := h.JSONTyped(t, http.MethodPost, "/notify/v1/emails", "k", `{"to":"jo@example.com","subject":"s","text":"t"}`, nil); rec.Code != http.StatusCreated {
				t.Fatalf("the key was used up by a refused send: %d", rec.Code)
			}
		})
	}
}

func TestSendIdempotency(t *testing.T) {
	const a = `{"to":"jo@example.com","subject":"Code","text":"123456"}`
	const b = `{"to":"jo@example.com","subject":"Code","text":"654321"}`
	const sms = `{"to":"+447700900123","text":"123456"}`
	type step struct {
		path, key, body string
		status          int
		sameAsFirst     bool
		code            string
	}
	tests := []struct {
		name     string
		steps    []step
		messages int
	}{
		{"same key, same body: the same message", []step{
			{"/notify/v1/emails", "k1", a, 201, true, ""},
			{"/notify/v1/emails", "k1", a, 201, true, ""},
		}, 1},
		{"same key, different body: conflict", []step{
			{"/notify/v1/emails", "k1", a, 201, true, ""},
			{"/notify/v1/emails", "k1", b, 409, false, notify.CodeIdempotencyConflict},
		}, 1},
		{"same key on the SMS route: conflict", []step{
			{"/notify/v1/emails", "k1", a, 201, true, ""},
			{"/notify/v1/sms", "k1", sms, 409, false, notify.CodeIdempotencyConflict},
		}, 1},
		{"different keys: two messages", []step{
			{"/notify/v1/emails", "k1", a, 201, true, ""},
			{"/notify/v1/emails", "k2", a, 201, false, ""},
		}, 2},
		{"no key: two messages", []step{
			{"/notify/v1/emails", "", a, 201, true, ""},
			{"/notify/v1/emails", "", a, 201, false, ""},
		}, 2},
		{"an invalid key", []step{
			{"/notify/v1/emails", "bad key", a, 400, false, notify.CodeInvalidIdempotencyKey},
		}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			var first string
			for i, st := range tt.steps {
				var m struct {
					notify.Message
					Code string
				}
				rec := h.JSONTyped(t, http.MethodPost, st.path, st.key, st.body, &m)
				if rec.Code != st.status || m.Code != st.code {
					t.Fatalf("step %d = %d %q, want %d %q", i, rec.Code, m.Code, st.status, st.code)
				}
				if i == 0 {
					first = m.ID
				} else if st.status == 201 && (m.ID == first) != st.sameAsFirst {
					t.Fatalf("step %d id %s, first %s, want same=%v", i, m.ID, first, st.sameAsFirst)
				}
			}
			var l notify.MessageList
			h.JSONTyped(t, http.MethodGet, "/notify/v1/messages", "", "", &l)
			if len(l.Messages) != tt.messages {
				t.Fatalf("mailbox holds %d messages, want %d", len(l.Messages), tt.messages)
			}
		})
	}
}

// TestConcurrentDuplicateSends: a burst of the same send with one key captures exactly one message, and
// every request answers it.
func TestConcurrentDuplicateSends(t *testing.T) {
	h := newHarness(t)
	const body = `{"to":"+447700900123","text":"Your code is 111111"}`
	var wg sync.WaitGroup
	ids := make(chan string, 50)
	for range 50 {
		wg.Go(func() {
			r := httptest.NewRequest(http.MethodPost, "/notify/v1/sms", strings.NewReader(body))
			r.Header.Set("Idempotency-Key", "burst")
			rec := httptest.NewRecorder()
			h.Mux.ServeHTTP(rec, r)
			var m notify.Message
			if rec.Code == http.StatusCreated && json.Unmarshal(rec.Body.Bytes(), &m) == nil {
				ids <- m.ID
			}
		})
	}
	wg.Wait()
	close(ids)
	seen := map[string]int{}
	for id := range ids {
		seen[id]++
	}
	var l notify.MessageList
	h.JSONTyped(t, http.MethodGet, "/notify/v1/messages", "", "", &l)
	if len(seen) != 1 || len(l.Messages) != 1 {
		t.Fatalf("answers %v, mailbox %d messages: want one message for all 50", seen, len(l.Messages))
	}
	for _, n := range seen {
		if n != 50 {
			t.Fatalf("%d of 50 requests answered the message", n)
		}
	}
}

func TestSearch(t *testing.T) {
	h := newHarness(t)
	send := func(path, body string) string {
		var m notify.Message
		if rec := h.JSONTyped(t, http.MethodPost, path, "", body, &m); rec.Code != http.StatusCreated {
			t.Fatalf("send = %d %s", rec.Code, rec.Body)
		}
		_, _ = h.Clock.Advance(time.Minute)
		return m.ID
	}
	e1 := send("/notify/v1/emails", `{"to":"jo@example.com","subject":"one","text":"1"}`)
	s1 := send("/notify/v1/sms", `{"to":"+447700900123","text":"2"}`)
	o1 := send("/notify/v1/emails", `{"to":"sam@example.com","subject":"other","text":"3"}`)
	e2 := send("/notify/v1/emails", `{"to":"JO@Example.com","subject":"two","text":"4"}`)
	s2 := send("/notify/v1/sms", `{"to":"+447700900123","text":"5"}`)

	tests := []struct {
		query string
		want  []string
	}{
		{"", []string{s2, e2, o1, s1, e1}},
		{"?to=jo@example.com", []string{e2, e1}},
		{"?to=Jo%40EXAMPLE.com", []string{e2, e1}},
		{"?to=%2B447700900123", []string{s2, s1}},
		{"?kind=sms", []string{s2, s1}},
		{"?kind=email&limit=2", []string{e2, o1}},
		{"?to=jo@example.com&kind=sms", []string{}},
		{"?to=nobody@example.com", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			var l notify.MessageList
			if rec := h.JSONTyped(t, http.MethodGet, "/notify/v1/messages"+tt.query, "", "", &l); rec.Code != http.StatusOK {
				t.Fatalf("= %d %s", rec.Code, rec.Body)
			}
			got := []string{}
			for i, m := range l.Messages {
				got = append(got, m.ID)
				if i > 0 && m.CreatedAt.After(l.Messages[i-1].CreatedAt) {
					t.Errorf("not newest first: %v after %v", m.CreatedAt, l.Messages[i-1].CreatedAt)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("ids = %v, want %v", got, tt.want)
			}
		})
	}

	bad := []struct{ query, code string }{
		{"?to=not-an-address", notify.CodeInvalidAddress},
		{"?to=%2B44", notify.CodeInvalidAddress},
		{"?kind=letter", notify.CodeInvalidQuery},
		{"?limit=0", notify.CodeInvalidQuery},
		{"?limit=201", notify.CodeInvalidQuery},
		{"?limit=ten", notify.CodeInvalidQuery},
	}
	for _, tt := range bad {
		var e struct{ Code string }
		if rec := h.JSONTyped(t, http.MethodGet, "/notify/v1/messages"+tt.query, "", "", &e); rec.Code != http.StatusBadRequest || e.Code != tt.code {
			t.Errorf("%s = %d %q, want 400 %s", tt.query, rec.Code, e.Code, tt.code)
		}
	}
}

func TestGetUnknownMessageAndMethods(t *testing.T) {
	h := newHarness(t)
	var e struct{ Code string }
	if rec := h.JSONTyped(t, http.MethodGet, "/notify/v1/messages/msg_nope", "", "", &e); rec.Code != http.StatusNotFound || e.Code != notify.CodeMessageNotFound {
		t.Fatalf("unknown message = %d %q", rec.Code, e.Code)
	}
	if rec := h.JSONTyped(t, http.MethodGet, "/notify/v1/emails", "", "", &e); rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "POST" {
		t.Fatalf("GET /emails = %d Allow %q", rec.Code, rec.Header().Get("Allow"))
	}
}

func TestResetEmptiesTheMailboxAndForgetsKeys(t *testing.T) {
	h := newHarness(t)
	var first notify.Message
	h.JSONTyped(t, http.MethodPost, "/notify/v1/emails", "k", `{"to":"jo@example.com","subject":"s","text":"t"}`, &first)
	h.P.Reset()
	var l notify.MessageList
	h.JSONTyped(t, http.MethodGet, "/notify/v1/messages", "", "", &l)
	if len(l.Messages) != 0 {
		t.Fatalf("after Reset the mailbox holds %d", len(l.Messages))
	}
	var again notify.Message
	if rec := h.JSONTyped(t, http.MethodPost, "/notify/v1/emails", "k", `{"to":"jo@example.com","subject":"other","text":"t"}`, &again); rec.Code != http.StatusCreated || again.ID == first.ID {
		t.Fatalf("after Reset the key still answers %d %s", rec.Code, again.ID)
	}
}

func TestExtractLinks(t *testing.T) {
	tests := []struct {
		name, html, text string
		want             []string
	}{
		{"none", "<p>hi</p>", "hi", []string{}},
		{"href unescaped", `<a href="https://a.example/x?a=1&amp;b=2">x</a>`, "", []string{"https://a.example/x?a=1&b=2"}},
		{"only http(s)", `<a href="mailto:a@example.com">m</a><a href="tel:+44">t</a><a href="/relative">r</a><a href="javascript:x()">j</a>`, "", []string{}},
		{"upper-case tag and attributes", `<A HREF="https://a.example/1">x</A>`, "", []string{"https://a.example/1"}},
		{"text URLs lose trailing punctuation", "", "Go to https://a.example/x. Or (https://a.example/y)!", []string{"https://a.example/x", "https://a.example/y"}},
		{"deduplicated, html first", `<a href="https://a.example/1">1</a><a href="https://a.example/2">2</a>`, "https://a.example/2 https://a.example/3",
			[]string{"https://a.example/1", "https://a.example/2", "https://a.example/3"}},
		{"not in comments or other attributes", `<!-- https://a.example/hidden --><img src="https://a.example/img.png">`, "", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := extractLinks(tt.html, tt.text); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("extractLinks = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSMSSegments(t *testing.T) {
	tests := []struct {
		name string
		text string
		want int
	}{
		{"one GSM character", "a", 1},
		{"160 GSM characters", strings.Repeat("a", 160), 1},
		{"161 GSM characters", strings.Repeat("a", 161), 2},
		{"306 GSM characters", strings.Repeat("a", 306), 2},
		{"307 GSM characters", strings.Repeat("a", 307), 3},
		{"£ is GSM", strings.Repeat("£", 160), 1},
		{"€ takes two septets", strings.Repeat("€", 80), 1},
		{"81 € overflow", strings.Repeat("€", 81), 2},
		{"an emoji makes it UCS-2", strings.Repeat("a", 68) + "🙂", 1},
		{"UCS-2 over 70 units", strings.Repeat("a", 69) + "🙂", 2},
		{"134 UCS-2 units", strings.Repeat("ł", 134), 2},
		{"135 UCS-2 units", strings.Repeat("ł", 135), 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := smsSegments(tt.text); got != tt.want {
				t.Fatalf("smsSegments = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestValidAddresses(t *testing.T) {
	emails := map[string]bool{
		"jo@example.com": true, "jo.bloggs+tag@example.co.uk": true, "a@b-c.example": true,
		"": false, "jo": false, "jo@": false, "@example.com": false, "jo@example": false, "jo@-x.example": false,
		"jo@x_y.example": false, "jo@@example.com": false, "Jo <jo@example.com>": false, "jo@example.com ": false,
		strings.Repeat("a", 65) + "@example.com": false,
	}
	for in, want := range emails {
		if got := validEmail(in); got != want {
			t.Errorf("validEmail(%q) = %v, want %v", in, got, want)
		}
	}
	phones := map[string]bool{
		"+447700900123": true, "+12025550123": true, "+4477009001": true,
		"447700900123": false, "+047700900123": false, "+44 7700 900123": false, "+44770090012345678": false, "+": false,
	}
	for in, want := range phones {
		if got := validE164(in); got != want {
			t.Errorf("validE164(%q) = %v, want %v", in, got, want)
		}
	}
}
