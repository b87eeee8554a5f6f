/**
 * What a description says about a temperature conversion, by meaning rather than by words: which
 * units it names (`°C` is Celsius, `°F` Fahrenheit, `K` Kelvin) and which way it converts. A
 * description that names every unit but converts the wrong way ("… to Celsius", "from Fahrenheit")
 * tells the model the opposite of what the tool does.
 */

/** A unit and the ways a description may write it (case-insensitive, whole words). */
const UNIT_WORDS = {
  celsius: String.raw`celsius|centigrade|°\s?c\b|degrees?\s+c\b`,
  fahrenheit: String.raw`fahrenheit|°\s?f\b|degrees?\s+f\b`,
  kelvin: String.raw`kelvins?|°?\s?\bk\b`,
} as const;
export type Unit = keyof typeof UNIT_WORDS;

const unit = (name: Unit): RegExp => new RegExp(`(${UNIT_WORDS[name]})`, 'i');

/** Whether the description names `name` at all, in any of its spellings. */
export const names = (description: string, name: Unit): boolean => unit(name).test(description);

const TARGET = String.raw`(?:to|into|as|→|->)\s+(?:degrees?\s+)?`;
const SOURCE_BEFORE = String.raw`(?:from|in)\s+(?:degrees?\s+)?`;
const FROM = String.raw`from\s+(?:degrees?\s+)?`;
const SOURCE_AFTER = String.raw`\s*(?:to|into|→|->)\s`;

/** The description marks `name` as what the tool converts to ("to Kelvin", "→ °F"). */
export const asTarget = (description: string, name: Unit): boolean =>
  new RegExp(`${TARGET}(${UNIT_WORDS[name]})`, 'i').test(description);

/**
 * The description marks `name` as what the value is ("from Celsius", "°C to …", "a Celsius value",
 * "given in Celsius"); `loose` also counts "in Celsius", which may as well name a result ("gives it
 * back in kelvin").
 */
export function asSource(description: string, name: Unit, loose = false): boolean {
  const words = UNIT_WORDS[name];
  return (
    new RegExp(`${loose ? SOURCE_BEFORE : FROM}(${words})`, 'i').test(description) ||
    new RegExp(`(${words})${SOURCE_AFTER}`, 'i').test(description) ||
    new RegExp(`(${words})\\s+(value|temperature|reading|input)\\b`, 'i').test(description) ||
    new RegExp(`(given|measured|expressed|written)\\s+(in\\s+)?(degrees?\\s+)?(${words})`, 'i').test(description)
  );
}

/**
 * What is wrong with a description of a conversion from Celsius to Fahrenheit and Kelvin, or null:
 * Celsius must be named as the value's unit (and not as a target), each target named, and no
 * target named as the value's unit.
 */
export function celsiusConversionProblem(description: string): string | null {
  if (!names(description, 'celsius')) return 'it does not say the value is in Celsius.';
  if (asTarget(description, 'celsius') && !asSource(description, 'celsius', true))
    return 'it names Celsius as what the tool converts to, not as the unit of the value it is given.';
  if (!asSource(description, 'celsius', true))
    return 'it names Celsius, but not as the unit of the value ("from Celsius", "a value in °C", "Celsius to …").';
  const wrongWay = (['fahrenheit', 'kelvin'] as const).filter((u) => asSource(description, u));
  if (wrongWay.length)
    return `it names ${wrongWay.join(' and ')} as the unit of the value, where the tool converts to it.`;
  return null;
}
