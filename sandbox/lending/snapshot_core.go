package lending

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"lender/bff/upstream/lending"
)

// The snapshot parts of the rest of the lending core (see snapshot.go): customers with their PINs
// (salted hashes, failed attempts, locks), eligibility checks, broker offers (with the SHA-256 of their
// client tokens, never the tokens) and applications with every fact they hold (steps, decision,
// payee, CPA, commission consent, signature with the documents as signed, identity, operations,
// withdrawal, loan), from which their documents are rendered, and the event feed with its Seq. Brands,
// staff and portal users are the seed's and are not saved.
//
// Every part is records with exported fields: the state's own types keep their fields unexported.

func init() {
	registerSnapshotPart("customers", saveCustomers, loadCustomers)
	registerSnapshotPart("eligibilityChecks",
		func(st *state) any { return st.checks },
		func(st *state, raw json.RawMessage) error {
			checks := map[string]*eligibilityCheck{}
			if err := json.Unmarshal(raw, &checks); err != nil {
				return err
			}
			if checks == nil {
				return errors.New("the eligibility checks part is null")
			}
			st.checks = checks
			return nil
		})
	registerSnapshotPart("brokerOffers", saveOffers, loadOffers)
	registerSnapshotPart("applications", saveApplications, loadApplications)
	registerSnapshotPart("events",
		func(st *state) any { return st.events },
		func(st *state, raw json.RawMessage) error {
			var log eventLog
			if err := json.Unmarshal(raw, &log); err != nil {
				return err
			}
			if n := len(log.Events); n > 0 && log.Events[n-1].Seq > log.Seq {
				return errors.New("the event feed's seq is behind its events")
			}
			st.events = log
			return nil
		})
}

// hexBytes decodes a hex string of exactly len(dst) bytes into dst.
func hexBytes(dst []byte, s, what string) error {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(dst) {
		return fmt.Errorf("%s is not %d bytes of hex", what, len(dst))
	}
	copy(dst, b)
	return nil
}

// customerRec is a saved customer.
type customerRec struct {
	ID          string           `json:"id"`
	Email       string           `json:"email"`
	Phone       string           `json:"phone,omitempty"`
	FirstName   string           `json:"firstName"`
	LastName    string           `json:"lastName"`
	DateOfBirth string           `json:"dateOfBirth,omitempty"`
	Address     *lending.Address `json:"address,omitempty"`
	Persona     string           `json:"persona,omitempty"`
	CreatedAt   time.Time        `json:"createdAt"`
	PIN         pinRec           `json:"pin"`
	Provisional bool             `json:"provisional,omitempty"`
	// NoEmailReminders and NoSMSReminders: the customer turned a reminder off (a snapshot saved before
	// preferences existed has both on, the default).
	NoEmailReminders bool `json:"noEmailReminders,omitempty"`
	NoSMSReminders   bool `json:"noSMSReminders,omitempty"`
}

// pinRec is a saved PIN: its salt and salted hash in hex, never the PIN. A lock saved before locks
// lifted by themselves has no lockedUntil: it lifts lending.PINLockPeriod after its lockedAt, the rule
// of every lock (at once if it has no lockedAt either).
type pinRec struct {
	Set         bool      `json:"set"`
	Salt        string    `json:"salt,omitempty"`
	Hash        string    `json:"hash,omitempty"`
	Failed      int       `json:"failedAttempts"`
	Locked      bool      `json:"locked"`
	LockedAt    time.Time `json:"lockedAt,omitzero"`
	LockedUntil time.Time `json:"lockedUntil,omitzero"`
}

func saveCustomers(st *state) any {
	out := make([]customerRec, 0, len(st.customers))
	for _, c := range st.customers {
		r := customerRec{ID: c.id, Email: c.email, Phone: c.phone, FirstName: c.firstName, LastName: c.lastName,
			DateOfBirth: c.dateOfBirth, Persona: c.persona, CreatedAt: c.createdAt, Provisional: c.provisional,
			NoEmailReminders: c.noEmailReminders, NoSMSReminders: c.noSMSReminders,
			PIN: pinRec{Set: c.pin.set, Failed: c.pin.failed, Locked: c.pin.locked, LockedAt: c.pin.lockedAt,
				LockedUntil: c.pin.lockedUntil}}
		if c.address != nil {
			a := *c.address
			r.Address = &a
		}
		if c.pin.set {
			r.PIN.Salt, r.PIN.Hash = hex.EncodeToString(c.pin.secret.salt[:]), hex.EncodeToString(c.pin.secret.hash[:])
		}
		out = append(out, r)
	}
	return out
}

func loadCustomers(st *state, raw json.RawMessage) error {
	var recs []customerRec
	if err := json.Unmarshal(raw, &recs); err != nil {
		return err
	}
	st.customers, st.byEmail, st.byPhone = map[string]*customer{}, map[string]string{}, map[string]string{}
	for _, r := range recs {
		if r.ID == "" || r.Email == "" {
			return errors.New("a customer lacks its id or e-mail")
		}
		if _, dup := st.customers[r.ID]; dup {
			return errors.New("customer " + r.ID + " is saved twice")
		}
		c := &customer{id: r.ID, email: r.Email, phone: r.Phone, firstName: r.FirstName, lastName: r.LastName,
			dateOfBirth: r.DateOfBirth, address: r.Address, persona: r.Persona, createdAt: r.CreatedAt,
			provisional: r.Provisional, noEmailReminders: r.NoEmailReminders, noSMSReminders: r.NoSMSReminders,
			pin: pinState{set: r.PIN.Set, failed: r.PIN.Failed, locked: r.PIN.Locked, lockedAt: r.PIN.LockedAt,
				lockedUntil: r.PIN.LockedUntil}}
		if c.pin.locked && c.pin.lockedUntil.IsZero() {
			c.pin.lockedUntil = c.pin.lockedAt.Add(lending.PINLockPeriod)
		}
		if r.PIN.Set {
			if err := hexBytes(c.pin.secret.salt[:], r.PIN.Salt, "customer "+r.ID+"'s PIN salt"); err != nil {
				return err
			}
			if err := hexBytes(c.pin.secret.hash[:], r.PIN.Hash, "customer "+r.ID+"'s PIN hash"); err != nil {
				return err
			}
		}
		st.addCustomer(c)
	}
	return nil
}

// offersRec is the saved broker offers.
type offersRec struct {
	Seq    int        `json:"seq"`
	Offers []offerRec `json:"offers"`
}

type offerRec struct {
	Seq       int                 `json:"seq"`
	Offer     lending.BrokerOffer `json:"offer"`
	TokenHash string              `json:"tokenHash"` // SHA-256 of the client token, hex
}

func saveOffers(st *state) any {
	out := offersRec{Seq: st.offerSeq, Offers: make([]offerRec, 0, len(st.offers))}
	for _, o := range st.offers {
		out.Offers = append(out.Offers, offerRec{Seq: o.seq, Offer: o.o, TokenHash: hex.EncodeToString(o.tokenHash[:])})
	}
	return out
}

func loadOffers(st *state, raw json.RawMessage) error {
	var in offersRec
	if err := json.Unmarshal(raw, &in); err != nil {
		return err
	}
	st.offers, st.offerByToken, st.offerSeq = map[string]*offer{}, map[[32]byte]string{}, in.Seq
	for _, r := range in.Offers {
		if r.Offer.ID == "" {
			return errors.New("a broker offer lacks its id")
		}
		o := &offer{seq: r.Seq, o: r.Offer}
		if err := hexBytes(o.tokenHash[:], r.TokenHash, "broker offer "+r.Offer.ID+"'s token hash"); err != nil {
			return err
		}
		st.offers[o.o.ID] = o
		st.offerByToken[o.tokenHash] = o.o.ID
	}
	return nil
}

// applicationsRec is the saved applications.
type applicationsRec struct {
	Seq          int              `json:"seq"`
	Applications []applicationRec `json:"applications"`
}

// applicationRec is a saved application: every field of application.
type applicationRec struct {
	ID         string           `json:"id"`
	CustomerID string           `json:"customerId"`
	Seq        int              `json:"seq"`
	OnePage    bool             `json:"onePage"`
	Owner      string           `json:"owner"`
	Aggregator string           `json:"aggregator,omitempty"`
	BrokerID   string           `json:"brokerId,omitempty"`
	BrokerFirm string           `json:"brokerFirm,omitempty"`
	AB         lending.ABChoice `json:"abChoice"`
	CheckID    string           `json:"checkId"`
	Status     string           `json:"status"`

	Quote           lending.Quote                    `json:"quote"`
	Offer           *checkOffer                      `json:"checkOffer,omitempty"`
	LoanConfirmedAt time.Time                        `json:"loanConfirmedAt,omitzero"`
	EmailVerifiedAt time.Time                        `json:"emailVerifiedAt,omitzero"`
	Purpose         string                           `json:"purpose,omitempty"`
	PurposeText     string                           `json:"purposeText,omitempty"`
	Housing         *lending.HousingDetails          `json:"housing,omitempty"`
	Addresses       []lending.AddressHistoryEntry    `json:"addresses,omitempty"`
	Income          *lending.Income                  `json:"income,omitempty"`
	Future          *lending.FutureIncomeChange      `json:"futureIncomeChange,omitempty"`
	Answers         []lending.CreditAssessmentAnswer `json:"answers,omitempty"`
	OB              lending.OpenBankingState         `json:"openBanking"`

	SubmittedAt time.Time         `json:"submittedAt,omitzero"`
	Decision    *lending.Decision `json:"decision,omitempty"`

	Payee               *payeeAccount                 `json:"payee,omitempty"`
	CPA                 *lending.CPA                  `json:"cpa,omitempty"`
	CommissionConsented time.Time                     `json:"commissionConsentedAt,omitzero"`
	Signature           *lending.Signature            `json:"signature,omitempty"`
	Signed              *signedDocuments              `json:"signedDocuments,omitempty"`
	Identity            *lending.IdentityVerification `json:"identity,omitempty"`
	Ops                 []string                      `json:"ops,omitempty"`

	Withdrawal  *lending.Withdrawal `json:"withdrawal,omitempty"`
	LoanID      string              `json:"loanId,omitempty"`
	DrawnDownAt time.Time           `json:"drawnDownAt,omitzero"`
	CreatedAt   time.Time           `json:"createdAt"`
	UpdatedAt   time.Time           `json:"updatedAt"`
}

func saveApplications(st *state) any {
	if st.apps == nil {
		return applicationsRec{Applications: []applicationRec{}}
	}
	out := applicationsRec{Seq: st.apps.seq, Applications: make([]applicationRec, 0, len(st.apps.byID))}
	for _, a := range st.apps.byID {
		out.Applications = append(out.Applications, applicationRec{
			ID: a.id, CustomerID: a.customerID, Seq: a.seq, OnePage: a.onePage, Owner: a.owner, Aggregator: a.aggregator,
			BrokerID: a.brokerID, BrokerFirm: a.brokerFirm, AB: a.ab, CheckID: a.checkID, Status: a.status,
			Quote: a.quote, Offer: a.offer, LoanConfirmedAt: a.loanConfirmedAt, EmailVerifiedAt: a.emailVerifiedAt, Purpose: a.purpose,
			PurposeText: a.purposeText, Housing: a.housing, Addresses: a.addresses, Income: a.income, Future: a.future,
			Answers: a.answers, OB: a.ob, SubmittedAt: a.submittedAt, Decision: a.decision, Payee: a.payee, CPA: a.cpa,
			CommissionConsented: a.commissionConsented, Signature: a.signature, Signed: a.signed, Identity: a.identity, Ops: a.ops,
			Withdrawal: a.withdrawal, LoanID: a.loanID, DrawnDownAt: a.drawnDownAt, CreatedAt: a.createdAt,
			UpdatedAt: a.updatedAt,
		})
	}
	return out
}

func loadApplications(st *state, raw json.RawMessage) error {
	var in applicationsRec
	if err := json.Unmarshal(raw, &in); err != nil {
		return err
	}
	b := newApplicationBook()
	b.seq = in.Seq
	for _, r := range in.Applications {
		if r.ID == "" || r.CustomerID == "" {
			return errors.New("an application lacks its id or customer")
		}
		b.byID[r.ID] = &application{
			id: r.ID, customerID: r.CustomerID, seq: r.Seq, onePage: r.OnePage, owner: r.Owner, aggregator: r.Aggregator,
			brokerID: r.BrokerID, brokerFirm: r.BrokerFirm, ab: r.AB, checkID: r.CheckID, status: r.Status,
			quote: r.Quote, offer: r.Offer, loanConfirmedAt: r.LoanConfirmedAt, emailVerifiedAt: r.EmailVerifiedAt, purpose: r.Purpose,
			purposeText: r.PurposeText, housing: r.Housing, addresses: r.Addresses, income: r.Income, future: r.Future,
			answers: r.Answers, ob: r.OB, submittedAt: r.SubmittedAt, decision: r.Decision, payee: r.Payee, cpa: r.CPA,
			commissionConsented: r.CommissionConsented, signature: r.Signature, signed: r.Signed, identity: r.Identity, ops: r.Ops,
			withdrawal: r.Withdrawal, loanID: r.LoanID, drawnDownAt: r.DrawnDownAt, createdAt: r.CreatedAt,
			updatedAt: r.UpdatedAt,
		}
	}
	st.apps = b
	return nil
}
