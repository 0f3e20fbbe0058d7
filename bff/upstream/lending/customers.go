package lending

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"lender/bff/upstream/transport"
)

// PIN rules.
const (
	MinPINDigits = 4
	MaxPINDigits = 6
	// MaxPINAttempts is how many wrong PINs in a row lock the PIN. The lock lasts PINLockPeriod, or
	// until SetPIN (or UnlockPIN) lifts it sooner.
	MaxPINAttempts = 5
	// PINLockPeriod is how long a lock lasts, on the lending core's clock, from the wrong PIN that
	// locked it: long enough to make guessing a PIN hopeless (five guesses each half hour), short
	// enough that a borrower who mistyped is not kept out for a day. When it has passed the lock lifts
	// by itself and the failed attempts start again from 0.
	PINLockPeriod = 30 * time.Minute
)

// CreateCustomerRequest is the body of POST /customers.
type CreateCustomerRequest struct {
	Email     string `json:"email"`
	Phone     string `json:"phone,omitempty"` // UK mobile, national (07700 900123) or E.164 (+447700900123)
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	// DateOfBirth is YYYY-MM-DD, optional.
	DateOfBirth string `json:"dateOfBirth,omitempty"`
	// Address is the home address, optional (street, town and a valid postcode when given).
	Address *Address `json:"address,omitempty"`
}

// Customer is a person the lending core knows: an applicant or a borrower.
type Customer struct {
	ID string `json:"id"`
	// Email is stored in lower case; e-mail look-ups ignore case.
	Email string `json:"email"`
	// Phone is E.164 (+447700900123), or "" when none was given.
	Phone       string    `json:"phone"`
	FirstName   string    `json:"firstName"`
	LastName    string    `json:"lastName"`
	DateOfBirth string    `json:"dateOfBirth"` // YYYY-MM-DD or ""
	Address     *Address  `json:"address"`     // nil when none was given
	PIN         PINStatus `json:"pin"`
	// Preferences are how the customer wants to be reminded before each instalment.
	Preferences Preferences `json:"preferences"`
	// Provisional is true for a customer made by a registration (POST /registrations) whose e-mail
	// address nobody has proved yet: anyone can register with any address. Recording the address verified
	// (POST /applications/{id}/email-verification) makes the customer a settled one; until then the BFF
	// lets no session reach their data beyond the registration's own draft, and may discard them
	// (DELETE /customers/{id}) when the address's owner proves it by signing in.
	Provisional bool `json:"provisional"`
	// Persona names the sandbox persona a seeded customer plays (sandbox only; "" otherwise).
	Persona   string    `json:"persona,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
}

// PINStatus is the state of a customer's PIN. The PIN itself never leaves the lending core, which
// keeps only a salted hash.
type PINStatus struct {
	Set            bool `json:"set"`
	Locked         bool `json:"locked"`
	FailedAttempts int  `json:"failedAttempts"` // wrong PINs since the last right one, set or unlock
	// LockedUntil is when a lock lifts by itself (RFC 3339, the lending core's clock); absent unless
	// Locked.
	LockedUntil time.Time `json:"lockedUntil,omitzero"`
}

// CustomerList is the answer of GET /customers?email=… or ?phone=…: at most one customer, since
// e-mail addresses and phone numbers are unique.
type CustomerList struct {
	Customers []Customer `json:"customers"`
}

// EmailChangeRequest is the body of PUT /customers/{id}/email.
type EmailChangeRequest struct {
	Email string `json:"email"`
	// Proved says the caller has proved the customer holds the new address (a link mailed to it was
	// opened): the change is then made whether or not the old address was confirmed.
	Proved bool `json:"proved,omitempty"`
}

// AddressRequest is the body of PUT /customers/{id}/address: exactly one of a gazetteer id (from
// GET /addresses) and an address typed by hand.
type AddressRequest struct {
	GazetteerID string   `json:"gazetteerId,omitempty"`
	Address     *Address `json:"address,omitempty"`
}

// ReminderDaysBefore is how many days before an instalment falls due the lending core sends its
// reminders (Preferences).
const ReminderDaysBefore = 3

// Preferences are a customer's communication preferences (PUT /customers/{id}/preferences): whether the
// lending core reminds them by e-mail and by SMS, ReminderDaysBefore days before each instalment falls
// due. A new customer has both on.
type Preferences struct {
	EmailReminders bool `json:"emailReminders"`
	SMSReminders   bool `json:"smsReminders"`
	// ReminderDaysBefore is answered, never set: ReminderDaysBefore.
	ReminderDaysBefore int `json:"reminderDaysBefore,omitempty"`
}

// PINRequest is the body of PUT /customers/{id}/pin and POST /customers/{id}/pin/verify.
type PINRequest struct {
	PIN string `json:"pin"` // 4 to 6 digits
}

// PINVerification is the answer of POST /customers/{id}/pin/verify when the PIN could be checked.
type PINVerification struct {
	Verified bool `json:"verified"`
	// FailedAttempts counts wrong PINs in a row (0 after a right one).
	FailedAttempts int `json:"failedAttempts"`
	// AttemptsRemaining is how many more wrong PINs lock the PIN.
	AttemptsRemaining int `json:"attemptsRemaining"`
	// Locked is true when this attempt locked the PIN.
	Locked bool `json:"locked"`
	// LockedUntil is when the lock this attempt made lifts by itself; absent unless Locked. With the
	// customer's id it names the lock, so a notice of it can be keyed to it.
	LockedUntil time.Time `json:"lockedUntil,omitzero"`
}

// CreateCustomer calls POST /customers. idempotencyKey may be "": with one, a repeated call answers the
// first customer again instead of ErrCustomerExists, and the transport may retry the call.
func (c *Client) CreateCustomer(ctx context.Context, req CreateCustomerRequest, idempotencyKey string) (Customer, error) {
	var cu Customer
	if idempotencyKey != "" && !validIdempotencyKey(idempotencyKey) {
		return cu, ErrInvalidRequest
	}
	err := c.t.Do(ctx, transport.Request{Operation: "customers.create", Method: http.MethodPost, Path: "/customers",
		Body: req, IdempotencyKey: idempotencyKey}, &cu)
	return cu, classify(err)
}

// Customer calls GET /customers/{id}; ErrCustomerNotFound when there is none.
func (c *Client) Customer(ctx context.Context, id string) (Customer, error) {
	var cu Customer
	if !validID(id) {
		return cu, ErrCustomerNotFound
	}
	err := c.t.Get(ctx, "customers.get", "/customers/"+id, &cu)
	return cu, classify(err)
}

// CustomerByEmail calls GET /customers?email=…; ErrCustomerNotFound when nobody has that address
// (compared without regard to case).
func (c *Client) CustomerByEmail(ctx context.Context, email string) (Customer, error) {
	return c.findCustomer(ctx, "email", email)
}

// CustomerByPhone calls GET /customers?phone=…; ErrCustomerNotFound when nobody has that number. The
// number may be national (07700 900123) or E.164.
func (c *Client) CustomerByPhone(ctx context.Context, phone string) (Customer, error) {
	return c.findCustomer(ctx, "phone", phone)
}

func (c *Client) findCustomer(ctx context.Context, key, value string) (Customer, error) {
	if value == "" {
		return Customer{}, ErrCustomerNotFound
	}
	var l CustomerList
	err := c.t.Do(ctx, transport.Request{Operation: "customers.find", Method: http.MethodGet, Path: "/customers",
		Query: url.Values{key: {value}}}, &l)
	if err != nil {
		return Customer{}, classify(err)
	}
	if len(l.Customers) == 0 {
		return Customer{}, ErrCustomerNotFound
	}
	return l.Customers[0], nil
}

// ChangeEmail calls PUT /customers/{id}/email: it replaces the customer's e-mail address while the
// address is not confirmed (an applicant who mistyped it never gets the confirmation link). The same
// address again answers the customer unchanged. ErrInvalidRequest (email_invalid), ErrCustomerExists
// (another customer's address), ErrEmailConfirmed, ErrCustomerNotFound. Not retried by the transport:
// it is a PUT without a key, and a repeat after a lost answer is harmless (the same address again).
func (c *Client) ChangeEmail(ctx context.Context, customerID, email string) (Customer, error) {
	return c.putCustomer(ctx, "customers.email.change", customerID, "/email", EmailChangeRequest{Email: email})
}

// ReplaceEmail calls PUT /customers/{id}/email with proved: the customer opened a link mailed to the new
// address, so it replaces the address in use, confirmed or not. The same address again answers the
// customer unchanged. ErrInvalidRequest (email_invalid), ErrCustomerExists (another customer's
// address), ErrCustomerNotFound. Not retried by the transport; a repeat is harmless.
func (c *Client) ReplaceEmail(ctx context.Context, customerID, email string) (Customer, error) {
	return c.putCustomer(ctx, "customers.email.replace", customerID, "/email", EmailChangeRequest{Email: email, Proved: true})
}

// ChangePhone calls PUT /customers/{id}/phone: the customer's mobile number becomes phone (national or
// E.164), which the caller has proved they hold. ErrInvalidRequest (phone_invalid), ErrCustomerExists
// (another customer's number), ErrCustomerNotFound. Idempotent.
func (c *Client) ChangePhone(ctx context.Context, customerID, phone string) (Customer, error) {
	return c.putCustomer(ctx, "customers.phone.change", customerID, "/phone", PhoneRequest{Phone: phone})
}

// SetAddress calls PUT /customers/{id}/address: the customer's current address becomes the gazetteer's
// address or the one typed. ErrInvalidRequest (neither or both, an unknown gazetteer id, a missing
// street, town or house), ErrPostcodeInvalid (422 postcode_invalid), ErrCustomerNotFound. Idempotent.
func (c *Client) SetAddress(ctx context.Context, customerID string, req AddressRequest) (Customer, error) {
	return c.putCustomer(ctx, "customers.address.set", customerID, "/address", req)
}

// SetPreferences calls PUT /customers/{id}/preferences: the customer's reminder preferences from now
// on. ErrCustomerNotFound. Idempotent.
func (c *Client) SetPreferences(ctx context.Context, customerID string, p Preferences) (Customer, error) {
	p.ReminderDaysBefore = 0 // the core's, never the caller's
	return c.putCustomer(ctx, "customers.preferences.set", customerID, "/preferences", p)
}

// putCustomer is a PUT of body to a part of customer customerID's record, answering the customer.
func (c *Client) putCustomer(ctx context.Context, op, customerID, part string, body any) (Customer, error) {
	var cu Customer
	if !validID(customerID) {
		return cu, ErrCustomerNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: op, Method: http.MethodPut, Path: "/customers/" + customerID + part, Body: body}, &cu)
	return cu, classify(err)
}

// SetPIN calls PUT /customers/{id}/pin: it sets or replaces the PIN and clears any lock and failed
// attempts. Call it only after the person has proved who they are another way (an e-mail or SMS
// code). ErrPINInvalid unless the PIN is 4 to 6 digits; ErrPINIsDateOfBirth when it is the customer's
// date of birth written any common way; ErrPINReused when it is the PIN it would replace.
func (c *Client) SetPIN(ctx context.Context, customerID, pin string) (Customer, error) {
	var cu Customer
	if !validID(customerID) {
		return cu, ErrCustomerNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "customers.pin.set", Method: http.MethodPut,
		Path: "/customers/" + customerID + "/pin", Body: PINRequest{PIN: pin}}, &cu)
	return cu, classify(err)
}

// VerifyPIN calls POST /customers/{id}/pin/verify. A wrong PIN is not an error: it answers Verified
// false with the attempts remaining. ErrPINLocked once MaxPINAttempts wrong PINs in a row have locked
// it (even for the right PIN), until PINLockPeriod has passed (Customer says until when), ErrPINNotSet when the customer has none, ErrPINInvalid when pin is not 4
// to 6 digits (not counted as an attempt).
func (c *Client) VerifyPIN(ctx context.Context, customerID, pin string) (PINVerification, error) {
	var v PINVerification
	if !validID(customerID) {
		return v, ErrCustomerNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "customers.pin.verify", Method: http.MethodPost,
		Path: "/customers/" + customerID + "/pin/verify", Body: PINRequest{PIN: pin}}, &v)
	return v, classify(err)
}

// UnlockPIN calls DELETE /customers/{id}/pin/lock: it lifts a lock before its time and clears failed
// attempts, keeping the PIN (a staff action, or a borrower who proved who they are another way). Unlocking a PIN that is not locked is not an error.
func (c *Client) UnlockPIN(ctx context.Context, customerID string) (Customer, error) {
	var cu Customer
	if !validID(customerID) {
		return cu, ErrCustomerNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "customers.pin.unlock", Method: http.MethodDelete,
		Path: "/customers/" + customerID + "/pin/lock"}, &cu)
	return cu, classify(err)
}
