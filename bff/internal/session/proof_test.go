package session_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
)

// prove calls the route that proves the session of b, and answers the browser it holds afterwards: the
// token handed back in the renewal header and the new cookie.
func (e *env) prove(b browser) (browser, *httptest.ResponseRecorder) {
	e.t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/borrower/prove", nil)
	req.Header.Set(session.HeaderAccessToken, b.token)
	req.AddCookie(&http.Cookie{Name: b.cookie.Name, Value: b.cookie.Value})
	rec := e.serve(req)
	next := browser{token: rec.Header().Get(session.HeaderRenewedToken)}
	for _, c := range rec.Result().Cookies() {
		if c.Name == b.cookie.Name {
			next.cookie = c
		}
	}
	return next, rec
}

func TestStartRefusesASessionWithoutAProof(t *testing.T) {
	e := newTestEnv(t, nil)
	rec := e.serve(httptest.NewRequest(http.MethodPost, "/start/borrower?subject=cust-1&proof=-", nil))
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("a session without a proof: %d %s", rec.Code, rec.Body)
	}
}

// TestAnUnprovenSessionLivesAtMostUnprovenTTL: a registration's session gets an hour to prove the
// address, however active it is.
func TestAnUnprovenSessionLivesAtMostUnprovenTTL(t *testing.T) {
	e := newTestEnv(t, nil)
	b := e.startWith("borrower", "subject=cust-1&proof=none")
	if b.cookie.MaxAge != int(time.Hour/time.Second) {
		t.Fatalf("the cookie of an unproven session lives %d s, want an hour", b.cookie.MaxAge)
	}
	r := wantOK(t, e.me(b))
	if r.Proof != "none" || !r.Expires.Equal(t0.Add(time.Hour)) {
		t.Fatalf("unproven session %+v, want proof none ending an hour after it began", r)
	}
	for range 5 { // active all along: the idle timeout never bites, the hour does
		e.clock.Advance(11 * time.Minute)
		rec := e.me(b)
		wantOK(t, rec)
		if renewed := rec.Header().Get(session.HeaderRenewedToken); renewed != "" {
			b.token = renewed
		}
	}
	e.clock.Advance(6 * time.Minute)
	wantUnauthenticated(t, e.me(b))
}

// TestProvingReplacesTheSessionAndEndsTheOtherUnprovenOnes is the heart of registration's safety: the
// session that proves the address goes on under a new id, and every other unproven session of the
// customer (someone else's registration with the same address) ends; proven sessions stay.
func TestProvingReplacesTheSessionAndEndsTheOtherUnprovenOnes(t *testing.T) {
	e := newTestEnv(t, nil)
	mine := e.startWith("borrower", "subject=cust-7&proof=none")
	other := e.startWith("borrower", "subject=cust-7&proof=none")
	signedIn := e.startWith("borrower", "subject=cust-7&proof=email-link")
	stranger := e.startWith("borrower", "subject=cust-8&proof=none")

	next, rec := e.prove(mine)
	if rec.Code != http.StatusOK || next.token == "" || next.cookie == nil || next.cookie.Value == mine.cookie.Value {
		t.Fatalf("prove = %d %s; renewed token %q, cookie %+v", rec.Code, rec.Body, next.token, next.cookie)
	}
	r := wantOK(t, e.me(next))
	if r.Proof != string(session.ProofEmailConfirmation) || r.Subject != "cust-7" || r.SID == sidOf(t, mine.token) ||
		!r.Expires.Equal(t0.Add(12*time.Hour)) {
		t.Fatalf("the proven session %+v", r)
	}
	wantUnauthenticated(t, e.me(mine))
	wantUnauthenticated(t, e.me(other))
	wantOK(t, e.me(signedIn))
	wantOK(t, e.me(stranger))

	// Proving again in a proven session changes nothing but still ends stragglers.
	late := e.startWith("borrower", "subject=cust-7&proof=none")
	again, rec := e.prove(next)
	if rec.Code != http.StatusOK || again.token != "" {
		t.Fatalf("proving a proven session: %d, renewed %q", rec.Code, again.token)
	}
	wantOK(t, e.me(next))
	wantUnauthenticated(t, e.me(late))
}

func TestRevokeSubjectEndsEverySessionOfTheSubject(t *testing.T) {
	e := newTestEnv(t, nil)
	a := e.startWith("borrower", "subject=cust-9&proof=pin")
	b := e.startWith("borrower", "subject=cust-9&proof=none")
	keep := e.startWith("borrower", "subject=cust-9&proof=email-code")
	staff := e.startWith(session.AudienceStaff, "subject=cust-9&proof=password") // another audience: untouched
	if err := e.m.RevokeSubject(context.Background(), session.AudienceBorrower, "cust-9", sidOf(t, keep.token), false); err != nil {
		t.Fatal(err)
	}
	wantUnauthenticated(t, e.me(a))
	wantUnauthenticated(t, e.me(b))
	wantOK(t, e.me(keep))
	if rec := e.get("/staff/me", staff.token, staff.cookie); rec.Code == http.StatusUnauthorized {
		t.Fatal("a staff session of the same id ended with the borrower's")
	}
}

// TestSessionsAStaffSessionOpenedEndWithIt: staff sign-out, or the end of the staff sign-in, ends every
// borrower session it opened.
func TestSessionsAStaffSessionOpenedEndWithIt(t *testing.T) {
	e := newTestEnv(t, nil)
	staff := e.startWith(session.AudienceStaff, "subject=stf-1&proof=password")
	acting := e.startWith("borrower", "subject=cust-1&proof=staff&opener="+staff.token, staff.cookie)
	other := e.startWith("borrower", "subject=cust-2&proof=staff&opener="+staff.token, staff.cookie)
	own := e.startWith("borrower", "subject=cust-1&proof=pin") // the borrower's own session
	if r := wantOK(t, e.me(acting)); !r.Expires.Equal(t0.Add(12 * time.Hour)) {
		t.Fatalf("acting session %+v", r)
	}

	if err := e.m.Revoke(context.Background(), sidOf(t, staff.token)); err != nil {
		t.Fatal(err)
	}
	wantUnauthenticated(t, e.me(acting))
	wantUnauthenticated(t, e.me(other))
	wantOK(t, e.me(own))
	// A session cannot be opened by one that has ended.
	req := httptest.NewRequest(http.MethodPost, "/start/borrower?subject=cust-1&proof=staff&opener="+staff.token, nil)
	req.AddCookie(&http.Cookie{Name: staff.cookie.Name, Value: staff.cookie.Value})
	rec := e.serve(req)
	if rec.Code != http.StatusUnauthorized {
		t.Fatalf("opened by an ended session: %d %s", rec.Code, rec.Body)
	}

	// A staff sign-in 11 hours old opens a session that ends with it an hour later, however active.
	late := e.startWith(session.AudienceStaff, "subject=stf-2&proof=password")
	e.clock.Advance(11 * time.Hour)
	// The staff member's token was renewed as they worked; the session's absolute end stays.
	late = e.renewed(late, session.AudienceStaff)
	if rec := e.get("/staff/me", late.token, late.cookie); rec.Code != http.StatusOK {
		t.Fatalf("the staff session ended early: %d", rec.Code)
	}
	acting = e.startWith("borrower", "subject=cust-3&proof=staff&opener="+late.token, late.cookie)
	if r := wantOK(t, e.me(acting)); !r.Expires.Equal(t0.Add(12 * time.Hour)) {
		t.Fatalf("the acting session ends at %s, want the staff sign-in's end %s", r.Expires, t0.Add(12*time.Hour))
	}
	e.clock.Advance(59 * time.Minute)
	acting = e.renewed(acting, session.AudienceBorrower)
	wantOK(t, e.me(acting))
	e.clock.Advance(2 * time.Minute)
	wantUnauthenticated(t, e.me(acting))
}

// renewed is b with a token of its session minted now, as renewals on use would have given it.
func (e *env) renewed(b browser, aud session.Audience) browser {
	e.t.Helper()
	cl := claimsOf(e.t, b.token)
	now := e.clock.Now()
	b.token = e.m.MintForTest(cl["sid"].(string), aud, cl["sub"].(string), now, now.Add(15*time.Minute))
	return b
}

func TestTokensIssuedInTheFutureAreRefused(t *testing.T) {
	e := newTestEnv(t, nil)
	b := e.start("borrower", "cust-1")
	cl := claimsOf(t, b.token)
	sid, actor := cl["sid"].(string), cl["sub"].(string)
	exp := t0.Add(15 * time.Minute)

	skewed := e.m.MintForTest(sid, session.AudienceBorrower, actor, t0.Add(59*time.Second), exp)
	wantOK(t, e.me(browser{token: skewed, cookie: b.cookie}))
	future := e.m.MintForTest(sid, session.AudienceBorrower, actor, t0.Add(2*time.Minute), exp)
	wantUnauthenticated(t, e.me(browser{token: future, cookie: b.cookie}))

	// And a token without iat at all.
	noIAT, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
		"sid": sid, "sub": actor, "aud": "borrower", "exp": exp.Unix(),
	}).SignedString(e.m.TokenKeyForTest())
	if err != nil {
		t.Fatal(err)
	}
	wantUnauthenticated(t, e.me(browser{token: noIAT, cookie: b.cookie}))
}

// TestARecordWithoutAProofIsEnded: records written before sessions kept their proof may be
// registrations that proved nothing, so they count as ended.
func TestARecordWithoutAProofIsEnded(t *testing.T) {
	e := newTestEnv(t, nil)
	b := e.start("borrower", "cust-1")
	ctx := context.Background()
	key := e.m.KeyForTest(sidOf(t, b.token))
	raw, err := e.rdb.HGet(ctx, key, "d").Result()
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(raw), &rec); err != nil {
		t.Fatal(err)
	}
	delete(rec, "proof")
	old, _ := json.Marshal(rec)
	if err := e.rdb.HSet(ctx, key, "d", old).Err(); err != nil {
		t.Fatal(err)
	}
	rec2 := e.me(b)
	wantUnauthenticated(t, rec2)
	if env := decodeEnvelope(t, rec2); env.ErrorCode != int(web.CodeUnauthenticated) {
		t.Fatalf("envelope %+v", env)
	}
}
