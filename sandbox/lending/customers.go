package lending

import (
	"net/http"
	"regexp"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/transport"
	"lender/sandbox/httpjson"
)

// customer is a customer record.
type customer struct {
	id, email, phone    string // email lower-case, phone E.164 or ""
	firstName, lastName string
	dateOfBirth         string // YYYY-MM-DD or ""
	address             *lending.Address
	persona             string
	createdAt           time.Time
	pin                 pinState
	// provisional: made by a registration whose e-mail address nobody has proved yet (see
	// lending.Customer.Provisional); recording the address verified on an application settles it.
	provisional bool
	// noEmailReminders and noSMSReminders turn the instalment reminders off (both on by default).
	noEmailReminders, noSMSReminders bool
}

// pinState is the PIN's state machine:
//
//	not set ──set──► set (failed 0)
//	set ──right PIN──► set (failed 0)
//	set ──wrong PIN──► set (failed+1) ──5th wrong in a row──► locked (until now + PINLockPeriod)
//	locked ──any PIN──► locked (answers 423 pin_locked; nothing is counted)
//	locked ──lockedUntil passes──► set (failed 0)
//	set | locked ──set (a new PIN: not the last one, not the date of birth) or unlock──► set (failed 0)
//
// A lock lifts by itself at lockedUntil (pin_lock.go); a new PIN, an unlock or a sandbox reset lifts
// it sooner.
type pinState struct {
	set         bool
	secret      secret
	failed      int
	locked      bool
	lockedAt    time.Time
	lockedUntil time.Time
}

func (c *customer) wire() lending.Customer {
	out := lending.Customer{
		ID: c.id, Email: c.email, Phone: c.phone, FirstName: c.firstName, LastName: c.lastName,
		DateOfBirth: c.dateOfBirth, Persona: c.persona, CreatedAt: c.createdAt, Provisional: c.provisional,
		PIN: lending.PINStatus{Set: c.pin.set, Locked: c.pin.locked, FailedAttempts: c.pin.failed,
			LockedUntil: c.pin.lockedUntil},
		Preferences: lending.Preferences{EmailReminders: !c.noEmailReminders, SMSReminders: !c.noSMSReminders,
			ReminderDaysBefore: lending.ReminderDaysBefore},
	}
	if c.address != nil {
		a := *c.address
		out.Address = &a
	}
	return out
}

// addCustomer indexes a new customer; the caller checked that its e-mail and phone are free.
func (st *state) addCustomer(c *customer) {
	st.customers[c.id] = c
	st.byEmail[c.email] = c.id
	if c.phone != "" {
		st.byPhone[c.phone] = c.id
	}
}

// removeCustomer forgets a customer and their applications, freeing their e-mail address and phone.
func (st *state) removeCustomer(c *customer) {
	for id, a := range st.apps.byID {
		if a.customerID == c.id {
			delete(st.apps.byID, id)
		}
	}
	delete(st.customers, c.id)
	delete(st.byEmail, c.email)
	if c.phone != "" {
		delete(st.byPhone, c.phone)
	}
}

// emailOrPhoneTaken reports whether c's e-mail address or phone number belongs to a customer already.
func (st *state) emailOrPhoneTaken(c *customer) bool {
	_, emailTaken := st.byEmail[c.email]
	_, phoneTaken := st.byPhone[c.phone]
	return emailTaken || (c.phone != "" && phoneTaken)
}

// discardCustomer answers DELETE /customers/{id}: a provisional customer is erased with their
// applications (the address's owner proved it and starts again; nothing of the registration is kept).
// A settled customer is never erased.
func (p *Provider) discardCustomer(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	c, ok := p.st.customers[r.PathValue("id")]
	switch {
	case !ok:
		p.mu.Unlock()
		httpjson.Error(w, http.StatusNotFound, lending.CodeCustomerNotFound, "no customer has that id")
		return
	case !c.provisional:
		p.mu.Unlock()
		httpjson.Error(w, http.StatusConflict, lending.CodeCustomerNotProvisional,
			"the customer has proved their e-mail address and cannot be discarded")
		return
	}
	p.st.removeCustomer(c)
	p.mu.Unlock()
	p.stateChanged()
	httpjson.Write(w, http.StatusOK, lending.DiscardedCustomer{ID: c.id, Discarded: true})
}

// checkNewCustomer validates and normalises a customer to create.
func checkNewCustomer(req lending.CreateCustomerRequest, now time.Time) (*customer, *problem) {
	email, ok := normaliseEmail(req.Email)
	if !ok {
		return nil, invalid(lending.CodeEmailInvalid, "email must be one e-mail address such as jo@example.com")
	}
	c := &customer{email: email, createdAt: now}
	if req.Phone != "" {
		if c.phone, ok = normalisePhone(req.Phone); !ok {
			return nil, invalid(lending.CodePhoneInvalid, "phone must be a UK mobile number such as 07700 900123")
		}
	}
	if !validName(req.FirstName) || !validName(req.LastName) {
		return nil, invalid(lending.CodeInvalidRequest, "firstName and lastName are required, at most 100 characters each")
	}
	c.firstName, c.lastName = strings.TrimSpace(req.FirstName), strings.TrimSpace(req.LastName)
	if req.DateOfBirth != "" {
		if _, perr := checkDateOfBirth(req.DateOfBirth, now); perr != nil {
			return nil, perr
		}
		c.dateOfBirth = req.DateOfBirth
	}
	if req.Address != nil {
		a, perr := checkAddress(*req.Address)
		if perr != nil {
			return nil, perr
		}
		c.address = &a
	}
	return c, nil
}

func (p *Provider) createCustomer(w http.ResponseWriter, r *http.Request) {
	var req lending.CreateCustomerRequest
	if !decode(w, r, &req) {
		return
	}
	c, perr := checkNewCustomer(req, p.Clock.Now())
	if perr != nil {
		perr.write(w)
		return
	}
	p.Idem.Do(w, r, "POST /customers", req, func() (int, any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.st.emailOrPhoneTaken(c) {
			return http.StatusConflict, errorBody(lending.CodeCustomerExists, msgCustomerExists)
		}
		c.id = newID("cus_")
		p.st.addCustomer(c)
		p.stateChanged()
		return http.StatusCreated, c.wire()
	})
}

const msgCustomerExists = "a customer with that e-mail address or phone number already exists"

// errorBody is the error shape, for answers written after a state change decided them.
func errorBody(code, message string) transport.ErrorBody {
	return transport.ErrorBody{Code: code, Message: message}
}

// findCustomers answers GET /customers?email=… or ?phone=… (exactly one, once).
func (p *Provider) findCustomers(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	email, phone := q.Get("email"), q.Get("phone")
	if (email == "") == (phone == "") || len(q) != 1 || len(q["email"])+len(q["phone"]) != 1 {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeInvalidQuery, "give exactly one of email or phone")
		return
	}
	key := strings.ToLower(strings.TrimSpace(email))
	if phone != "" {
		var ok bool
		if key, ok = normalisePhone(phone); !ok {
			httpjson.Error(w, http.StatusBadRequest, lending.CodeInvalidQuery, "phone must be a UK mobile number such as 07700 900123")
			return
		}
	}
	out := lending.CustomerList{Customers: []lending.Customer{}}
	p.mu.Lock()
	index := p.st.byEmail
	if phone != "" {
		index = p.st.byPhone
	}
	if id, ok := index[key]; ok {
		c := p.st.customers[id]
		c.pin.lapse(p.Clock.Now())
		out.Customers = append(out.Customers, c.wire())
	}
	p.mu.Unlock()
	httpjson.Write(w, http.StatusOK, out)
}

// withCustomer runs f on the customer of the path's id under the lock, or answers 404. Any call
// but a GET may change the customer (a PIN, its attempts or its lock): a change for the snapshot. A
// lock whose time has passed is lifted first, so every answer says how the PIN stands now (a GET
// need not save that: the saved lockedUntil lifts it again after a restart).
func (p *Provider) withCustomer(w http.ResponseWriter, r *http.Request, f func(c *customer) (int, any)) {
	p.mu.Lock()
	c, ok := p.st.customers[r.PathValue("id")]
	if !ok {
		p.mu.Unlock()
		httpjson.Error(w, http.StatusNotFound, lending.CodeCustomerNotFound, "no customer has that id")
		return
	}
	c.pin.lapse(p.Clock.Now())
	status, body := f(c)
	p.mu.Unlock()
	if r.Method != http.MethodGet {
		p.stateChanged()
	}
	httpjson.Write(w, status, body)
}

func (p *Provider) customer(w http.ResponseWriter, r *http.Request) {
	p.withCustomer(w, r, func(c *customer) (int, any) { return http.StatusOK, c.wire() })
}

var pinPattern = regexp.MustCompile(`^[0-9]{4,6}$`)

const pinRule = "pin must be 4 to 6 digits"

func (p *Provider) setPIN(w http.ResponseWriter, r *http.Request) {
	var req lending.PINRequest
	if !decode(w, r, &req) {
		return
	}
	if !pinPattern.MatchString(req.PIN) {
		httpjson.Error(w, http.StatusUnprocessableEntity, lending.CodePINInvalid, pinRule)
		return
	}
	s := newSecret(req.PIN) // hashed before taking the lock
	p.withCustomer(w, r, func(c *customer) (int, any) {
		if refused := c.refuseNewPIN(req.PIN); refused != nil {
			return refused.status, errorBody(refused.code, refused.message)
		}
		// A new PIN replaces the old and, with it, any lock and failed attempts: the one way the
		// BFF lifts a lock before its time (after the person proved who they are by a code or link).
		c.pin = pinState{set: true, secret: s}
		return http.StatusOK, c.wire()
	})
}

func (p *Provider) verifyPIN(w http.ResponseWriter, r *http.Request) {
	var req lending.PINRequest
	if !decode(w, r, &req) {
		return
	}
	now := p.Clock.Now()
	p.withCustomer(w, r, func(c *customer) (int, any) {
		return c.pin.verify(req.PIN, now)
	})
}

// verify is one attempt: the answer's status and body.
func (ps *pinState) verify(pin string, now time.Time) (int, any) {
	switch {
	case !ps.set:
		return http.StatusConflict, errorBody(lending.CodePINNotSet, "the customer has not set a PIN")
	case ps.locked:
		return http.StatusLocked, errorBody(lending.CodePINLocked, "the PIN is locked after too many wrong attempts until "+
			ps.lockedUntil.Format(time.RFC3339)+"; set a new PIN or ask for it to be unlocked sooner")
	case !pinPattern.MatchString(pin):
		return http.StatusUnprocessableEntity, errorBody(lending.CodePINInvalid, pinRule)
	}
	if ps.secret.matches(pin) {
		ps.failed = 0
		return http.StatusOK, lending.PINVerification{Verified: true, AttemptsRemaining: lending.MaxPINAttempts}
	}
	ps.failed++
	if ps.failed >= lending.MaxPINAttempts {
		ps.lock(now)
	}
	return http.StatusOK, lending.PINVerification{
		FailedAttempts: ps.failed, AttemptsRemaining: max(lending.MaxPINAttempts-ps.failed, 0), Locked: ps.locked,
		LockedUntil: ps.lockedUntil,
	}
}

func (p *Provider) unlockPIN(w http.ResponseWriter, r *http.Request) {
	p.withCustomer(w, r, func(c *customer) (int, any) {
		c.pin.unlock()
		return http.StatusOK, c.wire()
	})
}
