package profile

import (
	"context"

	"lender/bff/internal/apigen"
	"lender/bff/internal/session"
	"lender/bff/upstream/lending"
)

// CommunicationSettings answers the borrower's reminder preferences as the lending core keeps them.
func (h *Handlers) CommunicationSettings(ctx context.Context, _ apigen.CommunicationSettingsRequestObject) (apigen.CommunicationSettingsResponseObject, error) {
	cu, err := h.customer(ctx)
	if err != nil {
		return nil, err
	}
	return apigen.CommunicationSettings200JSONResponse{Status: 200, ResultData: settings(cu.Preferences)}, nil
}

// UpdateCommunicationSettings records the borrower's reminder preferences at the lending core, which
// sends the reminders. Staff acting for the borrower may record their choice (it is audited).
func (h *Handlers) UpdateCommunicationSettings(ctx context.Context, req apigen.UpdateCommunicationSettingsRequestObject) (apigen.UpdateCommunicationSettingsResponseObject, error) {
	s, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	cu, err := h.lending.SetPreferences(ctx, s.Subject, lending.Preferences{EmailReminders: req.Body.EmailReminders,
		SMSReminders: req.Body.SmsReminders})
	if err != nil {
		return nil, changed(err)
	}
	return apigen.UpdateCommunicationSettings200JSONResponse{Status: 200, ResultData: settings(cu.Preferences)}, nil
}

func settings(p lending.Preferences) apigen.CommunicationSettings {
	return apigen.CommunicationSettings{EmailReminders: p.EmailReminders, SmsReminders: p.SMSReminders, ReminderDaysBefore: p.ReminderDaysBefore}
}
