// Package sandboxctl is the BFF's client of the sandbox's control API (/_sandbox/…), which exists only
// when the BFF runs against the sandbox. The BFF reads the persona catalogue from it for the sandbox
// mailbox screen; nothing in production calls it.
//
//	GET /_sandbox/personas   200 Catalogue: the applicant rules, staff, portal users and seeded
//	                         borrowers, with the test cards and share codes of the other providers.
//
// The types below are the parts of the catalogue the BFF reads; the sandbox's own types
// (sandbox/personas) carry more.
package sandboxctl

import (
	"context"
	"strings"

	"lender/bff/upstream/transport"
)

// Name is the client's name in metrics and errors.
const Name = "sandbox"

// ApplicantRule is an outcome chosen by an e-mail plus-tag.
type ApplicantRule struct {
	Tag          string `json:"tag"`
	Outcome      string `json:"outcome"`
	Example      string `json:"example"`
	Demonstrates string `json:"demonstrates"`
}

// Staff is a seeded staff account.
type Staff struct {
	ID           string `json:"id"`
	Account      string `json:"account"`
	Password     string `json:"password"`
	DisplayName  string `json:"displayName"`
	Demonstrates string `json:"demonstrates"`
}

// PortalUser is a seeded finance-portal user.
type PortalUser struct {
	ID           string `json:"id"`
	Email        string `json:"email"`
	Password     string `json:"password"`
	Name         string `json:"name"`
	Role         string `json:"role"`
	BrokerFirm   string `json:"brokerFirm"`
	Demonstrates string `json:"demonstrates"`
}

// Borrower is a seeded customer of the lending core.
type Borrower struct {
	Key          string `json:"key"`
	FirstName    string `json:"firstName"`
	LastName     string `json:"lastName"`
	Email        string `json:"email"`
	Phone        string `json:"phone"`
	PIN          string `json:"pin"`
	PINLocked    bool   `json:"pinLocked"`
	Scenario     string `json:"scenario"`
	Demonstrates string `json:"demonstrates"`
}

// TestCard is a payment-gateway test card number.
type TestCard struct {
	Number       string `json:"number"`
	Brand        string `json:"brand"`
	Demonstrates string `json:"demonstrates"`
}

// ShareCode is an identity-provider share code with the date of birth that verifies it.
type ShareCode struct {
	Code        string `json:"code"`
	DateOfBirth string `json:"dateOfBirth"`
	Purpose     string `json:"purpose"`
	GivenName   string `json:"givenName"`
	FamilyName  string `json:"familyName"`
	ExpiresOn   string `json:"expiresOn"`
}

// Catalogue is the answer of GET /_sandbox/personas.
type Catalogue struct {
	Applicants  []ApplicantRule `json:"applicants"`
	Staff       []Staff         `json:"staff"`
	PortalUsers []PortalUser    `json:"portalUsers"`
	Borrowers   []Borrower      `json:"borrowers"`
	TestCards   []TestCard      `json:"testCards"`
	ShareCodes  []ShareCode     `json:"shareCodes"`
}

// API is what the BFF uses of the control API.
type API interface {
	// Personas is the persona catalogue.
	Personas(ctx context.Context) (Catalogue, error)
}

// Client calls the sandbox's control API over HTTP.
type Client struct {
	t *transport.Client
}

var _ API = (*Client)(nil)

// New builds a client of the sandbox at cfg.BaseURL (the sandbox's root, e.g. http://localhost:8090;
// the control prefix is added here); obs may be nil.
func New(cfg transport.Config, obs transport.Observer) *Client {
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/") + "/_sandbox"
	return &Client{t: transport.New(Name, cfg, obs)}
}

// Personas calls GET /_sandbox/personas.
func (c *Client) Personas(ctx context.Context) (Catalogue, error) {
	var cat Catalogue
	if err := c.t.Get(ctx, "personas.get", "/personas", &cat); err != nil {
		return Catalogue{}, err
	}
	return cat, nil
}
