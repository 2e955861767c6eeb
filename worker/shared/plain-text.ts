/**
 * Control characters (NUL, CR, LF, the other C0 and C1 codes, and Unicode's line and paragraph
 * separators) never reach a record: a name or an email with a line break could otherwise end up
 * as an extra header of an email or a second line of a WhatsApp template parameter. Free text of
 * several lines (notes, an address, a campaign) keeps its line breaks and tabs, nothing else.
 */
import * as z from 'zod/mini';

export const plainTextMessage = 'Please remove line breaks and other special characters from this field.';

const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
const isLineBreakOrTab = (code: number) => code === 0x0a || code === 0x0d || code === 0x09;

/** One line: no control character at all. */
export const singleLine = (message = plainTextMessage) =>
  z.refine<string>((value: string) => ![...value].some((char) => isControl(char.codePointAt(0) ?? 0)), message);

/** Several lines: line breaks and tabs, but no other control character. */
export const multiLine = (message = plainTextMessage) =>
  z.refine<string>((value: string) => {
    return ![...value].some((char) => {
      const code = char.codePointAt(0) ?? 0;
      return isControl(code) && !isLineBreakOrTab(code);
    });
  }, message);

/** A line of text, trimmed, of `min` to `max` characters; a refusal of either says `message`. */
export const lineOf = (min: number, max: number, message: string) =>
  z.string({ error: message }).check(singleLine(), z.trim(), z.minLength(min, message), z.maxLength(max, message));

/** Text of several lines, trimmed, of `min` to `max` characters (`tooLong` past the end, else `message`). */
export const linesOf = (min: number, max: number, message: string, tooLong = message) =>
  z.string({ error: message }).check(multiLine(), z.trim(), z.minLength(min, message), z.maxLength(max, tooLong));

/** A whole number from `min` to `max`; a refusal says `message`. */
export const intFrom = (min: number, max: number, message: string) =>
  z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, message));

/** A string taken as it is typed (a token, a password, an id): 1 to `max` characters. */
export const filled = (max: number, message: string) =>
  z.string({ error: message }).check(z.minLength(1, message), z.maxLength(max));
