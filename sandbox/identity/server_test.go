package identity_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"lender/bff/upstream/identity"
	"lender/sandbox/server"
)

// TestHostedURLsUseTheConfiguredAddresses: the hosted page is under SANDBOX_PUBLIC_URL and return URLs
// must be under SANDBOX_APP_URL, as server.Config passes them.
func TestHostedURLsUseTheConfiguredAddresses(t *testing.T) {
	ts := httptest.NewServer(server.New(server.Config{PublicURL: "https://sandbox.example", AppURL: "https://app.example/borrower/"}))
	defer ts.Close()
	post := func(body string, out any) int {
		resp, err := ts.Client().Post(ts.URL+"/identity/v1/checks", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		_ = json.NewDecoder(resp.Body).Decode(out)
		return resp.StatusCode
	}
	var c identity.Check
	if st := post(`{"reference":"r1","returnUrl":"https://app.example/borrower/idv"}`, &c); st != http.StatusCreated ||
		c.HostedURL != "https://sandbox.example/identity/v1/hosted/checks/"+c.ID {
		t.Fatalf("create = %d %+v", st, c)
	}
	var e struct{ Code string }
	for _, u := range []string{"http://localhost:8080/idv", "https://app.example/portal", "https://app.example/borrower/../portal"} {
		if st := post(`{"reference":"r1","returnUrl":"`+u+`"}`, &e); st != http.StatusBadRequest || e.Code != identity.CodeInvalidReturnURL {
			t.Errorf("returnUrl %s = %d %q, want 400 %s", u, st, e.Code, identity.CodeInvalidReturnURL)
		}
	}
}
