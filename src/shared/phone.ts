/**
 * Phones (spec/foundation.md §5): a leading 8 becomes +7, non-digits are stripped, plus and 11 digits; shown as
 * +7 (XXX) XXX-XX-XX. Apart from format.ts, which every page loads: only company pages and their checks use them.
 */

/** "8 (999) 123-45-67" -> "+79991234567"; null when it is not a Russian mobile/landline number. */
export function normalizePhone(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 10) digits = '7' + digits; // written without the country code
  if (digits.length === 11 && digits[0] === '8') digits = '7' + digits.slice(1);
  return digits.length === 11 && digits[0] === '7' ? '+' + digits : null;
}

/** "+79991234567" -> "+7 (999) 123-45-67"; input that is not a valid number is returned unchanged. */
export function formatPhone(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) return input;
  const d = phone.slice(2);
  return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`;
}
