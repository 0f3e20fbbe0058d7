package app

import (
	"context"
	"net/http"
	"testing"

	"lender/bff/upstream/lending"
)

// TestOpenBankingAskedAgainReturnsToOpenBankingUpdated: a one-page application that the lender asks
// for a bank again after submission (the open_banking additional operation) connects it outside the
// journey. Its consent page returns to /open-banking-updated (submit is closed), and finishing the
// return is the journey's: bound to the session that asked, used once.
func TestOpenBankingAskedAgainReturnsToOpenBankingUpdated(t *testing.T) {
	t.Parallel()
	st := startStack(t, onePageEnv)
	const email = "bank-again@example.com"
	r, creds := st.onePageApplicant(email)
	st.completeSteps(email, &creds)
	st.step("/onePage/application/skipOpenBanking", struct{}{}, &creds)
	if res, env := st.submit("/onePage/application/submitApplicationToRender", "key-bank-again", &creds); res.StatusCode != http.StatusOK ||
		decode[onePageStatus](t, env).Status != lending.ApplicationApproved {
		t.Fatalf("submit = HTTP %d %+v", res.StatusCode, env)
	}

	// Until the lender asks, a submitted application takes no bank.
	st.refused("/onePage/application/getOpenBankingLink", struct{}{}, &creds, "can no longer be changed")
	if _, err := st.lending().RequestAdditionalOperation(context.Background(), r.ApplyID, lending.OpOpenBanking); err != nil {
		t.Fatal(err)
	}

	back := st.connectBankBackTo(&creds, "allow", "/open-banking-updated")
	info := st.finishBankReturn(back, r.UUID, &creds)
	a := st.application(r.ApplyID)
	if info.OpenBanking.Status != lending.OpenBankingLinked || a.OpenBanking.Status != lending.OpenBankingLinked ||
		a.OpenBanking.ConsentID != back.Query().Get("consentId") || len(a.AdditionalOps) != 0 || a.Status != lending.ApplicationApproved {
		t.Fatalf("after connecting: %+v, the core holds %+v, operations %v, %s", info.OpenBanking, a.OpenBanking, a.AdditionalOps, a.Status)
	}

	// A refresh of the return page answers what was recorded again; with the operation done, no new
	// link is made.
	res, env := st.completedOB(back, &creds)
	if again := decode[onePageInfo](t, env); res.StatusCode != http.StatusOK || again.OpenBanking.Status != lending.OpenBankingLinked {
		t.Fatalf("a refreshed return = HTTP %d %+v", res.StatusCode, again)
	}
	st.refused("/onePage/application/getOpenBankingLink", struct{}{}, &creds, "can no longer be changed")
}
