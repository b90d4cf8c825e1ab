/**
 * Key mapping between the snake_case wire format and the camelCase the dashboard works in (spec 3:
 * replies are read as camelCase, requests are sent as snake_case). Only keys change; values, even
 * strings that look like keys, are left alone.
 */

/** The characters of a string literal, as a union. */
type CharacterOf<Text extends string> = Text extends `${infer First}${infer Rest}`
  ? First | CharacterOf<Rest>
  : never;
type LowercaseLetter = CharacterOf<'abcdefghijklmnopqrstuvwxyz'>;

/** The type-level `snakeToCamel`; a plain `string` stays `string`. */
export type SnakeToCamel<Key extends string, Done extends string = ''> = string extends Key
  ? string
  : Key extends `${infer Head}_${infer Next}${infer Rest}`
    ? Next extends LowercaseLetter
      ? SnakeToCamel<Rest, `${Done}${Head}${Uppercase<Next>}`>
      : SnakeToCamel<`${Next}${Rest}`, `${Done}${Head}_`>
    : `${Done}${Key}`;

/** The type-level `camelToSnake`; a plain `string` stays `string`. */
export type CamelToSnake<Key extends string, Done extends string = ''> = string extends Key
  ? string
  : Key extends `${infer First}${infer Rest}`
    ? CamelToSnake<
        Rest,
        `${Done}${First extends Uppercase<LowercaseLetter> ? `_${Lowercase<First>}` : First}`
      >
    : Done;

type MapKeys<Value, Direction extends 'camel' | 'snake'> = Value extends readonly (infer Item)[]
  ? MapKeys<Item, Direction>[]
  : Value extends Date
    ? Value
    : Value extends object
      ? {
          [Key in keyof Value as Key extends string
            ? Direction extends 'camel'
              ? SnakeToCamel<Key>
              : CamelToSnake<Key>
            : Key]: MapKeys<Value[Key], Direction>;
        }
      : Value;

/** The type of `toCamelCase(value)` for JSON-like data. */
export type CamelCasedKeys<Value> = MapKeys<Value, 'camel'>;
/** The type of `toSnakeCase(value)` for JSON-like data. */
export type SnakeCasedKeys<Value> = MapKeys<Value, 'snake'>;

/** "first_name" → "firstName". Only an underscore before a lowercase letter is removed. */
export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z])/g, (_underscore, letter: string) => letter.toUpperCase());
}

/** "firstName" → "first_name". Every uppercase letter becomes an underscore and its lowercase. */
export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Objects made by literals or JSON.parse; class instances such as Date or Map are values, not records. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function mapKeysDeep(value: unknown, mapKey: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeysDeep(item, mapKey));
  if (!isPlainObject(value)) return value;
  // fromEntries defines own properties, so a "__proto__" key stays data instead of becoming a prototype.
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [mapKey(key), mapKeysDeep(item, mapKey)]),
  );
}

/** Maps every key of `value`, deeply through arrays and plain objects, from snake_case to camelCase. */
export function toCamelCase<Value>(value: Value): CamelCasedKeys<Value> {
  return mapKeysDeep(value, snakeToCamel) as CamelCasedKeys<Value>;
}

/** Maps every key of `value`, deeply through arrays and plain objects, from camelCase to snake_case. */
export function toSnakeCase<Value>(value: Value): SnakeCasedKeys<Value> {
  return mapKeysDeep(value, camelToSnake) as SnakeCasedKeys<Value>;
}
