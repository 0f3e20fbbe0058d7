package lending

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"lender/bff/upstream/lending"
	"lender/sandbox/personas"
)

func TestStaffSignIn(t *testing.T) {
	h := newHarness(t)
	s := personas.StaffAccounts()[0]
	var sess lending.StaffSession
	a := h.do(http.MethodPost, "/staff/sessions", lending.StaffSignInRequest{Account: s.Account, Password: s.Password})
	h.must(a, http.StatusOK, &sess)
	if sess.Staff != (lending.StaffUser{ID: s.ID, Account: s.Account, DisplayName: s.DisplayName}) || !sess.AuthenticatedAt.Equal(testNow) {
		t.Fatalf("session = %+v", sess)
	}
	if bytes.Contains(a.body, []byte(s.Password)) {
		t.Fatal("the answer echoes the password")
	}
	h.must(h.do(http.MethodPost, "/staff/sessions", lending.StaffSignInRequest{Account: strings.ToUpper(s.Account), Password: s.Password}),
		http.StatusOK, nil) // accounts ignore case

	wrong := []lending.StaffSignInRequest{
		{Account: s.Account, Password: s.Password + "x"},
		{Account: s.Account, Password: strings.ToUpper(s.Password)}, // passwords do not ignore case
		{Account: "nobody", Password: s.Password},
		{Account: s.Account, Password: strings.Repeat("p", 10_000)},
	}
	var first []byte
	for _, req := range wrong {
		a := h.do(http.MethodPost, "/staff/sessions", req)
		h.refused(a, http.StatusUnauthorized, lending.CodeInvalidCredentials)
		if first == nil {
			first = a.body
		} else if !bytes.Equal(a.body, first) {
			t.Fatalf("wrong account and wrong password answer differently: %s vs %s", a.body, first)
		}
	}
	h.refused(h.do(http.MethodPost, "/staff/sessions", lending.StaffSignInRequest{Account: s.Account}), 422, lending.CodeInvalidRequest)
	h.refused(h.do(http.MethodPost, "/staff/sessions", `{"account":"a","password":"b","otp":"1"}`), 400, lending.CodeBadRequest)
}

func TestPortalSignIn(t *testing.T) {
	h := newHarness(t)
	for _, u := range personas.PortalUsers() {
		t.Run(u.ID, func(t *testing.T) {
			var sess lending.PortalSession
			a := h.do(http.MethodPost, "/portal-users/sessions", lending.PortalSignInRequest{Email: u.Email, Password: u.Password})
			h.must(a, http.StatusOK, &sess)
			want := lending.PortalUser{ID: u.ID, Email: u.Email, Name: u.Name, Role: u.Role, BrokerID: u.BrokerID, BrokerFirm: u.BrokerFirm,
				ClientName: u.ClientName}
			if sess.User != want || !sess.AuthenticatedAt.Equal(testNow) {
				t.Fatalf("session = %+v", sess)
			}
			var byID lending.PortalUser
			h.must(h.do(http.MethodGet, "/portal-users/"+u.ID, nil), http.StatusOK, &byID)
			if byID != want {
				t.Fatalf("GET /portal-users/%s = %+v", u.ID, byID)
			}
			if bytes.Contains(a.body, []byte(u.Password)) {
				t.Fatal("the answer echoes the password")
			}
			bad := h.do(http.MethodPost, "/portal-users/sessions", lending.PortalSignInRequest{Email: u.Email, Password: "wrong-password"})
			h.refused(bad, http.StatusUnauthorized, lending.CodeInvalidCredentials)
			unknown := h.do(http.MethodPost, "/portal-users/sessions", lending.PortalSignInRequest{Email: "x" + u.Email, Password: u.Password})
			if !bytes.Equal(bad.body, unknown.body) || unknown.status != bad.status {
				t.Fatal("an unknown e-mail answers differently from a wrong password")
			}
		})
	}
	// Staff and portal credentials are separate.
	s := personas.StaffAccounts()[0]
	h.refused(h.do(http.MethodPost, "/portal-users/sessions", lending.PortalSignInRequest{Email: s.Account, Password: s.Password}),
		http.StatusUnauthorized, lending.CodeInvalidCredentials)
	h.refused(h.do(http.MethodPost, "/portal-users/sessions", lending.PortalSignInRequest{Password: "x"}), 422, lending.CodeInvalidRequest)
	h.refused(h.do(http.MethodGet, "/portal-users/pu_nobody", nil), http.StatusNotFound, lending.CodePortalUserNotFound)
}

// TestPasswordsStoredHashed: no seeded password is kept in plaintext anywhere in the state.
func TestPasswordsStoredHashed(t *testing.T) {
	h := newHarness(t)
	h.p.mu.Lock()
	defer h.p.mu.Unlock()
	for _, s := range personas.StaffAccounts() {
		a := h.p.st.staff[strings.ToLower(s.Account)]
		if a == nil || !a.secret.matches(s.Password) || a.secret.matches(s.Password+" ") {
			t.Fatalf("staff %s secret does not verify", s.Account)
		}
	}
	for _, u := range personas.PortalUsers() {
		a := h.p.st.portal[strings.ToLower(u.Email)]
		if a == nil || !a.secret.matches(u.Password) {
			t.Fatalf("portal user %s secret does not verify", u.Email)
		}
	}
}
