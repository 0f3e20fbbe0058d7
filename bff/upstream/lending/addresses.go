package lending

import (
	"context"
	"net/http"
	"net/url"

	"lender/bff/upstream/transport"
)

// Address is a UK postal address. Flat, HouseName and HouseNumber may be empty (at least one of
// HouseName and HouseNumber is set in a gazetteer address); County may be empty.
type Address struct {
	Flat        string `json:"flat"`        // e.g. "Flat 2"
	HouseName   string `json:"houseName"`   // e.g. "Rose Court"
	HouseNumber string `json:"houseNumber"` // e.g. "14" or "14A"
	Street      string `json:"street"`
	Town        string `json:"town"`
	County      string `json:"county"`
	Postcode    string `json:"postcode"` // normalised: upper case, one space before the inward code
}

// GazetteerAddress is one result of a postcode lookup.
type GazetteerAddress struct {
	// ID is the gazetteer's stable key of the address.
	ID string `json:"id"`
	Address
	// Line is the first part of the address as four comma-separated fields, always in the order flat,
	// house name, house number, street, an absent field left empty (", , 12, Acacia Avenue"): the
	// comma-separated text the apps split into flat, house_name, house_number and street.
	Line string `json:"line"`
	// Label is the whole address on one line for people to pick from, e.g.
	// "Flat 2, Rose Court, 14 Mill Lane, Lowmere, LM2 4QT".
	Label string `json:"label"`
}

// AddressList is the answer of GET /addresses.
type AddressList struct {
	Postcode  string             `json:"postcode"` // the postcode looked up, normalised
	Addresses []GazetteerAddress `json:"addresses"`
}

// Addresses calls GET /addresses?postcode=…. A postcode in the UK format that has no addresses is an
// empty list, not an error; a malformed one is ErrPostcodeInvalid.
func (c *Client) Addresses(ctx context.Context, postcode string) (AddressList, error) {
	var l AddressList
	err := c.t.Do(ctx, transport.Request{Operation: "addresses.list", Method: http.MethodGet, Path: "/addresses",
		Query: url.Values{"postcode": {postcode}}}, &l)
	return l, classify(err)
}
