package onepage

import (
	"context"
	"errors"
	"strconv"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/journeystep"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/lending"
)

// Messages of the steps.
const (
	msgPurposeInvalid = "Choose what the loan is for"
	msgIncome         = "Check your income: enter your yearly income before tax, how you are employed and how often you are paid"
	msgAnswers        = "Check your answers to the questions about your finances"
	msgAnswerTwice    = "Answer each question once"
)

// step runs one journey step on the signed-in customer's latest application and answers the journey
// as it then stands. invalid is the message for the lending core's refusal of the step's fields.
func (h *Handlers) step(ctx context.Context, invalid string, do func(id string) (lending.Application, error)) (apigen.OnePageApplicationInfo, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return apigen.OnePageApplicationInfo{}, err
	}
	a, err = do(a.ID)
	if err != nil {
		return apigen.OnePageApplicationInfo{}, journeystep.Error(err, invalid)
	}
	return h.info(ctx, a)
}

// ConfirmYourLoan confirms the amount and term; the core re-prices a change.
func (h *Handlers) ConfirmYourLoan(ctx context.Context, req apigen.ConfirmYourLoanRequestObject) (apigen.ConfirmYourLoanResponseObject, error) {
	b := req.Body
	info, err := h.step(ctx, "Check the amount and the term of the loan", func(id string) (lending.Application, error) {
		a, err := h.lending.ConfirmLoan(ctx, id, lending.ConfirmLoanRequest{AmountPence: b.AmountPence, TermMonths: b.TermMonths})
		if errors.Is(err, lending.ErrOutOfBounds) {
			return a, loanquote.OutOfBounds(ctx, h.lending, b.AmountPence, b.TermMonths, err)
		}
		if errors.Is(err, lending.ErrInvalidRequest) { // amount_above_approved, the only 422 of a valid body
			return a, web.FailWith(web.CodeBadRequest, journeystep.MsgAboveOffer, err)
		}
		return a, err
	})
	if err != nil {
		return nil, err
	}
	return apigen.ConfirmYourLoan200JSONResponse{Status: 200, ResultData: info}, nil
}

// UpdateLoanPurpose records the purpose.
func (h *Handlers) UpdateLoanPurpose(ctx context.Context, req apigen.UpdateLoanPurposeRequestObject) (apigen.UpdateLoanPurposeResponseObject, error) {
	b := req.Body
	r := lending.PurposeRequest{Purpose: string(b.Purpose)}
	if b.PurposeText != nil {
		r.PurposeText = *b.PurposeText
	}
	if r.Purpose == lending.PurposeOther && blank(r.PurposeText) {
		return nil, web.FailWith(web.CodeBadRequest, journeystep.MsgPurposeText, nil)
	}
	if r.Purpose != lending.PurposeOther {
		r.PurposeText = "" // the text belongs to "other" only
	}
	info, err := h.step(ctx, msgPurposeInvalid, func(id string) (lending.Application, error) {
		return h.lending.UpdatePurpose(ctx, id, r)
	})
	if err != nil {
		return nil, err
	}
	return apigen.UpdateLoanPurpose200JSONResponse{Status: 200, ResultData: info}, nil
}

// UpdateRentInformation records the housing details.
func (h *Handlers) UpdateRentInformation(ctx context.Context, req apigen.UpdateRentInformationRequestObject) (apigen.UpdateRentInformationResponseObject, error) {
	r, err := journeystep.Housing(*req.Body)
	if err != nil {
		return nil, err
	}
	info, err := h.step(ctx, journeystep.MsgHousing, func(id string) (lending.Application, error) {
		return h.lending.UpdateHousing(ctx, id, r)
	})
	if err != nil {
		return nil, err
	}
	return apigen.UpdateRentInformation200JSONResponse{Status: 200, ResultData: info}, nil
}

// UpdateAddressHistory replaces the address history.
func (h *Handlers) UpdateAddressHistory(ctx context.Context, req apigen.UpdateAddressHistoryRequestObject) (apigen.UpdateAddressHistoryResponseObject, error) {
	r, err := journeystep.AddressHistory(req.Body.Addresses)
	if err != nil {
		return nil, err
	}
	info, err := h.step(ctx, journeystep.MsgAddresses, func(id string) (lending.Application, error) {
		return h.lending.UpdateAddressHistory(ctx, id, r)
	})
	if err != nil {
		return nil, err
	}
	return apigen.UpdateAddressHistory200JSONResponse{Status: 200, ResultData: info}, nil
}

// UpdateFutureIncomeChange records whether the income is expected to change.
func (h *Handlers) UpdateFutureIncomeChange(ctx context.Context, req apigen.UpdateFutureIncomeChangeRequestObject) (apigen.UpdateFutureIncomeChangeResponseObject, error) {
	r, err := journeystep.FutureIncome(*req.Body)
	if err != nil {
		return nil, err
	}
	info, err := h.step(ctx, journeystep.MsgFutureIncome, func(id string) (lending.Application, error) {
		return h.lending.UpdateFutureIncomeChange(ctx, id, r)
	})
	if err != nil {
		return nil, err
	}
	return apigen.UpdateFutureIncomeChange200JSONResponse{Status: 200, ResultData: info}, nil
}

// UpdateCreditAssessment records the income, then the credit-assessment answers: the income step is
// one screen, so one call. Required questions left unanswered are named before anything is recorded.
func (h *Handlers) UpdateCreditAssessment(ctx context.Context, req apigen.UpdateCreditAssessmentRequestObject) (apigen.UpdateCreditAssessmentResponseObject, error) {
	b := req.Body
	qs, err := h.lending.CreditAssessmentQuestions(ctx)
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	given := map[string]bool{}
	answers := make([]lending.CreditAssessmentAnswer, 0, len(b.Answers))
	for _, a := range b.Answers {
		if given[a.QuestionId] {
			return nil, web.FailWith(web.CodeBadRequest, msgAnswerTwice, nil)
		}
		given[a.QuestionId] = true
		answers = append(answers, lending.CreditAssessmentAnswer{QuestionID: a.QuestionId, Value: a.Value})
	}
	byID := map[string]lending.CreditAssessmentQuestion{}
	for _, q := range qs.Questions {
		byID[q.ID] = q
		if q.Required && !given[q.ID] {
			return nil, web.FailWith(web.CodeBadRequest, "Answer the question: "+q.Text, nil)
		}
	}
	for _, a := range answers {
		q, ok := byID[a.QuestionID]
		if !ok {
			return nil, web.FailWith(web.CodeBadRequest, msgAnswers, nil)
		}
		if !validAnswer(q, a.Value) {
			return nil, web.FailWith(web.CodeBadRequest, "Check your answer to the question: "+q.Text, nil)
		}
	}
	income := lending.Income{AnnualIncomePence: b.Income.AnnualIncomePence,
		EmploymentStatus: string(b.Income.EmploymentStatus), PayFrequency: string(b.Income.PayFrequency)}
	info, err := h.step(ctx, msgAnswers, func(id string) (lending.Application, error) {
		if _, err := h.lending.UpdateIncome(ctx, id, income); err != nil {
			return lending.Application{}, journeystep.Error(err, msgIncome)
		}
		return h.lending.AnswerCreditAssessment(ctx, id, lending.CreditAssessmentRequest{Answers: answers})
	})
	if err != nil {
		return nil, err
	}
	return apigen.UpdateCreditAssessment200JSONResponse{Status: 200, ResultData: info}, nil
}

// GetCreditAssessmentQuestionsMetadata answers the questionnaire.
func (h *Handlers) GetCreditAssessmentQuestionsMetadata(ctx context.Context, _ apigen.GetCreditAssessmentQuestionsMetadataRequestObject) (apigen.GetCreditAssessmentQuestionsMetadataResponseObject, error) {
	if _, err := session.Required(ctx); err != nil {
		return nil, err
	}
	qs, err := h.lending.CreditAssessmentQuestions(ctx)
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	res := apigen.GetCreditAssessmentQuestionsMetadata200JSONResponse{Status: 200}
	res.ResultData.Questions = make([]apigen.CreditAssessmentQuestion, 0, len(qs.Questions))
	for _, q := range qs.Questions {
		out := apigen.CreditAssessmentQuestion{Id: q.ID, Text: q.Text, Type: apigen.CreditAssessmentQuestionType(q.Type),
			Required: q.Required, Options: choices(q.Options)}
		if q.Hint != "" {
			hint := q.Hint
			out.Hint = &hint
		}
		res.ResultData.Questions = append(res.ResultData.Questions, out)
	}
	return res, nil
}

// FetchPayMethodsAndLivingSituations answers the housing step's options.
func (h *Handlers) FetchPayMethodsAndLivingSituations(ctx context.Context, _ apigen.FetchPayMethodsAndLivingSituationsRequestObject) (apigen.FetchPayMethodsAndLivingSituationsResponseObject, error) {
	if _, err := session.Required(ctx); err != nil {
		return nil, err
	}
	o, err := h.lending.HousingOptions(ctx)
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	res := apigen.FetchPayMethodsAndLivingSituations200JSONResponse{Status: 200}
	res.ResultData.LivingSituations = make([]apigen.LivingSituation, 0, len(o.LivingSituations))
	for _, s := range o.LivingSituations {
		res.ResultData.LivingSituations = append(res.ResultData.LivingSituations,
			apigen.LivingSituation{Code: s.Code, Label: s.Label, AsksCost: s.AsksCost})
	}
	res.ResultData.PayMethods = choices(o.PayMethods)
	return res, nil
}

// validAnswer checks a value against its question's type, so the message can name the question; the
// lending core checks again.
func validAnswer(q lending.CreditAssessmentQuestion, v string) bool {
	switch q.Type {
	case lending.QuestionBoolean:
		return v == "yes" || v == "no"
	case lending.QuestionChoice:
		for _, o := range q.Options {
			if o.Code == v {
				return true
			}
		}
		return false
	case lending.QuestionAmount:
		n, err := strconv.ParseInt(v, 10, 64)
		return err == nil && n >= 0 && n <= maxAnswerPence && strconv.FormatInt(n, 10) == v
	}
	return true // a type this BFF does not know yet: the core decides
}

// maxAnswerPence is the largest amount a credit-assessment answer may give (£100,000).
const maxAnswerPence = 10_000_000

func choices(in []lending.Choice) []apigen.OptionChoice {
	out := make([]apigen.OptionChoice, 0, len(in))
	for _, c := range in {
		out = append(out, apigen.OptionChoice{Code: c.Code, Label: c.Label})
	}
	return out
}

func blank(s string) bool {
	for _, r := range s {
		if r != ' ' && r != '\t' && r != '\n' {
			return false
		}
	}
	return true
}
