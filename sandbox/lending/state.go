package lending

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/personas"
)

// state is everything the lending core holds. Provider.mu guards it.
type state struct {
	brands map[string]lending.Branding

	customers map[string]*customer // by id
	byEmail   map[string]string    // lower-case e-mail → customer id
	byPhone   map[string]string    // E.164 → customer id

	staff      map[string]*staffAccount  // lower-case account → account
	portal     map[string]*portalAccount // lower-case e-mail → user
	portalByID map[string]*portalAccount

	checks map[string]*eligibilityCheck // by id

	offers       map[string]*offer   // by id
	offerByToken map[[32]byte]string // SHA-256 of the client token → offer id
	offerSeq     int                 // creation order, for listing newest first

	apps  *applicationBook // applications (application.go), made by seedApplications
	loans *loanBook        // loans, top-ups and their quotes (loan.go), made by seedLoans

	auditEvents *auditLog // staff audit events (audit.go), made on first use

	events eventLog // the event feed (events.go)
}

func newState() *state {
	return &state{
		brands:    map[string]lending.Branding{},
		customers: map[string]*customer{}, byEmail: map[string]string{}, byPhone: map[string]string{},
		staff: map[string]*staffAccount{}, portal: map[string]*portalAccount{}, portalByID: map[string]*portalAccount{},
		checks: map[string]*eligibilityCheck{},
		offers: map[string]*offer{}, offerByToken: map[[32]byte]string{},
	}
}

// secret is a salted SHA-256 of a PIN or password. A sandbox needs no slow hash (the real lending core
// would use Argon2id or bcrypt); it still never keeps the plaintext, and salts each secret so equal
// secrets do not look equal.
type secret struct {
	salt [16]byte
	hash [32]byte
}

func newSecret(plain string) secret {
	var s secret
	_, _ = rand.Read(s.salt[:]) // crypto/rand never fails
	s.hash = saltedHash(s.salt, plain)
	return s
}

func saltedHash(salt [16]byte, plain string) [32]byte {
	h := sha256.New()
	h.Write(salt[:])
	h.Write([]byte(plain))
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// matches compares in constant time.
func (s secret) matches(plain string) bool {
	h := saltedHash(s.salt, plain)
	return subtle.ConstantTimeCompare(h[:], s.hash[:]) == 1
}

// decoy is compared against when an account does not exist, so a wrong account costs the same time
// as a wrong password.
var decoy = newSecret("no account has this password")

// newID is a prefix and 16 random hex digits: "cus_3f9a…".
func newID(prefix string) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return prefix + hex.EncodeToString(b[:])
}

// seedState is the lending core after a reset: the seeded brands, the staff account and portal users,
// and a customer for every seeded borrower (sandbox/personas), with their PINs and locks.
//
// Loans and applications of the seeded borrowers attach here too: a later step switches on each
// personas.Borrower's Scenario (with RegStage or OnePageStep) and adds the loan or application of
// customer b.CustomerID.
func seedState(now time.Time) *state {
	st := newState()
	st.brands = SeedBrands()
	for _, s := range personas.StaffAccounts() {
		st.staff[strings.ToLower(s.Account)] = &staffAccount{
			user:   lending.StaffUser{ID: s.ID, Account: s.Account, DisplayName: s.DisplayName},
			secret: newSecret(s.Password),
		}
	}
	for _, u := range personas.PortalUsers() {
		a := &portalAccount{
			user: lending.PortalUser{ID: u.ID, Email: u.Email, Name: u.Name, Role: u.Role, BrokerID: u.BrokerID,
				BrokerFirm: u.BrokerFirm, ClientName: u.ClientName},
			secret: newSecret(u.Password),
		}
		st.portal[strings.ToLower(u.Email)] = a
		st.portalByID[u.ID] = a
	}
	for _, b := range personas.Borrowers() {
		st.addCustomer(seedCustomer(b, now))
	}
	seedApplications(st, now) // the personas' applications (application_seed.go)
	seedLoans(st, now)        // the personas' loans (loan_seed.go)
	st.quiet()                // the seed's steps are no one's news (events.go)
	return st
}

// seedCustomer is the customer record of a seeded borrower.
func seedCustomer(b personas.Borrower, now time.Time) *customer {
	addr := b.Address
	c := &customer{
		id: b.CustomerID, email: b.Email, phone: b.Phone, firstName: b.FirstName, lastName: b.LastName,
		dateOfBirth: b.DateOfBirth, address: &addr, persona: b.Key, createdAt: now,
	}
	if b.PIN != "" {
		c.pin = pinState{set: true, secret: newSecret(b.PIN)}
		if b.PINLocked {
			c.pin.failed = lending.MaxPINAttempts
			c.pin.lock(now) // from the seed's time, as if the fifth wrong PIN had just been typed
		}
	}
	return c
}
