package lending

import (
	"net/http"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
)

// creditAssessmentQuestions is the questionnaire of the income step (GET
// /credit-assessment-questions). The answers are recorded and shown to underwriters; the sandbox's
// decision rules do not read them.
func creditAssessmentQuestions() []lending.CreditAssessmentQuestion {
	return []lending.CreditAssessmentQuestion{
		{ID: "dependants", Text: "How many people depend on you financially?",
			Hint: "Children or adults you support, not counting a partner who has an income.", Type: lending.QuestionChoice,
			Options: []lending.Choice{{Code: "0", Label: "None"}, {Code: "1", Label: "1"}, {Code: "2", Label: "2"},
				{Code: "3_or_more", Label: "3 or more"}}, Required: true},
		{ID: "credit_commitments", Text: "How much do you pay each month towards credit cards, loans and car finance?",
			Hint: "Leave out your mortgage: we asked about housing already.", Type: lending.QuestionAmount, Required: true},
		{ID: "missed_payments", Text: "Have you missed a payment on any credit in the last 12 months?",
			Type: lending.QuestionBoolean, Required: true},
		{ID: "expenses_change", Text: "Do you expect your regular spending to go up in the next 12 months?",
			Hint: "For example a new baby, childcare or a rent rise.", Type: lending.QuestionBoolean, Required: true},
		{ID: "financial_difficulty", Text: "Are you in a debt management plan, an IVA or another arrangement with creditors?",
			Type: lending.QuestionBoolean, Required: false},
	}
}

func (p *Provider) creditAssessmentQuestions(w http.ResponseWriter, _ *http.Request) {
	httpjson.Write(w, http.StatusOK, lending.CreditAssessmentQuestions{Questions: creditAssessmentQuestions()})
}

// housingOptions are the living situations and pay methods of the housing step.
func housingOptions() lending.HousingOptions {
	return lending.HousingOptions{
		LivingSituations: []lending.LivingSituation{
			{Code: lending.HousingHomeownerMortgage, Label: "Homeowner with a mortgage", AsksCost: true},
			{Code: lending.HousingHomeownerOutright, Label: "Homeowner without a mortgage", AsksCost: false},
			{Code: lending.HousingRentingPrivate, Label: "Renting from a private landlord", AsksCost: true},
			{Code: lending.HousingRentingSocial, Label: "Renting from a council or housing association", AsksCost: true},
			{Code: lending.HousingLivingWithFamily, Label: "Living with family or friends", AsksCost: true},
			{Code: lending.HousingOther, Label: "Something else", AsksCost: true},
		},
		PayMethods: []lending.Choice{
			{Code: lending.PayDirectDebit, Label: "Direct Debit"},
			{Code: lending.PayStandingOrder, Label: "Standing order"},
			{Code: lending.PayBankTransfer, Label: "Bank transfer"},
			{Code: lending.PayCard, Label: "Debit or credit card"},
			{Code: lending.PayCash, Label: "Cash"},
		},
	}
}

func (p *Provider) housingOptions(w http.ResponseWriter, _ *http.Request) {
	httpjson.Write(w, http.StatusOK, housingOptions())
}
