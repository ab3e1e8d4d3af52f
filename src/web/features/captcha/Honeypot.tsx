/**
 * The sign-up honeypot: a field moved off-screen and hidden from assistive technology, so a person never fills it;
 * form-filling bots do, and the server refuses them (modules/captcha).
 */
export function Honeypot() {
  return (
    <div
      aria-hidden="true"
      style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
