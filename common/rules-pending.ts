/**
 * A check asked for in the browser before its rules arrived (the phone rules,
 * common/phone-rules.browser.ts; a form's schema, `rulesOnDemand` in app/lib/forms.ts): `ready`
 * settles when the fetch does. The forms' validation waits for it and checks again; the server
 * never throws it.
 */
export class RulesPending extends Error {
  constructor(readonly ready: Promise<void>) {
    super("the form's rules are still loading");
    this.name = "RulesPending";
  }
}
