/**
 * How long a form takes no second submit after an answer: a double tap's second tap lands after a
 * quick answer, and would send the form again (a wrong password counted twice against its limit) or
 * send the emptied form (a deposit's success followed by "Amount is required").
 */
export const SETTLE_MS = 800;
