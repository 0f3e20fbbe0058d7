package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// The contract's vocabulary of error policies (x-error-policies: rule → what it does) and each
// operation's marks (x-error-policy: [rule, …]).
const (
	extPolicyVocabulary = "x-error-policies"
	extPolicy           = "x-error-policy"
)

// policyVocabulary reads the rules the contract defines, with what each does.
func policyVocabulary(spec *openapi3.T) (map[string]string, error) {
	raw, ok := spec.Extensions[extPolicyVocabulary].(map[string]any)
	if !ok || len(raw) == 0 {
		return nil, fmt.Errorf("the contract defines no %s", extPolicyVocabulary)
	}
	out := map[string]string{}
	for rule, what := range raw {
		text, ok := what.(string)
		if !ok || strings.TrimSpace(text) == "" {
			return nil, fmt.Errorf("%s.%s must say what the rule does", extPolicyVocabulary, rule)
		}
		out[rule] = text
	}
	return out, nil
}

// callPolicies is each marked operation's rules by path template. A path whose operations disagree is
// an error: the apps' table is keyed by path.
func callPolicies(spec *openapi3.T, vocabulary map[string]string) (map[string][]string, error) {
	out := map[string][]string{}
	for _, path := range spec.Paths.InMatchingOrder() {
		for method, op := range spec.Paths.Value(path).Operations() {
			raw, ok := op.Extensions[extPolicy]
			if !ok {
				continue
			}
			list, ok := raw.([]any)
			if !ok || len(list) == 0 {
				return nil, fmt.Errorf("%s %s: %s must be a list of rules", method, path, extPolicy)
			}
			var rules []string
			for _, r := range list {
				rule, _ := r.(string)
				if _, known := vocabulary[rule]; !known {
					return nil, fmt.Errorf("%s %s: %v is not a rule of %s", method, path, r, extPolicyVocabulary)
				}
				rules = append(rules, rule)
			}
			if prev, ok := out[path]; ok && strings.Join(prev, ",") != strings.Join(rules, ",") {
				return nil, fmt.Errorf("%s: its operations have different %s", path, extPolicy)
			}
			out[path] = rules
		}
	}
	return out, nil
}

// callPoliciesTS is call-policies.ts: the vocabulary as a type, and the marked operations' rules.
func callPoliciesTS(spec *openapi3.T) ([]byte, error) {
	vocabulary, err := policyVocabulary(spec)
	if err != nil {
		return nil, err
	}
	policies, err := callPolicies(spec, vocabulary)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString(tsComment("", `What a call's failures do besides spec §8's defaults, as the contract declares it on the
operation (x-error-policy) from its vocabulary (x-error-policies). An operation that is not in
CALL_POLICIES, whatever its name, gets the defaults. Calls spec §8 names that are not built yet have no
entry until their operation exists in bff/openapi.yaml, where they are marked.`))
	b.WriteString("export type ErrorPolicyRule =\n")
	rules := sortedKeys(vocabulary)
	for i, rule := range rules {
		end := "\n"
		if i == len(rules)-1 {
			end = ";\n\n"
		}
		b.WriteString(tsComment("  ", vocabulary[rule]))
		fmt.Fprintf(&b, "  | %s%s", tsString(rule), end)
	}
	b.WriteString("/** The rules of each operation that has any, by path template under `/api/v2/{provider}`. */\n")
	b.WriteString("export const CALL_POLICIES = {\n")
	for _, path := range sortedKeys(policies) {
		quoted := make([]string, len(policies[path]))
		for i, rule := range policies[path] {
			quoted[i] = tsString(rule)
		}
		fmt.Fprintf(&b, "  %s: [%s],\n", tsString(path), strings.Join(quoted, ", "))
	}
	b.WriteString("} as const satisfies Readonly<Record<string, readonly ErrorPolicyRule[]>>;\n\n")
	b.WriteString("/** The operations that follow `rule`, by path template, as a type. */\n")
	b.WriteString("export type PathsWithPolicy<R extends ErrorPolicyRule> = {\n")
	b.WriteString("  [P in keyof typeof CALL_POLICIES]: R extends (typeof CALL_POLICIES)[P][number] ? P : never;\n")
	b.WriteString("}[keyof typeof CALL_POLICIES];\n")
	return []byte(b.String()), nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
