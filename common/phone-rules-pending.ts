/**
 * A phone check asked for in the browser before its rules arrived (common/phone-rules.browser.ts):
 * `ready` settles when the fetch does. The forms' validation waits for it and checks again
 * (app/lib/forms.ts); the server never throws it.
 */
export class PhoneRulesPending extends Error {
  constructor(readonly ready: Promise<void>) {
    super("the phone rules are still loading");
    this.name = "PhoneRulesPending";
  }
}
