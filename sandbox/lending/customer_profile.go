package lending

import (
	"net/http"
	"strings"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	"lender/sandbox/lending/gazetteer"
)

// A borrower's own changes to their record: the mobile number they proved with a code, the current
// address, and the reminder preferences (the reminders themselves are reminders.go).

// changeCustomerPhone answers PUT /customers/{id}/phone.
func (p *Provider) changeCustomerPhone(w http.ResponseWriter, r *http.Request) {
	var req lending.PhoneRequest
	if !decode(w, r, &req) {
		return
	}
	phone, ok := normalisePhone(req.Phone)
	if !ok {
		httpjson.Error(w, http.StatusUnprocessableEntity, lending.CodePhoneInvalid, "phone must be a UK mobile number such as 07700 900123")
		return
	}
	p.withCustomer(w, r, func(c *customer) (int, any) {
		if owner, taken := p.st.byPhone[phone]; taken && owner != c.id {
			return http.StatusConflict, errorBody(lending.CodeCustomerExists, "another customer has that phone number")
		}
		if c.phone != "" {
			delete(p.st.byPhone, c.phone)
		}
		c.phone = phone
		p.st.byPhone[phone] = c.id
		return http.StatusOK, c.wire()
	})
}

// setCustomerAddress answers PUT /customers/{id}/address.
func (p *Provider) setCustomerAddress(w http.ResponseWriter, r *http.Request) {
	var req lending.AddressRequest
	if !decode(w, r, &req) {
		return
	}
	var a lending.Address
	switch {
	case (strings.TrimSpace(req.GazetteerID) == "") == (req.Address == nil):
		httpjson.Error(w, http.StatusUnprocessableEntity, lending.CodeInvalidRequest, "give exactly one of gazetteerId and address")
		return
	case req.Address == nil:
		g, ok := gazetteer.Find(req.GazetteerID)
		if !ok {
			httpjson.Error(w, http.StatusUnprocessableEntity, lending.CodeInvalidRequest, "gazetteerId is not a gazetteer address")
			return
		}
		a = g.Address
	default:
		checked, perr := checkAddress(*req.Address)
		if perr != nil {
			perr.write(w)
			return
		}
		a = checked
	}
	p.withCustomer(w, r, func(c *customer) (int, any) {
		c.address = &a
		return http.StatusOK, c.wire()
	})
}

// setCustomerPreferences answers PUT /customers/{id}/preferences.
func (p *Provider) setCustomerPreferences(w http.ResponseWriter, r *http.Request) {
	var req lending.Preferences
	if !decode(w, r, &req) {
		return
	}
	if req.ReminderDaysBefore != 0 && req.ReminderDaysBefore != lending.ReminderDaysBefore {
		httpjson.Error(w, http.StatusUnprocessableEntity, lending.CodeInvalidRequest, "reminderDaysBefore is the lending core's and cannot be set")
		return
	}
	p.withCustomer(w, r, func(c *customer) (int, any) {
		c.noEmailReminders, c.noSMSReminders = !req.EmailReminders, !req.SMSReminders
		return http.StatusOK, c.wire()
	})
}
