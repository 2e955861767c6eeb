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
