package app

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"lender/bff/internal/platform/web"
	"lender/bff/upstream/identity"
	"lender/bff/upstream/lending"
)

// The identity check by a share code through the BFF, against the real sandbox: the identity provider
// checks the code against the date of birth the lending core holds, and the lending core records the
// verification. The persona regstage-idv (Tatum Fox, born 1989-09-09) is approved with only identity
// left; the sandbox's share code W2F8T5K9V is hers, W12345678 someone born on another day.

const (
	shareCodePath   = "/application/render/verifyShareCode"
	idvPersona      = "cus_regstage_idv"
	idvPersonaCode  = "W2F8T5K9V"
	otherPersonCode = "W12345678"
)

// shareCodeInfo is what the test reads of the application info answered.
type shareCodeInfo struct {
	ApplicationID      string         `json:"applicationId"`
	PreDispersalStatus int            `json:"preDispersalStatus"`
	RegStage           map[string]int `json:"regStage"`
}

func TestShareCodeVerifiesIdentity(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.signIn(idvPersona)
	before := st.latestOf(idvPersona)
	if before.Status != lending.ApplicationApproved || before.Identity != nil {
		t.Fatalf("persona's application %s identity %+v, want approved without identity", before.Status, before.Identity)
	}

	// Typed with spaces and in lower case, as people paste it.
	_, env := st.post(shareCodePath, map[string]string{"shareCode": " w2f 8t5 k9v "}, &creds)
	info := decode[shareCodeInfo](t, env)
	if info.ApplicationID != before.ID || info.RegStage["idv"] != 1 {
		t.Fatalf("answer %+v, want the application with idv done", info)
	}
	got := st.application(before.ID)
	if got.Identity == nil || got.Identity.CheckID != "" || got.Identity.ShareCode == nil ||
		got.Identity.ShareCode.Purpose != identity.PurposeRightToWork || got.Identity.ShareCode.CheckedAt.IsZero() {
		t.Fatalf("lending core identity %+v", got.Identity)
	}
	// Identity was the last stage: the loan is open, and the answer says so.
	if got.Status != lending.ApplicationDrawnDown || got.LoanID == "" || info.PreDispersalStatus != 1 {
		t.Fatalf("lending core %s loan %q, answer %+v", got.Status, got.LoanID, info)
	}
	if strings.Contains(st.logs.String(), idvPersonaCode) {
		t.Fatal("the share code reached the logs")
	}
	// Once drawn down the step is not open any more.
	res, env := st.post(shareCodePath, map[string]string{"shareCode": idvPersonaCode}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "not open")
}

func TestShareCodeRefusals(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	res, env := st.post(shareCodePath, map[string]string{"shareCode": idvPersonaCode}, nil)
	if res.StatusCode != http.StatusUnauthorized || env.ErrorCode != int(web.CodeUnauthenticated) {
		t.Fatalf("without a session: HTTP %d %+v", res.StatusCode, env)
	}

	creds := st.signIn(idvPersona)
	for _, c := range []struct{ code, says string }{
		{"W0000000O", "could not find that share code"}, // well-formed, unknown
		{otherPersonCode, "different date of birth"},    // the holder is born on another day
		{"X12345678", "should start with W, R or S"},    // not a Home Office share code
		{"W1234", "9 letters and numbers"},              // too short
		{"W12 345 678 9", "9 letters and numbers"},      // too long once spaces are removed
	} {
		res, env := st.post(shareCodePath, map[string]string{"shareCode": c.code}, &creds)
		wantFailure(t, res, env, web.CodeBadRequest)
		wantMessageSays(t, env, c.says)
	}
	// The browser cannot choose the date of birth checked: the request has no such field.
	res, env = st.post(shareCodePath, map[string]string{"shareCode": otherPersonCode, "dateOfBirth": "1990-04-12"}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	// Another customer's application (the spec's uuid) is not found, and nothing is recorded on either.
	res, env = st.post(shareCodePath, map[string]string{"shareCode": idvPersonaCode, "uuid": "cus_regstage_signature"}, &creds)
	wantFailure(t, res, env, web.CodeNotFound)
	if a := st.latestOf(idvPersona); a.Identity != nil || a.Status != lending.ApplicationApproved {
		t.Fatalf("after refusals: %s identity %+v", a.Status, a.Identity)
	}
	if a := st.latestOf("cus_regstage_signature"); a.Identity != nil {
		t.Fatalf("another customer's application got identity %+v", a.Identity)
	}

	// An applicant whose identity stage is not open yet (not approved) cannot use one.
	early := st.signIn("cus_regstage_waitingpage")
	res, env = st.post(shareCodePath, map[string]string{"shareCode": idvPersonaCode}, &early)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "not open")
	if strings.Contains(st.logs.String(), idvPersonaCode) || strings.Contains(st.logs.String(), otherPersonCode) {
		t.Fatal("a share code reached the logs")
	}
}

// latestOf is a customer's newest application in the lending core.
func (st *stack) latestOf(customerID string) lending.Application {
	st.t.Helper()
	apps, err := st.lending().CustomerApplications(context.Background(), customerID)
	if err != nil || len(apps) == 0 {
		st.t.Fatalf("applications of %s: %v", customerID, err)
	}
	return st.application(apps[0].ID)
}

// TestReplaceContentPreContractInformation: the pre-contract credit information (the app's HtmlViewOne page)
// is the lending core's SECCI of the applicant's application, sanitised like the other document pages.
func TestReplaceContentPreContractInformation(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.signIn(idvPersona)
	a := st.latestOf(idvPersona)
	_, env := st.post("/account/getReplaceContent", map[string]string{"page": "pre-contract-information"}, &creds)
	doc := decode[struct{ Page, Title, HTML string }](t, env)
	want, err := st.lending().Document(context.Background(), a.ID, lending.DocumentSECCI, lending.FormatHTML)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Page != "pre-contract-information" || doc.Title != want.Title || !strings.Contains(doc.HTML, a.ID) ||
		strings.Contains(doc.HTML, "<script") || strings.Contains(doc.HTML, "<style") {
		t.Fatalf("page %q title %q (want %q), html %.200s", doc.Page, doc.Title, want.Title, doc.HTML)
	}
	res, env := st.post("/account/getReplaceContent", map[string]string{"page": "secci"}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
}
