import type { bookingFactsJa } from "./facts.ja";

export const bookingFactsEn: Record<keyof typeof bookingFactsJa, string> = {
  "facts.title": "Good to know for your rental",
  "facts.passengers": "Passengers",
  "facts.passengersCount#one": "{count} person",
  "facts.passengersCount#other": "{count} people",
  "facts.passengersUnset": "Not given",
  "facts.included": "The total includes",
  "facts.includedBase": "The rental, the options you chose and consumption tax",
  "facts.cdwIncluded": "Collision damage waiver (CDW): included ({fee})",
  "facts.cdwNotIncluded":
    "Collision damage waiver (CDW): not included. If the car is damaged, you pay the insurance excess.",
  "facts.excluded": "The total does not include",
  "facts.noc":
    "The loss-of-use charge (NOC, non-operation charge): if the car is damaged or soiled so that it cannot be rented out, you pay {drivable} at the store if it can still be driven, or {notDrivable} if it cannot. It applies even with the damage waiver.",
  "facts.nocCovered": "Loss-of-use charge (NOC): covered by {option}",
  "facts.cancel": "Cancellation policy",
  "facts.cancelNote": "The cancellation fee is a share of the reservation's total.",
  "facts.faq.when": "When you cancel",
  "facts.faq.fee": "Fee",
  "facts.bring": "What to bring at pick-up",
  "facts.bringLead": "The driver brings:",
  "facts.bringOneOf": "If you live abroad or drive on a licence from abroad, bring one of these:",
  "facts.bring.licence": "Your driving licence (the original, valid on the day)",
  "facts.bring.idp": "Your passport and your International Driving Permit (1949 Geneva Convention)",
  "facts.bring.translation":
    "Your passport, your licence (the original) and its official Japanese translation by JAF or your embassy or consulate (for licences from Switzerland, Germany, France, Belgium, Monaco, Taiwan, Estonia and a few other places)",
  "facts.bringNote": "A licence from abroad alone is not enough to drive in Japan.",
  "facts.mail.heading": "■ {title}",
  "facts.mail.item": "- {text}",
};
