import type { Transporter } from 'nodemailer';

/** Letters and the SMTP transport (`ctx.mail`); modules send through `queueLetter` (jobs/letters.ts). */

/** A letter as a service hands it in. */
export interface Letter {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe), sent over SMTP. */
  headers?: Record<string, string>;
  /** Sign-in links in the text (recovery, magic, email change…): masked once sent, never shown to other staff. */
  secrets?: string[];
}

/** The SMTP transport (`ctx.mail`): only the `mail.letter` job uses it (`deliverLetter`). */
export interface Mailer {
  readonly configured: boolean;
  /** Sends now; throws when the server refuses or cannot be reached. */
  send(message: Letter): Promise<void>;
  close(): void;
}

export function createMailer(opts: { smtpUrl: string; from: string }): Mailer {
  // nodemailer loads with the first letter, not at every start (most test servers and many sites send none).
  let transport: Promise<Transporter> | undefined;
  const open = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  return {
    configured: Boolean(opts.smtpUrl),
    async send(message) {
      if (!opts.smtpUrl) throw new Error('SMTP_URL is not set');
      await (
        await open(opts.smtpUrl)
      ).sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        headers: message.headers,
      });
    },
    close() {
      void transport?.then((t) => t.close());
    },
  };
}
