// A seat's legal list as the server sends it (docs/protocol.md, "Choices"): complete commands,
// and choices with one field left open, {type: "range", command, field, min, max} (every whole
// number from min to max) or {type: "one_of", command, field, values}. A command built from a
// choice with any of its values is accepted, so no rules are needed here.

export const isChoice = (entry) => Boolean(entry) && (entry.type === "range" || entry.type === "one_of");

/** Every value a choice's field may take. */
export function choiceValues(choice) {
  if (choice.type === "one_of") return choice.values;
  const values = [];
  for (let v = choice.min; v <= choice.max; v += 1) values.push(v);
  return values;
}

/** The choice's command with its open field set to `value`. */
export const withValue = (choice, value) => ({ ...choice.command, [choice.field]: value });

/** Every complete command the list holds, a choice giving one per value. */
export function expandChoices(legal) {
  return legal.flatMap((entry) => (isChoice(entry) ? choiceValues(entry).map((v) => withValue(entry, v)) : [entry]));
}
