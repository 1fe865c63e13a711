import type { passwordJa } from "./password.ja";

export const passwordEn: Record<keyof typeof passwordJa, string> = {
  "pwreset.request.title": "Reset your password",
  "pwreset.request.lead":
    "Enter the e-mail address you registered with. We will send you a link to set a new password.",
  "pwreset.request.storeNote":
    "Registered at one of our stores? Set your first password here: we will e-mail you a link to set it.",
  "pwreset.request.email": "Email",
  "pwreset.request.submit": "Send",
  "pwreset.backToLogin": "Back to log in",
  "pwreset.sent.title": "Check your e-mail",
  "pwreset.sent.lead":
    "If this address is registered, we have sent it a link to set your password. The link is valid for 1 hour.",
  "pwreset.sent.spam": "If the e-mail does not arrive, please check your spam folder.",
  "pwreset.reset.title": "Set a new password",
  "pwreset.reset.lead": "Enter your new password. Then log in with it.",
  "pwreset.reset.password": "New password",
  "pwreset.reset.confirm": "New password (confirmation)",
  "pwreset.reset.submit": "Set password",
  "pwreset.invalid.title": "This link cannot be used",
  "pwreset.invalid.requestAgain": "Request a new link",
  "pwreset.flash.done": "Your password has been set. Please log in with your new password.",
  "pwreset.mail.subject": "[{site}] Resetting your password",
  "pwreset.mail.body":
    "Thank you for using {site}.\n\nWe received a request to reset your password. Set a new password with this link:\n\n{link}\n\nThe link is valid for 1 hour and can be used once.\nIf you did not ask for this, please ignore this e-mail: your password will not change.",
  "pwreset.mail.firstSubject": "[{site}] Set your first password",
  "pwreset.mail.firstBody":
    "Thank you for using {site}.\n\nYou were registered at one of our stores. Set your first password with this link, then log in with this e-mail address and that password:\n\n{link}\n\nThe link is valid for 1 hour and can be used once.\nIf you did not ask for this, please ignore this e-mail.",
};
